// Cancellation proposals' rows (issue 23 §2, decision 038), owned by the orders feature beside the order they would
// end; each step is written in the transaction of the order's transition. Also the orders' two columns this needs:
// the acceptance's claim while the bank moves the money, and the deadline reminder's mark.
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, cancelProposals, orders } from '../../db/schema.ts';

type Conn = Db | Tx;
export type CancelProposalRow = typeof cancelProposals.$inferSelect;
type Ended = 'accepted' | 'declined' | 'withdrawn';

export function createCancelProposalsRepository(db: Db) {
  return {
    async insert(tx: Tx, row: typeof cancelProposals.$inferInsert) {
      const [p] = await tx.insert(cancelProposals).values(row).returning();
      return p!;
    },

    /** The order's proposals, newest first. */
    ofOrder: (conn: Conn, orderId: string) =>
      conn
        .select()
        .from(cancelProposals)
        .where(eq(cancelProposals.orderId, orderId))
        .orderBy(desc(cancelProposals.createdAt), desc(cancelProposals.id)),

    async open(conn: Conn, orderId: string): Promise<CancelProposalRow | null> {
      const [p] = await conn
        .select()
        .from(cancelProposals)
        .where(and(eq(cancelProposals.orderId, orderId), eq(cancelProposals.status, 'open')));
      return p ?? null;
    },

    /** Ends the open proposal `id` (only while it is open: one answer wins). */
    async close(tx: Tx, id: string, status: Ended, f: { by: string | null; at: Date }) {
      const [p] = await tx
        .update(cancelProposals)
        .set({ status, closedByUserId: f.by, closedAt: f.at })
        .where(and(eq(cancelProposals.id, id), eq(cancelProposals.status, 'open')))
        .returning();
      return p ?? null;
    },

    /** The order moved on (approved, disputed, submitted, lapsed…): its open proposal no longer stands. */
    async voidOpen(tx: Tx, orderId: string, at: Date) {
      await tx
        .update(cancelProposals)
        .set({ status: 'void', closedAt: at })
        .where(and(eq(cancelProposals.orderId, orderId), eq(cancelProposals.status, 'open')));
    },

    /** Records who accepted, in the claim's transaction (the bank's word may come back after the request died). */
    async markAccepter(tx: Tx, id: string, by: string) {
      await tx.update(cancelProposals).set({ closedByUserId: by }).where(eq(cancelProposals.id, id));
    },

    /** The acceptance's claim on the order's row (locked by the machine in `tx`). */
    async claim(tx: Tx, orderId: string, at: Date) {
      await tx.update(orders).set({ cancelClaimedAt: at }).where(eq(orders.id, orderId));
    },

    async releaseClaim(orderId: string) {
      await db.update(orders).set({ cancelClaimedAt: null }).where(eq(orders.id, orderId));
    },

    /** Orders whose acceptance claimed before `before` still waits for the bank (a request that died). */
    claims: (before: Date, limit: number) =>
      db.select({ id: orders.id }).from(orders).where(lt(orders.cancelClaimedAt, before)).limit(limit),

    /**
     * Paid orders whose work is not submitted, on a campaign whose deadline is `day` (yyyy-MM-dd), not reminded yet.
     */
    dueForDeadlineReminder: (day: string, limit: number) =>
      db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(
          and(
            eq(orders.status, 'paid'),
            inArray(orders.workStatus, ['not_started', 'in_progress']),
            isNull(orders.deadlineRemindedAt),
            eq(campaigns.deadline, day),
          ),
        )
        .limit(limit),

    /** Marks the reminder sent, once: false when another run did it first. */
    async markReminded(tx: Tx, orderId: string, at: Date) {
      const rows = await tx
        .update(orders)
        .set({ deadlineRemindedAt: at })
        .where(and(eq(orders.id, orderId), isNull(orders.deadlineRemindedAt)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
  };
}
export type CancelProposalsRepository = ReturnType<typeof createCancelProposalsRepository>;
