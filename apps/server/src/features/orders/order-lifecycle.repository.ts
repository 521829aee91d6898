import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, clients, influencers, orders, payments, payoutItems, ratings, users } from '../../db/schema.ts';

type Conn = Db | Tx;
const clientUser = alias(users, 'client_user');
const influencerUser = alias(users, 'influencer_user');

/** Not approved yet (null counts as pending, spec §4; changes requested still waits for an approval). */
const notApproved = or(isNull(orders.approvalStatus), inArray(orders.approvalStatus, ['pending', 'rejected']));
/** A hold pays the order: paid, or disputed (the hold is kept while an admin decides, and renewed as ever). */
const HELD = ['paid', 'disputed'];
/** The ids of the orders a person is a party to (either side) that match `where`, oldest first. */
export const ordersOfParty = (conn: Conn, userId: string, ...where: SQL[]) =>
  conn
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(influencers, eq(influencers.id, orders.influencerId))
    .where(and(or(eq(clients.userId, userId), eq(influencers.userId, userId)), ...where))
    .orderBy(asc(orders.createdAt));

export function createOrderLifecycleRepository(db: Db) {
  return {
    /**
     * A person's orders that were hired but where work never started (unpaid, or paid and waiting): what an admin's
     * closing of their account cancels (issue 23 §2; the ones with work under way become disputes instead).
     */
    notStartedOf: (userId: string) =>
      ordersOfParty(db, userId, inArray(orders.status, ['unpaid', 'paid']), eq(orders.workStatus, 'not_started')),

    /** The order with its parties (ids, names, e-mails) and campaign: who may act, and whom to tell. */
    async order(conn: Conn, orderId: string) {
      const [row] = await conn
        .select({
          id: orders.id,
          status: orders.status,
          workStatus: orders.workStatus,
          approvalStatus: orders.approvalStatus,
          amountMinor: orders.amountMinor,
          transactionId: orders.transactionId,
          submissionCount: orders.submissionCount,
          captureStartedAt: orders.captureStartedAt,
          cancelClaimedAt: orders.cancelClaimedAt,
          reviewDeadlineAt: orders.reviewDeadlineAt,
          applicationId: orders.applicationId,
          campaign: { id: campaigns.id, title: campaigns.title, deadline: campaigns.deadline },
          client: {
            id: clients.id,
            userId: clients.userId,
            name: clients.name,
            email: clientUser.email,
            language: clientUser.language,
          },
          influencer: {
            id: influencers.id,
            userId: influencers.userId,
            name: influencers.name,
            email: influencerUser.email,
            language: influencerUser.language,
          },
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .innerJoin(influencers, eq(influencers.id, orders.influencerId))
        .innerJoin(clientUser, eq(clientUser.id, clients.userId))
        .innerJoin(influencerUser, eq(influencerUser.id, influencers.userId))
        .where(eq(orders.id, orderId));
      return row ?? null;
    },

    /**
     * Claims the approval of delivered work on the row the machine checked and locked (order-approval.ts): one claim
     * at a time, so two clicks, two tabs or a replay capture once and a rejection cannot slip in while the bank
     * captures. `by`: the client's user id, null for the review window's automatic approval.
     */
    async claim(tx: Tx, orderId: string, c: { at: Date; by: string | null }) {
      await tx.update(orders).set({ captureStartedAt: c.at, captureClaimedBy: c.by }).where(eq(orders.id, orderId));
    },

    /** Drops the claim made at `claimedAt` (only that one: a newer claim belongs to a request still running). */
    async releaseClaim(orderId: string, claimedAt: Date) {
      await db
        .update(orders)
        .set({ captureStartedAt: null, captureClaimedBy: null })
        .where(and(eq(orders.id, orderId), eq(orders.captureStartedAt, claimedAt)));
    },

    /** The amount the client asked to pay (spec §2: it may differ from the budget), while the order is unpaid. */
    async setAmountWhileUnpaid(tx: Tx, orderId: string, amountMinor: number, now: Date) {
      await tx
        .update(orders)
        .set({ amountMinor, updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')));
    },

    /** A renewed hold takes the old one's place, if the old one still pays the order. */
    async swapHold(tx: Tx, f: { orderId: string; from: string; to: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ transactionId: f.to, holdRenewalAskedAt: null, updatedAt: f.now })
        .where(and(eq(orders.id, f.orderId), inArray(orders.status, HELD), eq(orders.transactionId, f.from)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /**
     * Paid (or disputed), unapproved orders whose hold the bank will release before `before` and whose client was not asked yet:
     * the daily renewal check.
     */
    async holdsEndingBefore(before: Date, limit: number) {
      return db
        .select({ orderId: orders.id, paymentId: payments.id, holdExpiresAt: payments.holdExpiresAt })
        .from(orders)
        .innerJoin(payments, eq(payments.id, orders.transactionId))
        .where(
          and(
            inArray(orders.status, HELD),
            notApproved,
            isNull(orders.holdRenewalAskedAt),
            eq(payments.status, 'held'),
            lt(payments.holdExpiresAt, before),
          ),
        )
        .limit(limit);
    },

    async markRenewalAsked(tx: Tx, orderId: string, now: Date) {
      const rows = await tx
        .update(orders)
        .set({ holdRenewalAskedAt: now })
        .where(and(eq(orders.id, orderId), isNull(orders.holdRenewalAskedAt)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Orders with an approval claim, oldest first: each is settled from the bank's word (issue 21 §4). */
    async claims(limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(isNotNull(orders.captureStartedAt))
        .orderBy(orders.captureStartedAt)
        .limit(limit);
    },

    /** Whether the order is in a payout batch (open or paid): its money is then the influencer's, not the client's. */
    async inPayout(conn: Conn, orderId: string): Promise<boolean> {
      const [row] = await conn
        .select({ id: payoutItems.id })
        .from(payoutItems)
        .where(eq(payoutItems.orderId, orderId))
        .limit(1);
      return row !== undefined;
    },

    // ---- ratings ----------------------------------------------------------------------------------------------
    /** Throws the unique violation `ratings_once_per_order` for a second rating by the same person. */
    async insertRating(
      conn: Conn,
      r: { orderId: string; raterId: string; ratedUserId: string; rating: number; comment: string | null },
    ) {
      const [row] = await conn.insert(ratings).values(r).returning();
      return row!;
    },
  };
}
export type OrderLifecycleRepository = ReturnType<typeof createOrderLifecycleRepository>;
