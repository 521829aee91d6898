import {
  DIGEST,
  type MailKind,
  type NotificationKind,
  type NotificationPreference,
} from '@app/shared/notifications/notification.schemas';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, clients, influencers, notificationPreferences, notifications, users } from '../../db/schema.ts';
import { type Cursor, cursorTime, newestFirst, olderThan } from '../../lib/cursor.ts';
import { MESSAGES } from '../push/push.service.ts';

type Conn = Db | Tx;
export type Party = { role: 'client' | 'influencer'; profileId: string };

const DTO = {
  id: notifications.id,
  kind: notifications.kind,
  subject: notifications.subject,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export function createNotificationsRepository(db: Db) {
  return {
    /** The people behind profile ids (account, name, address), in the event's transaction. */
    async people(tx: Conn, parties: Party[]) {
      const ids = (role: Party['role']) => parties.filter((p) => p.role === role).map((p) => p.profileId);
      const [clientIds, influencerIds] = [ids('client'), ids('influencer')];
      const fromClients = clientIds.length
        ? await tx
            .select({
              profileId: clients.id,
              userId: clients.userId,
              name: clients.name,
              email: users.email,
              language: users.language,
            })
            .from(clients)
            .innerJoin(users, eq(users.id, clients.userId))
            .where(inArray(clients.id, clientIds))
        : [];
      const fromInfluencers = influencerIds.length
        ? await tx
            .select({
              profileId: influencers.id,
              userId: influencers.userId,
              name: influencers.name,
              email: users.email,
              language: users.language,
            })
            .from(influencers)
            .innerJoin(users, eq(users.id, influencers.userId))
            .where(inArray(influencers.id, influencerIds))
        : [];
      return [
        ...fromClients.map((p) => ({ ...p, role: 'client' as const })),
        ...fromInfluencers.map((p) => ({ ...p, role: 'influencer' as const })),
      ];
    },

    async campaignTitle(tx: Conn, campaignId: string): Promise<string | null> {
      const [row] = await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, campaignId));
      return row?.title ?? null;
    },

    /** The choices stored for these people and one kind (no row: every channel on). */
    async choices(tx: Conn, userIds: string[], kind: NotificationKind) {
      if (!userIds.length) return new Map<string, { inApp: boolean; mail: boolean }>();
      const rows = await tx
        .select({
          userId: notificationPreferences.userId,
          inApp: notificationPreferences.inApp,
          mail: notificationPreferences.mail,
        })
        .from(notificationPreferences)
        .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)));
      return new Map(rows.map((r) => [r.userId, { inApp: r.inApp, mail: r.mail }]));
    },

    async insert(tx: Tx, row: { userId: string; kind: NotificationKind; subject: string; link: string }) {
      const [created] = await tx.insert(notifications).values(row).returning(DTO);
      return created!;
    },

    async page(f: { userId: string; cursor: Cursor | null; limit: number }) {
      return db
        .select({ ...DTO, cursorAt: cursorTime(notifications.createdAt) })
        .from(notifications)
        .where(and(eq(notifications.userId, f.userId), olderThan(notifications.createdAt, notifications.id, f.cursor)))
        .orderBy(...newestFirst(notifications.createdAt, notifications.id))
        .limit(f.limit + 1);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Only the person's own: another's id is "none" (the caller answers 404, as for one that does not exist). */
    async markRead(userId: string, id: string, now: Date): Promise<'read' | 'already' | 'none'> {
      const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
      const [row] = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (row) return 'read';
      const [found] = await db.select({ id: notifications.id }).from(notifications).where(mine);
      return found ? 'already' : 'none';
    },

    async markAllRead(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async preferences(userId: string) {
      return db
        .select({
          kind: notificationPreferences.kind,
          inApp: notificationPreferences.inApp,
          mail: notificationPreferences.mail,
          push: notificationPreferences.push,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    /** Every kind's choice, and the digest's when given (its row: `mail` is the choice, `in_app` unused). */
    async savePreferences(
      userId: string,
      items: NotificationPreference[],
      now: Date,
      digest?: boolean,
      messagesPush?: boolean,
    ) {
      const rows = items.map((i) => ({
        userId,
        kind: i.kind as string,
        inApp: i.inApp,
        mail: i.mail,
        push: i.push,
        updatedAt: now,
      }));
      if (digest !== undefined)
        rows.push({ userId, kind: DIGEST, inApp: false, mail: digest, push: false, updatedAt: now });
      // Chat messages' row: only its `push` is read (decision 040).
      if (messagesPush !== undefined) {
        rows.push({ userId, kind: MESSAGES, inApp: false, mail: false, push: messagesPush, updatedAt: now });
      }
      await db
        .insert(notificationPreferences)
        .values(rows)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { inApp: sql`excluded.in_app`, mail: sql`excluded.mail`, push: sql`excluded.push`, updatedAt: now },
        });
    },

    /** The one-click unsubscribe: this kind's mail off, the in-app choice kept. */
    async mailOff(userId: string, kind: MailKind, now: Date): Promise<boolean> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) return false;
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, mail: false, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail: false, updatedAt: now },
        });
      return true;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
