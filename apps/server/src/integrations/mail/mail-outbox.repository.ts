import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

type Conn = Db | Tx;
export type OutboxRow = typeof mailOutbox.$inferSelect;
const MAX_ERROR_CHARS = 4000;

/**
 * The outbox's delivery states (decision 028). Every change an attempt makes is conditional on `attempts` still
 * being the number it claimed (its fence): a run that lost the mail to a later one changes nothing, and the
 * later one never sends a body that an earlier run may still be handing over.
 */
export function createMailOutboxRepository(db: Db) {
  /** The row still belongs to the attempt numbered `fence`, and that attempt is in flight. */
  const inFlight = (id: string, fence: number) =>
    and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, fence));

  return {
    async insert(
      tx: Tx,
      mail: { to: string; subject: string; text: string; html: string | null; listUnsubscribe: string | null },
    ) {
      const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row!.id;
    },

    async get(id: string): Promise<OutboxRow | null> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row ?? null;
    },

    /**
     * Starts an attempt on the row as it was read: `sending`, attempt started now. Returns the attempt's number
     * (its fence), or null when another run changed the row first. A `sending` row is taken only while its body
     * never started: its attempt died before the relay could have the mail.
     */
    async claim(row: OutboxRow, now: Date): Promise<number | null> {
      const [claimed] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: row.attempts + 1, attemptStartedAt: now, bodyStartedAt: null })
        .where(
          and(
            eq(mailOutbox.id, row.id),
            eq(mailOutbox.status, row.status),
            eq(mailOutbox.attempts, row.attempts),
            or(ne(mailOutbox.status, 'sending'), isNull(mailOutbox.bodyStartedAt)),
          ),
        )
        .returning({ attempts: mailOutbox.attempts });
      return claimed?.attempts ?? null;
    },

    /** Written before the body's first byte: from here on the relay may have the mail. False: not ours any more. */
    async startBody(id: string, fence: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(mailOutbox)
        .set({ bodyStartedAt: now })
        .where(inFlight(id, fence))
        .returning({ id: mailOutbox.id });
      return rows.length > 0;
    },

    /** The relay accepted it: a fact, recorded whichever run it was and whatever the row says meanwhile. */
    async markSent(id: string, now: Date, relayResponse: string | null) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, relayResponse, lastError: null, resendAt: null })
        .where(eq(mailOutbox.id, id));
    },

    /** The local mailbox (no SMTP): the outbox is the mailbox, so delivering is only marking. */
    async markDelivered(id: string, now: Date) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /**
     * The relay certainly does not have it from this attempt: back to waiting for the job's next try, or final on
     * its last. A mail an earlier attempt may have delivered keeps saying so (maybe_sent, unconfirmed at the end).
     */
    async markNotSent(id: string, fence: number, error: string, last: boolean) {
      await db
        .update(mailOutbox)
        .set({
          status: last
            ? sql`case when ${mailOutbox.uncertainAttempts} > 0 then 'unconfirmed' else 'failed' end`
            : sql`case when ${mailOutbox.uncertainAttempts} > 0 then 'maybe_sent' else 'queued' end`,
          lastError: error.slice(0, MAX_ERROR_CHARS),
        })
        .where(inFlight(id, fence));
    },

    /**
     * The attempt handed the body over and learnt nothing: the first time, maybe_sent with its one re-send due at
     * `resendAt`; the second time, unconfirmed, and nothing more is tried. Returns the new status, or null when the
     * row was no longer this attempt's.
     */
    async markMaybeSent(exec: Conn, id: string, fence: number, error: string, resendAt: Date) {
      const [row] = await exec
        .update(mailOutbox)
        .set({
          status: sql`case when ${mailOutbox.uncertainAttempts} > 0 then 'unconfirmed' else 'maybe_sent' end`,
          resendAt: sql`case when ${mailOutbox.uncertainAttempts} > 0 then null else ${resendAt.toISOString()}::timestamptz end`,
          uncertainAttempts: sql`${mailOutbox.uncertainAttempts} + 1`,
          lastError: error.slice(0, MAX_ERROR_CHARS),
        })
        .where(inFlight(id, fence))
        .returning({ status: mailOutbox.status });
      return row?.status ?? null;
    },

    async forgetSentBefore(cutoff: Date) {
      await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff)));
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
