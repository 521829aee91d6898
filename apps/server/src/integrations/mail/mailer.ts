import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type SendOptions = {
  /** Write the mail in the caller's transaction: it goes out only if the change commits. */ tx?: Tx;
};
export type Mailer = { kind: 'local' | 'smtp'; send: (mail: Mail, opts?: SendOptions) => Promise<void> };

export const MAIL_DELIVER = 'mail.deliver';
/** Mail sent over SMTP carries links that sign people in and, later, receipts: it is not kept longer than this. */
export const SENT_MAIL_RETENTION_DAYS = 7;

/**
 * Mail never leaves inside a request: send() writes it to mail_outbox and enqueues a `mail.deliver` job in the
 * same transaction; the job delivers it over SMTP (SMTP_URL) and retries with backoff while SMTP is down. Without
 * SMTP_URL the outbox *is* the local mailbox (/dev/mailbox) and the job only marks the mail delivered.
 * Tests point SMTP_URL at a real smtp-server so the SMTP path is exercised too.
 */
export function createMailer(deps: { db: Db; jobs: JobRunner; smtpUrl: string | null; from: string }): Mailer {
  const { db } = deps;
  // Short timeouts: an unreachable server fails the attempt (and it is retried) well inside the job's lease.
  const transport = deps.smtpUrl
    ? nodemailer.createTransport({
        url: deps.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  const deliver = deps.jobs.define<{ outboxId: string }>(
    MAIL_DELIVER,
    async ({ job, attempt }) => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, job.payload.outboxId));
      if (!mail || mail.status === 'sent') return; // delivered by an earlier run whose outcome was lost
      try {
        if (transport) {
          await transport.sendMail({
            from: deps.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
            // Stable across retries, so a receiver can drop the copy if a crash after sending repeats it.
            messageId: `<${mail.id}@influence.mail>`,
          });
        }
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: err instanceof Error ? err.message : String(err),
            status: attempt >= job.maxAttempts ? 'failed' : 'queued',
          })
          .where(eq(mailOutbox.id, mail.id));
        throw err;
      }
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: deps.jobs.clock(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
    },
    // About 14 hours of retries (10 s doubling to hourly): an SMTP outage of a night loses nothing.
    { maxAttempts: 20, backoff: { baseMs: 10_000, maxMs: 3_600_000 }, leaseMs: 120_000 },
  );

  // The local mailbox (development) keeps everything so a person can scroll back; real mail leaves the database.
  if (transport) {
    deps.jobs.define('mail.forget-sent', async () => {
      const cutoff = new Date(deps.jobs.clock().getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000);
      await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff)));
    });
    deps.jobs.schedule('mail-forget-sent', { every: '1h' }, 'mail.forget-sent');
  }

  return {
    kind: transport ? 'smtp' : 'local',
    send: async (mail, opts = {}) => {
      const write = async (tx: Tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
          .returning({ id: mailOutbox.id });
        await deliver.enqueue({ outboxId: row!.id }, { tx });
      };
      await (opts.tx ? write(opts.tx) : db.transaction(write));
    },
  };
}
