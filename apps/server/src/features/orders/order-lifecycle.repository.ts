import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  campaignApplications,
  campaigns,
  clients,
  influencers,
  orders,
  payments,
  payoutItems,
  ratings,
  users,
} from '../../db/schema.ts';

type Conn = Db | Tx;
const clientUser = alias(users, 'client_user');
const influencerUser = alias(users, 'influencer_user');

/** Approval is pending (null counts as pending, spec §4). */
const approvalPending = or(isNull(orders.approvalStatus), eq(orders.approvalStatus, 'pending'));
/** No approval is capturing the hold right now (a claim older than `staleBefore` belongs to a crashed request). */
const noLiveClaim = (staleBefore: Date) =>
  or(isNull(orders.captureStartedAt), lt(orders.captureStartedAt, staleBefore));

export function createOrderLifecycleRepository(db: Db) {
  return {
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
          reviewDeadlineAt: orders.reviewDeadlineAt,
          applicationId: orders.applicationId,
          campaign: { id: campaigns.id, title: campaigns.title },
          client: { id: clients.id, userId: clients.userId, name: clients.name, email: clientUser.email },
          influencer: {
            id: influencers.id,
            userId: influencers.userId,
            name: influencers.name,
            email: influencerUser.email,
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

    /** Start Work: the order's influencer, only once paid and not yet started. */
    async startWork(tx: Tx, f: { orderId: string; influencerId: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ workStatus: 'in_progress', workStartedAt: f.now, updatedAt: f.now })
        .where(
          and(
            eq(orders.id, f.orderId),
            eq(orders.influencerId, f.influencerId),
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'not_started'),
          ),
        )
        .returning({ campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** Submit Work: only while in progress; opens the review window (a new submission each time). */
    async submitWork(
      tx: Tx,
      f: { orderId: string; influencerId: string; proofUrl: string; notes: string | null; now: Date; deadline: Date },
    ) {
      const rows = await tx
        .update(orders)
        .set({
          workStatus: 'completed',
          approvalStatus: 'pending',
          proofUrl: f.proofUrl,
          completionNotes: f.notes,
          workCompletedAt: f.now,
          reviewDeadlineAt: f.deadline,
          submissionCount: sql`${orders.submissionCount} + 1`,
          updatedAt: f.now,
        })
        .where(
          and(
            eq(orders.id, f.orderId),
            eq(orders.influencerId, f.influencerId),
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'in_progress'),
          ),
        )
        .returning({ campaignId: orders.campaignId, submissionCount: orders.submissionCount });
      return rows[0] ?? null;
    },

    /**
     * Claims the approval of delivered work (the client's, or the system's when the review window ends): one claim at
     * a time, so two clicks, two tabs or a replay capture once and a rejection cannot slip in while the bank captures.
     */
    async claimApproval(tx: Tx, f: { orderId: string; clientId: string | null; now: Date; staleBefore: Date }) {
      const rows = await tx
        .update(orders)
        .set({ captureStartedAt: f.now })
        .where(
          and(
            eq(orders.id, f.orderId),
            f.clientId ? eq(orders.clientId, f.clientId) : undefined,
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'completed'),
            approvalPending,
            noLiveClaim(f.staleBefore),
          ),
        )
        .returning({ transactionId: orders.transactionId, campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** Drops the claim made at `claimedAt` (only that one: a newer claim belongs to a request still running). */
    async releaseClaim(orderId: string, claimedAt: Date) {
      await db
        .update(orders)
        .set({ captureStartedAt: null })
        .where(and(eq(orders.id, orderId), eq(orders.captureStartedAt, claimedAt)));
    },

    /** The capture stood: the order is approved (only if its claim is still there: one approval). */
    async finishApproval(tx: Tx, f: { orderId: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({
          approvalStatus: 'approved',
          approvedAt: f.now,
          captureStartedAt: null,
          reviewDeadlineAt: null,
          updatedAt: f.now,
        })
        .where(
          and(
            eq(orders.id, f.orderId),
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'completed'),
            approvalPending,
            isNotNull(orders.captureStartedAt),
          ),
        )
        .returning({ campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** Reject with feedback: the work goes back to the influencer; never while an approval is capturing. */
    async rejectWork(tx: Tx, f: { orderId: string; clientId: string; feedback: string; now: Date; staleBefore: Date }) {
      const rows = await tx
        .update(orders)
        .set({
          workStatus: 'in_progress',
          approvalStatus: 'rejected',
          approvalFeedback: f.feedback,
          reviewDeadlineAt: null,
          updatedAt: f.now,
        })
        .where(
          and(
            eq(orders.id, f.orderId),
            eq(orders.clientId, f.clientId),
            eq(orders.status, 'paid'),
            eq(orders.workStatus, 'completed'),
            approvalPending,
            noLiveClaim(f.staleBefore),
          ),
        )
        .returning({ campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** Cancel before work starts (unpaid, or paid and not started): the client's, or an admin's (clientId null). */
    async cancel(tx: Tx, f: { orderId: string; clientId: string | null; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ status: 'canceled', canceledAt: f.now, updatedAt: f.now })
        .where(
          and(
            eq(orders.id, f.orderId),
            f.clientId ? eq(orders.clientId, f.clientId) : undefined,
            inArray(orders.status, ['unpaid', 'paid']),
            eq(orders.workStatus, 'not_started'),
            isNull(orders.captureStartedAt),
          ),
        )
        .returning({
          campaignId: orders.campaignId,
          applicationId: orders.applicationId,
          transactionId: orders.transactionId,
        });
      return rows[0] ?? null;
    },

    /**
     * A cancelled hire releases its application (the one-accepted index would block any rehire) and reopens the
     * applications the hire declined, so the client can hire one of them.
     */
    async reopenApplications(tx: Tx, f: { campaignId: string; applicationId: string; now: Date }) {
      await tx
        .update(campaignApplications)
        .set({ status: 'rejected', rejectedByHire: false, updatedAt: f.now })
        .where(eq(campaignApplications.id, f.applicationId));
      await tx
        .update(campaignApplications)
        .set({ status: 'pending', rejectedByHire: false, updatedAt: f.now })
        .where(and(eq(campaignApplications.campaignId, f.campaignId), eq(campaignApplications.rejectedByHire, true)));
    },

    /** A dispute settled by an admin: the order's money went back (in full or in part). */
    async markRefunded(tx: Tx, f: { orderId: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ status: 'refunded', captureStartedAt: null, reviewDeadlineAt: null, updatedAt: f.now })
        .where(and(eq(orders.id, f.orderId), eq(orders.status, 'paid')))
        .returning({ campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** The hold that paid the order is gone (lapsed at the bank): the order needs paying again. */
    async markUnpaidAfterLapse(tx: Tx, f: { orderId: string; paymentId: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ status: 'unpaid', transactionId: null, holdRenewalAskedAt: null, updatedAt: f.now })
        .where(
          and(
            eq(orders.id, f.orderId),
            eq(orders.status, 'paid'),
            eq(orders.transactionId, f.paymentId),
            approvalPending,
          ),
        )
        .returning({ campaignId: orders.campaignId });
      return rows[0] ?? null;
    },

    /** A renewed hold takes the old one's place, if the old one still pays the order. */
    async swapHold(tx: Tx, f: { orderId: string; from: string; to: string; now: Date }) {
      const rows = await tx
        .update(orders)
        .set({ transactionId: f.to, holdRenewalAskedAt: null, updatedAt: f.now })
        .where(and(eq(orders.id, f.orderId), eq(orders.status, 'paid'), eq(orders.transactionId, f.from)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    async setCampaignStatus(
      tx: Tx,
      campaignId: string,
      status: 'open' | 'in_progress' | 'completed' | 'done' | 'canceled',
      now: Date,
    ) {
      await tx
        .update(campaigns)
        .set({
          status,
          updatedAt: now,
          ...(status === 'in_progress' ? { workStartedAt: sql`coalesce(${campaigns.workStartedAt}, ${now})` } : {}),
          ...(status === 'open' ? { paymentCompletedAt: null, workStartedAt: null } : {}),
        })
        .where(eq(campaigns.id, campaignId));
    },

    /**
     * Paid, unapproved orders whose hold the bank will release before `before` and whose client was not asked yet:
     * the daily renewal check.
     */
    async holdsEndingBefore(before: Date, limit: number) {
      return db
        .select({ orderId: orders.id, paymentId: payments.id, holdExpiresAt: payments.holdExpiresAt })
        .from(orders)
        .innerJoin(payments, eq(payments.id, orders.transactionId))
        .where(
          and(
            eq(orders.status, 'paid'),
            approvalPending,
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
