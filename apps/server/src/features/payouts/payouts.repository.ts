import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, influencers, orders, payoutBatches, payoutItems, payouts, users } from '../../db/schema.ts';

type Conn = Db | Tx;

/**
 * Captured less refunded for an order, from the ledger: what an approved order can pay out. Written with explicit
 * table names: drizzle leaves columns unqualified in a one-table select, and a bare "id" inside the subquery would
 * then name the ledger's own id.
 */
const capturedNet = sql<number>`coalesce((
  select sum(case le.kind when 'capture' then le.amount_minor else -le.amount_minor end)
  from ledger_entries le
  where le.order_id = "orders"."id" and le.kind in ('capture', 'refund')
), 0)::int`;

/** A batch's totals, correlated on "payout_batches"."id" (explicit names, as above). */
const batchTotals = {
  influencerCount: sql<number>`(select count(*) from payouts p where p.batch_id = "payout_batches"."id")::int`,
  orderCount: sql<number>`(select count(*) from payout_items pi join payouts p on p.id = pi.payout_id where p.batch_id = "payout_batches"."id")::int`,
  grossMinor: sql<number>`coalesce((select sum(p.gross_minor) from payouts p where p.batch_id = "payout_batches"."id"), 0)::int`,
  commissionMinor: sql<number>`coalesce((select sum(p.commission_minor) from payouts p where p.batch_id = "payout_batches"."id"), 0)::int`,
  netMinor: sql<number>`coalesce((select sum(p.amount_minor) from payouts p where p.batch_id = "payout_batches"."id"), 0)::int`,
};

export type EligibleOrder = {
  orderId: string;
  influencerId: string;
  iban: string | null;
  name: string;
  lastname: string;
  /** The influencer's address is confirmed: only then is their money paid out (issue 23 §2). */
  emailVerified: boolean;
  approvedAt: Date | null;
  grossMinor: number;
};

/** Every method takes the connection (the app's or a transaction's) it runs on. */
export function createPayoutsRepository() {
  return {
    /**
     * Approved orders approved before `cutoff` that are in no payout yet, with what the ledger says was captured
     * (less refunds). Locks the orders so a concurrent refund waits for the batch (and then sees it).
     */
    async eligible(tx: Tx, cutoff: Date): Promise<EligibleOrder[]> {
      const rows = await tx
        .select({
          orderId: orders.id,
          influencerId: orders.influencerId,
          iban: influencers.iban,
          name: influencers.name,
          lastname: influencers.lastname,
          emailVerified: users.emailVerified,
          approvedAt: orders.approvedAt,
          grossMinor: capturedNet,
        })
        .from(orders)
        .innerJoin(influencers, eq(influencers.id, orders.influencerId))
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(
          and(
            eq(orders.approvalStatus, 'approved'),
            isNotNull(orders.approvedAt),
            lt(orders.approvedAt, cutoff),
            sql`not exists (select 1 from payout_items pi where pi.order_id = "orders"."id")`,
          ),
        )
        .orderBy(orders.influencerId, orders.approvedAt)
        .for('update', { of: orders });
      return rows.filter((r) => r.grossMinor > 0);
    },

    /** One transaction-scoped lock for making batches: two runs (the schedule and an admin) take turns. */
    async lockBatchMaking(tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payouts.batch'))`);
    },

    async insertBatch(tx: Tx, row: typeof payoutBatches.$inferInsert) {
      const [batch] = await tx.insert(payoutBatches).values(row).returning();
      return batch!;
    },

    async insertPayout(tx: Tx, row: typeof payouts.$inferInsert) {
      const [payout] = await tx.insert(payouts).values(row).returning({ id: payouts.id });
      return payout!;
    },

    async insertItems(tx: Tx, rows: (typeof payoutItems.$inferInsert)[]) {
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(payoutItems).values(rows.slice(i, i + 1000));
    },

    /** Batches newest first, with their totals, one page after the keyset cursor. */
    async listBatches(conn: Conn, limit: number, after?: { createdAt: string; id: string }) {
      return conn
        .select({ batch: payoutBatches, ...batchTotals })
        .from(payoutBatches)
        .where(
          after
            ? or(
                lt(payoutBatches.createdAt, sql`${after.createdAt}::timestamptz`),
                and(eq(payoutBatches.createdAt, sql`${after.createdAt}::timestamptz`), lt(payoutBatches.id, after.id)),
              )
            : undefined,
        )
        .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
        .limit(limit);
    },

    async batchCursorTime(conn: Conn, id: string): Promise<string | null> {
      const [row] = await conn
        .select({ t: sql<string>`${payoutBatches.createdAt}::text` })
        .from(payoutBatches)
        .where(eq(payoutBatches.id, id));
      return row?.t ?? null;
    },

    async batch(conn: Conn, id: string, lock = false) {
      const q = conn.select().from(payoutBatches).where(eq(payoutBatches.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    /** A batch's payouts with their influencer and order lines, in two statements (no N+1). */
    async batchPayouts(conn: Conn, batchId: string) {
      const people = await conn
        .select({
          payout: payouts,
          name: influencers.name,
          lastname: influencers.lastname,
          email: users.email,
          language: users.language,
        })
        .from(payouts)
        .innerJoin(influencers, eq(influencers.id, payouts.influencerId))
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(eq(payouts.batchId, batchId))
        .orderBy(influencers.lastname, influencers.name, payouts.id);
      const lines = people.length
        ? await conn
            .select({
              payoutId: payoutItems.payoutId,
              orderId: payoutItems.orderId,
              campaignId: campaigns.id,
              campaignTitle: campaigns.title,
              approvedAt: orders.approvedAt,
              grossMinor: payoutItems.grossMinor,
              commissionMinor: payoutItems.commissionMinor,
              netMinor: payoutItems.amountMinor,
              ledgerGrossMinor: capturedNet,
            })
            .from(payoutItems)
            .innerJoin(orders, eq(orders.id, payoutItems.orderId))
            .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
            .where(
              inArray(
                payoutItems.payoutId,
                people.map((p) => p.payout.id),
              ),
            )
            .orderBy(orders.approvedAt, orders.id)
        : [];
      return { people, lines };
    },

    async markBatchPaid(tx: Tx, batchId: string, paidBy: string | null, now: Date) {
      const [row] = await tx
        .update(payoutBatches)
        .set({ status: 'paid', paidAt: now, paidBy })
        .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, 'open')))
        .returning({ id: payoutBatches.id });
      if (!row) return false;
      await tx.update(payouts).set({ status: 'sent', sentAt: now }).where(eq(payouts.batchId, batchId));
      return true;
    },

    // ---- the influencer's side ----------------------------------------------------------------------------------

    async iban(conn: Conn, influencerId: string): Promise<string | null> {
      const [row] = await conn
        .select({ iban: influencers.iban })
        .from(influencers)
        .where(eq(influencers.id, influencerId));
      return row?.iban ?? null;
    },

    async saveIban(conn: Conn, influencerId: string, iban: string) {
      await conn.update(influencers).set({ iban }).where(eq(influencers.id, influencerId));
    },

    /** Net paid out and pending in batches, per month of the batch's payment or making. */
    async batchedByMonth(conn: Conn, influencerId: string) {
      return conn
        .select({
          status: payoutBatches.status,
          month: sql<string>`to_char(coalesce(${payoutBatches.paidAt}, ${payoutBatches.createdAt}) at time zone 'Asia/Tbilisi', 'YYYY-MM')`,
          netMinor: sql<number>`sum(${payouts.amountMinor})::int`,
        })
        .from(payouts)
        .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
        .where(eq(payouts.influencerId, influencerId))
        .groupBy(payoutBatches.status, sql`2`);
    },

    /** Approved work not in any batch yet (gross), per month of approval. */
    async unbatchedByMonth(conn: Conn, influencerId: string) {
      return conn
        .select({
          month: sql<string>`to_char(${orders.approvedAt} at time zone 'Asia/Tbilisi', 'YYYY-MM')`,
          grossMinor: sql<number>`sum(${capturedNet})::int`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.influencerId, influencerId),
            eq(orders.approvalStatus, 'approved'),
            sql`not exists (select 1 from payout_items pi where pi.order_id = "orders"."id")`,
          ),
        )
        .groupBy(sql`1`);
    },

    /** Work submitted and waiting for the client's review (the money is held). */
    async inReviewMinor(conn: Conn, influencerId: string): Promise<number> {
      const [row] = await conn
        .select({ total: sql<number>`coalesce(sum(${orders.amountMinor}), 0)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.influencerId, influencerId),
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'completed'),
            or(sql`${orders.approvalStatus} is null`, eq(orders.approvalStatus, 'pending')),
          ),
        );
      return row?.total ?? 0;
    },
  };
}
export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
