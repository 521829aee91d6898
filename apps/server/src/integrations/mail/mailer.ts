import type { Db, Tx } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { createMailOutboxRepository, type OutboxRow } from './mail-outbox.repository.ts';
import { createSmtpRelay, longestAttemptMs, RFC_5321_TIMEOUTS, type SmtpTimeouts } from './smtp-relay.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one-click unsubscribe address (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  listUnsubscribe?: string;
};
export type SendOptions = {
  /** Write the mail in the caller's transaction: it goes out only if the change commits. */ tx?: Tx;
};
export type Mailer = { kind: 'local' | 'smtp'; send: (mail: Mail, opts?: SendOptions) => Promise<void> };

export const MAIL_DELIVER = 'mail.deliver';
/** Mail sent over SMTP carries links that sign people in and, later, receipts: it is not kept longer than this. */
export const SENT_MAIL_RETENTION_DAYS = 7;
/** How long a mail the relay may have is left before its one re-send (MAIL_RESEND_AFTER_MINUTES). */
export const DEFAULT_RESEND_AFTER_MS = 30 * 60_000;
/** The lease outlives the longest attempt by this much: the database round trips around the SMTP conversation. */
const LEASE_MARGIN_MS = 5 * 60_000;

/** The same on every attempt and the re-send, so a receiver (or a person) can tell a second copy for what it is. */
export const messageIdOf = (outboxId: string) => `<${outboxId}@influence.mail>`;

/**
 * Mail never leaves inside a request: send() writes it to mail_outbox and enqueues a `mail.deliver` job in the
 * same transaction; the job delivers it over SMTP (SMTP_URL). Without SMTP_URL the outbox *is* the local mailbox
 * (/dev/mailbox) and the job only marks the mail delivered. Tests point SMTP_URL at a real smtp-server.
 *
 * Delivery is at least once with a stable Message-ID, and exactly once unless an attempt handed the body over and
 * never heard back (decision 028):
 * - the attempt is recorded (`sending`) before the SMTP conversation, and the moment the body starts to go out;
 * - the relay's acceptance is recorded first thing after it answers;
 * - a failure before the body left is retried with backoff (20 attempts, about 14 hours): the relay cannot have it;
 * - an attempt that handed the body over and got no answer (a timeout, a lost connection, or a run that finds a
 *   `sending` row whose body had started: its runner died) is `maybe_sent`: sent once more after `resendAfterMs`
 *   with the same Message-ID, and if that ends the same way, `unconfirmed`, and never again.
 */
export function createMailer(deps: {
  db: Db;
  jobs: JobRunner;
  smtpUrl: string | null;
  from: string;
  /** The RFC's by default; tests shorten them. */
  smtpTimeouts?: Partial<SmtpTimeouts>;
  resendAfterMs?: number;
}): Mailer {
  const outbox = createMailOutboxRepository(deps.db);
  const clock = deps.jobs.clock;
  const timeouts = { ...RFC_5321_TIMEOUTS, ...deps.smtpTimeouts };
  const resendAfterMs = deps.resendAfterMs ?? DEFAULT_RESEND_AFTER_MS;
  const relay = deps.smtpUrl ? createSmtpRelay(deps.smtpUrl, timeouts) : null;

  /** One re-send, after the delay, with its own job (the current one ends): the backoff is for certain failures. */
  const recordMaybeSent = (id: string, fence: number, error: string) =>
    deps.db.transaction(async (tx) => {
      const resendAt = new Date(clock().getTime() + resendAfterMs);
      const status = await outbox.markMaybeSent(tx, id, fence, error, resendAt);
      if (status === 'maybe_sent')
        await deliver.enqueue({ outboxId: id }, { tx, runAt: resendAt, dedupeKey: `mail.resend:${id}` });
    });

  /** Whether this run may start an attempt on the row as read, after recording what an earlier run left behind. */
  async function mayAttempt(row: OutboxRow): Promise<boolean> {
    switch (row.status) {
      case 'queued':
        return true;
      case 'maybe_sent': // the re-send job runs at resendAt; an earlier run of the first job leaves it alone
        return !row.resendAt || row.resendAt <= clock();
      case 'sending':
        if (!row.bodyStartedAt) return true; // it died before the body left: the relay cannot have it
        await recordMaybeSent(
          row.id,
          row.attempts,
          `The attempt started at ${row.attemptStartedAt?.toISOString()} handed the body to the relay at ` +
            `${row.bodyStartedAt.toISOString()} and recorded no answer (its runner stopped or lost the job)`,
        );
        return false;
      default: // sent, failed, unconfirmed
        return false;
    }
  }

  const deliver = deps.jobs.define<{ outboxId: string }>(
    MAIL_DELIVER,
    async ({ job, attempt, signal }) => {
      const row = await outbox.get(job.payload.outboxId);
      if (!row) return; // forgotten after the retention
      if (!relay) {
        if (row.status !== 'sent') await outbox.markDelivered(row.id, clock());
        return;
      }
      if (!(await mayAttempt(row))) return;
      const fence = await outbox.claim(row, clock());
      if (fence === null) return; // another run changed it between the read and the claim

      const outcome = await relay.send(
        {
          from: deps.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          listUnsubscribe: row.listUnsubscribe,
          messageId: messageIdOf(row.id),
          date: row.createdAt,
        },
        { signal, beforeBody: () => outbox.startBody(row.id, fence, clock()) },
      );
      switch (outcome.kind) {
        case 'accepted':
          return outbox.markSent(row.id, clock(), outcome.response);
        case 'withdrawn': // a later run took the mail over before the body left
          return;
        case 'maybe':
          return recordMaybeSent(row.id, fence, `The relay took the body and did not answer: ${outcome.error.message}`);
        case 'not-sent':
          await outbox.markNotSent(row.id, fence, outcome.error.message, attempt >= job.maxAttempts);
          throw outcome.error;
      }
    },
    // About 14 hours of retries (10 s doubling to hourly) while the relay certainly does not have the mail: an SMTP
    // outage of a night loses nothing. The lease outlives the longest attempt, so a slow relay is never sent the
    // mail a second time by a runner that took the job over.
    {
      maxAttempts: 20,
      backoff: { baseMs: 10_000, maxMs: 3_600_000 },
      leaseMs: longestAttemptMs(timeouts) + LEASE_MARGIN_MS,
    },
  );

  // The local mailbox (development) keeps everything so a person can scroll back; real mail leaves the database.
  if (relay) {
    deps.jobs.define('mail.forget-sent', async () => {
      await outbox.forgetSentBefore(new Date(clock().getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000));
    });
    deps.jobs.schedule('mail-forget-sent', { every: '1h' }, 'mail.forget-sent');
  }

  return {
    kind: relay ? 'smtp' : 'local',
    send: async (mail, opts = {}) => {
      const write = async (tx: Tx) => {
        const id = await outbox.insert(tx, {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          listUnsubscribe: mail.listUnsubscribe ?? null,
        });
        await deliver.enqueue({ outboxId: id }, { tx });
      };
      await (opts.tx ? write(opts.tx) : deps.db.transaction(write));
    },
  };
}
