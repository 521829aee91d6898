// The daily digest (issue 24 §2): each morning in Tbilisi, the notifications a person has not read, from the last
// week and at least an hour old (someone on the site reads them sooner), in one mail, unless they turned it off.
// Each notification is in at most one digest: the rows are marked in the transaction that queues the mail, so two
// instances or a retried run never send it twice.

import { languageOr } from '@app/shared/i18n/language';
import { DIGEST } from '@app/shared/notifications/notification.schemas';
import { and, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, influencers, notificationPreferences, notifications, users } from '../../db/schema.ts';
import { DIGEST_LINES, digestMail } from '../../integrations/mail/digest-mail.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const HOUR = 3_600_000;
/** Older ones were missed for long enough that a summary of them says nothing useful. */
const OLDEST_MS = 7 * 24 * HOUR;
/** People whose digest is sent per round of the run. */
const BATCH = 200;

export function createNotificationsDigest(deps: {
  db: Db;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  clock: () => Date;
}) {
  const { db } = deps;
  const waiting = (now: Date) =>
    and(
      isNull(notifications.readAt),
      isNull(notifications.digestedAt),
      lte(notifications.createdAt, new Date(now.getTime() - HOUR)),
      gt(notifications.createdAt, new Date(now.getTime() - OLDEST_MS)),
    );
  // Who wants it: no "digest off" choice, and an account that is still open.
  const wanted = and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.userId, notifications.userId),
            eq(notificationPreferences.kind, DIGEST),
            eq(notificationPreferences.mail, false),
          ),
        ),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(clients)
        .where(and(eq(clients.userId, notifications.userId), eq(clients.isActive, false))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(influencers)
        .where(and(eq(influencers.userId, notifications.userId), eq(influencers.isActive, false))),
    ),
  );

  /** One person's digest: their waiting rows marked, and the mail queued, in one transaction. */
  async function sendOne(userId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(notifications)
        .set({ digestedAt: now })
        .where(and(eq(notifications.userId, userId), waiting(now)))
        .returning({ subject: notifications.subject, link: notifications.link, createdAt: notifications.createdAt });
      if (!rows.length) return false;
      const [person] = await tx
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (!person) return false;
      rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      await deps.mailer.send(
        digestMail({
          to: person.email,
          name: person.name,
          language: languageOr(person.language),
          items: rows.slice(0, DIGEST_LINES).map((r) => ({ subject: r.subject, url: `${deps.publicUrl}${r.link}` })),
          total: rows.length,
          url: `${deps.publicUrl}/notifications`,
          unsubscribeUrl: deps.tokens.url(userId, DIGEST),
        }),
        { tx },
      );
      return true;
    });
  }

  /** Sends every digest due now; answers how many mails were queued. */
  async function run(): Promise<{ sent: number }> {
    const now = deps.clock();
    let sent = 0;
    for (;;) {
      const people = await db
        .selectDistinct({ userId: notifications.userId })
        .from(notifications)
        .where(and(waiting(now), wanted))
        .limit(BATCH);
      if (!people.length) return { sent };
      for (const { userId } of people) if (await sendOne(userId, now)) sent++;
    }
  }

  return { run };
}

/** Every morning at 9 in Tbilisi, when people start their day. */
export function defineDigestJob(
  jobs: JobRunner,
  digest: ReturnType<typeof createNotificationsDigest>,
  log: { info: (o: object, m: string) => void },
) {
  jobs.define(
    'notifications.digest',
    async () => {
      const result = await digest.run();
      log.info(result, 'notifications: daily digests queued');
    },
    { maxAttempts: 3, leaseMs: 30 * 60_000 },
  );
  jobs.schedule('notifications-digest', { cron: '0 9 * * *', tz: 'Asia/Tbilisi' }, 'notifications.digest');
}
