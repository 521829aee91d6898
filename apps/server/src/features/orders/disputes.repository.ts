// The disputes' rows (issue 23 §1, decision 030): the orders feature owns them, beside the order whose state says it
// is disputed. Opening and ending one is written in the transaction of the order's transition.
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, chats, clients, disputes, influencers, orders, users } from '../../db/schema.ts';

import { ordersOfParty } from './order-lifecycle.repository.ts';

type Conn = Db | Tx;
export type DisputeRow = typeof disputes.$inferSelect;

export function createDisputesRepository(db: Db) {
  const listColumns = {
    dispute: disputes,
    amountMinor: orders.amountMinor,
    orderStatus: orders.status,
    workStatus: orders.workStatus,
    proofUrl: orders.proofUrl,
    completionNotes: orders.completionNotes,
    approvalFeedback: orders.approvalFeedback,
    campaign: { id: campaigns.id, title: campaigns.title },
    client: { id: clients.id, name: clients.name, lastname: clients.lastname, avatarUrl: clients.avatarUrl },
    influencer: {
      id: influencers.id,
      name: influencers.name,
      lastname: influencers.lastname,
      avatarUrl: influencers.avatarUrl,
    },
    chatId: chats.id,
  };
  const withOrder = () =>
    db
      .select(listColumns)
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .innerJoin(influencers, eq(influencers.id, orders.influencerId))
      .leftJoin(chats, eq(chats.orderId, orders.id));

  return {
    async insert(tx: Tx, row: typeof disputes.$inferInsert) {
      const [d] = await tx.insert(disputes).values(row).returning();
      return d!;
    },

    /** The order's disputes, newest first. */
    ofOrder: (conn: Conn, orderId: string) =>
      conn
        .select()
        .from(disputes)
        .where(eq(disputes.orderId, orderId))
        .orderBy(desc(disputes.createdAt), desc(disputes.id)),

    async open(conn: Conn, orderId: string): Promise<DisputeRow | null> {
      const [d] = await conn
        .select()
        .from(disputes)
        .where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open')));
      return d ?? null;
    },

    /**
     * Claims the open dispute's decision (one admin at a time, and never while its opener withdraws it): a conditional
     * update, so two admins or a withdrawal racing a decision leave one winner. A claim older than `staleBefore`
     * belongs to a request that died and is taken over.
     */
    async claimResolution(orderId: string, at: Date, staleBefore: Date): Promise<DisputeRow | null> {
      const [d] = await db
        .update(disputes)
        .set({ resolutionStartedAt: at })
        .where(
          and(
            eq(disputes.orderId, orderId),
            eq(disputes.status, 'open'),
            or(isNull(disputes.resolutionStartedAt), lt(disputes.resolutionStartedAt, staleBefore)),
          ),
        )
        .returning();
      return d ?? null;
    },

    /** Drops the claim made at `at` (the bank refused: the dispute waits for a decision again). */
    async releaseResolution(disputeId: string, at: Date) {
      await db
        .update(disputes)
        .set({ resolutionStartedAt: null })
        .where(and(eq(disputes.id, disputeId), eq(disputes.resolutionStartedAt, at)));
    },

    async resolve(
      tx: Tx,
      disputeId: string,
      r: {
        resolution: 'release' | 'refund' | 'split';
        influencerAmountMinor: number;
        clientAmountMinor: number;
        decision: string;
        resolvedByUserId: string;
        at: Date;
      },
    ) {
      const rows = await tx
        .update(disputes)
        .set({
          status: 'resolved',
          resolution: r.resolution,
          influencerAmountMinor: r.influencerAmountMinor,
          clientAmountMinor: r.clientAmountMinor,
          decision: r.decision,
          resolvedByUserId: r.resolvedByUserId,
          resolvedAt: r.at,
        })
        .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open')))
        .returning({ id: disputes.id });
      return rows.length > 0;
    },

    /** Withdraws the order's open dispute if `role` opened it and no admin is deciding it; null otherwise. */
    async withdraw(tx: Tx, orderId: string, role: string, at: Date) {
      const [d] = await tx
        .update(disputes)
        .set({ status: 'withdrawn', withdrawnAt: at })
        .where(
          and(
            eq(disputes.orderId, orderId),
            eq(disputes.status, 'open'),
            eq(disputes.openedByRole, role),
            isNull(disputes.resolutionStartedAt),
          ),
        )
        .returning();
      return d ?? null;
    },

    /** The admins' queue: open ones first, oldest first within each (status `open`, `closed` or `all`). */
    list: (status: 'open' | 'closed' | 'all', limit = 200) =>
      withOrder()
        .where(
          status === 'open'
            ? eq(disputes.status, 'open')
            : status === 'closed'
              ? sql`${disputes.status} <> 'open'`
              : undefined,
        )
        .orderBy(sql`(${disputes.status} = 'open') desc`, asc(disputes.createdAt), asc(disputes.id))
        .limit(limit),

    async detail(disputeId: string) {
      const [row] = await withOrder().where(eq(disputes.id, disputeId));
      return row ?? null;
    },

    /** Open disputes older than `before` that no admin was told about yet (escalation). */
    overdue: (before: Date, limit: number) =>
      db
        .select({ id: disputes.id, orderId: disputes.orderId, createdAt: disputes.createdAt })
        .from(disputes)
        .where(and(eq(disputes.status, 'open'), lt(disputes.createdAt, before), isNull(disputes.escalatedAt)))
        .orderBy(asc(disputes.createdAt))
        .limit(limit),

    async markEscalated(tx: Tx, disputeId: string, at: Date) {
      const rows = await tx
        .update(disputes)
        .set({ escalatedAt: at })
        .where(and(eq(disputes.id, disputeId), isNull(disputes.escalatedAt)))
        .returning({ id: disputes.id });
      return rows.length > 0;
    },

    /**
     * A person's orders that a dispute can take over when their account is closed (issue 23 §2): paid, work started,
     * not approved, and no approval capturing (the machine's `openDispute`, checked again there). Oldest first.
     */
    disputableOf: (userId: string) =>
      ordersOfParty(
        db,
        userId,
        eq(orders.status, 'paid'),
        inArray(orders.workStatus, ['in_progress', 'completed']),
        or(isNull(orders.approvalStatus), inArray(orders.approvalStatus, ['pending', 'rejected']))!,
        isNull(orders.captureStartedAt),
      ),

    /** Whom to tell when a dispute needs an admin: every active admin's address. */
    adminEmails: (conn: Conn) =>
      conn.select({ email: users.email, name: users.name }).from(users).where(eq(users.role, 'admin')),
  };
}
export type DisputesRepository = ReturnType<typeof createDisputesRepository>;
