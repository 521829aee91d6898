// Web Push (issue 24 §4, decision 040): a person's devices that agreed to it, and the pushes sent to them. A push is a
// job (written in the event's transaction, sent after commit, off the request); the job reads the person's choice
// for the kind, keeps to one push per topic (a chat, an order) per minute, and forgets a device the push service
// says is gone (404/410).
import type { NotificationKind } from '@app/shared/notifications/notification.schemas';
import type { PushPayload, PushSubscriptionInput } from '@app/shared/notifications/push.schemas';
import { and, eq, exists, inArray, lt, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences, pushSent, pushSubscriptions, users } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../auth/auth.service.ts';

/** The preference row that holds the push choice for chat messages (they are no kind of notification). */
export const MESSAGES = 'message';
export const COALESCE_MS = 60_000;

/** What to push to one person; `kind` names the preference that allows it. */
export type PushRequest = {
  userId: string;
  kind: NotificationKind | typeof MESSAGES;
  /** At most one push per person and topic per minute (`chat:<id>`, the order's link). */
  topic: string;
  payload: PushPayload;
};

/** The push services of the browsers people use (production accepts only these: the server POSTs to the endpoint). */
const PUSH_SERVICES = [
  /(^|\.)googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];

/** "Chrome on Android" from a User-Agent, for Settings to tell one's devices apart. */
export function deviceLabel(ua: string | undefined): string {
  const s = ua ?? '';
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /Firefox\//.test(s)
      ? 'Firefox'
      : /Chrome\//.test(s)
        ? 'Chrome'
        : /Safari\//.test(s)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(s)
    ? 'Android'
    : /iPhone|iPad/.test(s)
      ? 'iOS'
      : /Mac OS X/.test(s)
        ? 'macOS'
        : /Windows/.test(s)
          ? 'Windows'
          : /Linux/.test(s)
            ? 'Linux'
            : 'a device';
  return `${browser} on ${os}`;
}

export function createPushService(deps: {
  db: Db;
  jobs: JobRunner;
  keys: { publicKey: string; privateKey: string; subject: string };
  /** Production: only the known push services' endpoints are accepted. */
  anyEndpoint: boolean;
  log: { warn: (o: object, m: string) => void };
}) {
  const { db, keys } = deps;
  const clock = deps.jobs.clock;
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  /** Whether the person wants pushes of this kind (no row: yes), and their language. */
  async function wants(userId: string, kind: string): Promise<boolean> {
    const [row] = await db
      .select({ push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
    return row?.push ?? true;
  }

  /** Claims the topic's minute: true for the first push in a minute, false for the ones coalesced into it. */
  async function claim(userId: string, topic: string, now: Date): Promise<boolean> {
    const rows = await db
      .insert(pushSent)
      .values({ userId, topic, sentAt: now })
      .onConflictDoUpdate({
        target: [pushSent.userId, pushSent.topic],
        set: { sentAt: now },
        setWhere: lt(pushSent.sentAt, new Date(now.getTime() - COALESCE_MS)),
      })
      .returning({ userId: pushSent.userId });
    return rows.length > 0;
  }

  async function deliver(r: PushRequest): Promise<{ sent: number; gone: number }> {
    if (!(await wants(r.userId, r.kind))) return { sent: 0, gone: 0 };
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, r.userId));
    if (!devices.length) return { sent: 0, gone: 0 };
    if (!(await claim(r.userId, r.topic, clock()))) return { sent: 0, gone: 0 };
    let sent = 0;
    let gone = 0;
    const body = JSON.stringify(r.payload);
    for (const d of devices) {
      // web-push writes the request (VAPID signature, RFC 8291 encryption); fetch sends it, so a local push service
      // on plain http (the tests', the e2e's) is reached the same way as the browsers' https ones.
      const req = webpush.generateRequestDetails(
        { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
        body,
        {
          vapidDetails,
          TTL: 24 * 3600,
          urgency: 'high',
        },
      );
      const status = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (res) => res.status,
        () => 0,
      );
      if (status >= 200 && status < 300) {
        sent++;
        await db.update(pushSubscriptions).set({ lastSuccessAt: clock() }).where(eq(pushSubscriptions.id, d.id));
      } else if (status === 404 || status === 410) {
        gone++;
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, d.id));
      } else {
        // Not retried: the other devices got it; one missed push is better than a repeated one.
        deps.log.warn({ status, subscription: d.id }, 'push: the push service did not take a push');
      }
    }
    return { sent, gone };
  }

  const job = deps.jobs.define<PushRequest>('push.send', async ({ job }) => void (await deliver(job.payload)), {
    maxAttempts: 1,
  });

  return {
    publicKey: keys.publicKey,
    deliver,

    /** Queues pushes; with `tx`, they leave only if the change they report commits. */
    async queue(requests: PushRequest[], tx?: Tx | Db) {
      for (const r of requests) await job.enqueue(r, { tx });
    },

    async subscribe(actor: Actor, input: PushSubscriptionInput, userAgent: string | undefined) {
      const host = new URL(input.endpoint).hostname;
      const https = input.endpoint.startsWith('https://');
      if (!deps.anyEndpoint && !(https && PUSH_SERVICES.some((p) => p.test(host)))) {
        throw new AppError(
          'PUSH_SERVICE_UNKNOWN',
          'This browser’s push service is not supported. Try Chrome, Edge, Firefox or Safari.',
          400,
        );
      }
      const row = {
        userId: actor.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: deviceLabel(userAgent),
        createdAt: clock(),
      };
      // The endpoint is a secret only its browser holds: a browser signed in to another account now moves to this
      // one, so a shared device never shows the previous person's messages.
      await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            label: row.label,
          },
        });
      return { subscribed: true };
    },

    /** Only the caller's own: another's endpoint is "not found", as one that does not exist. */
    async unsubscribe(actor: Actor, endpoint: string) {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.userId)))
        .returning({ id: pushSubscriptions.id });
      if (!rows.length) {
        throw new AppError('NOT_FOUND', 'This device is not subscribed to push for your account.', 404);
      }
      return { subscribed: false };
    },

    /** The language each person reads (for the pushes' texts). */
    /**
     * Of these people, those with at least one device that takes pushes, and their language: one indexed query for a
     * batch of chat messages, so a message to someone without a device queues no job (most people, and every
     * message of a busy chat: issue 28 §1).
     */
    async reachable(userIds: string[]) {
      if (!userIds.length) return new Map<string, string | null>();
      const rows = await db
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(
          and(
            inArray(users.id, userIds),
            exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, users.id))),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.language]));
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
