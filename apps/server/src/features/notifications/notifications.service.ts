import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { languageOr } from '@app/shared/i18n/language';
import {
  DIGEST,
  NOTIFICATION_KINDS,
  type NotificationDto,
  type NotificationKind,
  type NotificationPreference,
  type notificationListQuery,
} from '@app/shared/notifications/notification.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { NoticeFacts, NoticeText } from '../../integrations/mail/notice-texts.ts';
import { greeting, noticeMail } from '../../integrations/mail/templates.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { decodeCursor, pageFrom } from '../../lib/cursor.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { Actor } from '../auth/auth.service.ts';
import { MESSAGES, type PushRequest } from '../push/push.service.ts';
import type { NotificationsRepository, Party } from './notifications.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * An event other features announce, in their own transaction (issue 24 §1, §2): the live frame goes to every party at
 * commit (so each open screen refetches), and each person in `tell` gets a row in their notification centre and,
 * when the text has a body, a mail, as their choices for the kind allow. A rollback takes all of it back.
 */
export type Announcement = {
  kind: NotificationKind;
  /** The campaign it concerns (its title for the texts; the link's default). */
  campaignId?: string;
  /** The screen it concerns, an app path; default the campaign's page. */
  link?: string;
  /** Whose screens follow: both parties of an order, also the one who acted (their other tabs). */
  parties: Party[];
  frame: ServerFrame;
  /** Who is told, and what. */
  tell: { to: Party; text: (f: NoticeFacts) => NoticeText | null }[];
  /** Who caused it (their own frames carry it). */
  actorUserId?: string | null;
};
export type Announce = (tx: Tx, a: Announcement) => Promise<void>;
/** Queues Web Push requests in a transaction (features/push, decision 040). */
export type QueuePush = (requests: PushRequest[], tx?: Tx) => Promise<void>;

const toDto = (r: {
  id: string;
  kind: string;
  subject: string;
  link: string;
  readAt: Date | null;
  createdAt: Date;
}): NotificationDto => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  subject: r.subject,
  link: r.link,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export function createNotificationsService(deps: {
  db: Db;
  repo: NotificationsRepository;
  hub: RealtimeHub;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  clock: () => Date;
  push?: QueuePush;
}) {
  const { repo, hub, clock } = deps;

  const announce: Announce = async (tx, a) => {
    const people = await repo.people(tx, [...a.parties, ...a.tell.map((t) => t.to)]);
    const userOf = (p: Party) => people.find((x) => x.role === p.role && x.profileId === p.profileId);
    const audience = [...new Set(a.parties.map(userOf).flatMap((u) => (u ? [u.userId] : [])))];
    if (audience.length) await hub.publish(audience, a.frame, a.actorUserId ?? undefined, tx);
    if (!a.tell.length) return;

    const title = a.campaignId ? ((await repo.campaignTitle(tx, a.campaignId)) ?? '') : '';
    const facts: Omit<NoticeFacts, 'language'> = {
      campaignTitle: title,
      clientName: people.find((p) => p.role === 'client')?.name ?? '',
      influencerName: people.find((p) => p.role === 'influencer')?.name ?? '',
    };
    const link = a.link ?? (a.campaignId ? `/campaigns/${a.campaignId}` : '/notifications');
    const told = a.tell.flatMap((t) => {
      const u = userOf(t.to);
      return u ? [{ u, t }] : [];
    });
    const choices = await repo.choices(
      tx,
      told.map(({ u }) => u.userId),
      a.kind,
    );
    const pushes: PushRequest[] = [];
    for (const { u, t } of told) {
      // In the reader's language (decision 034): the centre keeps the line as written.
      const language = languageOr(u.language);
      const text = t.text({ ...facts, language });
      if (!text) continue;
      const choice = choices.get(u.userId) ?? { inApp: true, mail: true };
      if (choice.inApp) {
        const row = await repo.insert(tx, { userId: u.userId, kind: a.kind, subject: text.subject, link });
        await hub.publish([u.userId], { type: 'notification.created', notification: toDto(row) }, undefined, tx);
      }
      if (choice.mail && text.body) {
        await deps.mailer.send(
          noticeMail({
            to: u.email,
            subject: text.subject,
            body: `${greeting(language, u.name)} ${text.body}`,
            language,
            url: `${deps.publicUrl}${link}`,
            action: text.action,
            unsubscribeUrl: deps.tokens.url(u.userId, a.kind),
          }),
          { tx },
        );
      }
      // The push job reads the person's push choice when it runs; one per order screen per minute.
      pushes.push({
        userId: u.userId,
        kind: a.kind,
        topic: link,
        payload: { title: facts.campaignTitle || 'Influence', body: text.subject, link, tag: link },
      });
    }
    if (pushes.length) await deps.push?.(pushes, tx);
  };

  return {
    announce,

    /** Whether a person takes mail of this kind (the order's own mails ask before they are written). */
    async wantsMail(tx: Tx, userId: string, kind: NotificationKind): Promise<boolean> {
      return (await repo.choices(tx, [userId], kind)).get(userId)?.mail ?? true;
    },

    async list(actor: Actor, query: z.output<typeof notificationListQuery>) {
      const rows = await repo.page({ userId: actor.userId, cursor: decodeCursor(query.cursor), limit: query.limit });
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.cursorAt, id: r.id }));
      return {
        items: page.items.map(({ cursorAt: _, ...r }) => toDto(r)),
        nextCursor: page.nextCursor,
        unread: await repo.unreadCount(actor.userId),
      };
    },

    unreadCount: async (actor: Actor) => ({ count: await repo.unreadCount(actor.userId) }),

    /** Another person's notification is "not found", as one that does not exist. */
    async markRead(actor: Actor, id: string) {
      const result = await repo.markRead(actor.userId, id, clock());
      if (result === 'none') throw notFound('Notification');
      // The person's other tabs and devices count down too.
      if (result === 'read') await hub.publish([actor.userId], { type: 'notifications.read' });
      return { count: await repo.unreadCount(actor.userId) };
    },

    async markAllRead(actor: Actor) {
      if ((await repo.markAllRead(actor.userId, clock())) > 0) {
        await hub.publish([actor.userId], { type: 'notifications.read' });
      }
      return { count: 0 };
    },

    async preferences(actor: Actor) {
      const stored = new Map((await repo.preferences(actor.userId)).map((p) => [p.kind, p]));
      return {
        items: NOTIFICATION_KINDS.map((kind): NotificationPreference => {
          const p = stored.get(kind);
          return { kind, inApp: p?.inApp ?? true, mail: p?.mail ?? true, push: p?.push ?? true };
        }),
        // The digest is a kind of mail only: its row's `mail` is the choice (decision 032).
        digest: stored.get(DIGEST)?.mail ?? true,
        // New chat messages: a push choice only (their row's `push`).
        messagesPush: stored.get(MESSAGES)?.push ?? true,
      };
    },

    async savePreferences(actor: Actor, items: NotificationPreference[], digest?: boolean, messagesPush?: boolean) {
      await repo.savePreferences(actor.userId, items, clock(), digest, messagesPush);
      return this.preferences(actor);
    },

    /** The mail's one-click unsubscribe (RFC 8058): no session; the signed token names the person and the kind. */
    async unsubscribe(token: string) {
      const who = deps.tokens.read(token);
      if (!who || !(await repo.mailOff(who.userId, who.kind, clock()))) {
        throw new AppError(
          'UNSUBSCRIBE_LINK_INVALID',
          'This unsubscribe link is not valid. Choose which mails you get in Settings → Notifications.',
          400,
        );
      }
      return { kind: who.kind };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
