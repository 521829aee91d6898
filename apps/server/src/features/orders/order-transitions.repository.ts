import type { OrderState } from '@app/shared/orders/order-machine';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, orderTransitions, users } from '../../db/schema.ts';

type Conn = Db | Tx;

/** The order as the machine reads it, locked for the transaction that changes it. */
export type LockedOrder = OrderState & {
  id: string;
  campaignId: string;
  clientId: string;
  influencerId: string;
  transactionId: string | null;
  captureStartedAt: Date | null;
  captureClaimedBy: string | null;
  /** An accepted cancellation moving the money at the bank (order-cancellations.ts). */
  cancelClaimedAt: Date | null;
  submissionCount: number;
};

/** Columns a transition may set besides the three states (its proof, its feedback, its moments). */
export type OrderColumns = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'workStatus' | 'approvalStatus'>>;

export type HistoryRow = {
  orderId: string;
  transition: string;
  from: OrderState;
  to: OrderState;
  actorRole: string;
  actorUserId: string | null;
  reason: string | null;
  metadata: Record<string, unknown> | null;
  at: Date;
};

/** The order machine's database work: lock an order, write its new state, and its history. */
export function createOrderTransitionsRepository() {
  return {
    /** The order's row, locked until the transaction ends: two transitions of one order run one after the other. */
    async lock(tx: Tx, orderId: string): Promise<LockedOrder | null> {
      const [row] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          workStatus: orders.workStatus,
          approvalStatus: orders.approvalStatus,
          campaignId: orders.campaignId,
          clientId: orders.clientId,
          influencerId: orders.influencerId,
          transactionId: orders.transactionId,
          captureStartedAt: orders.captureStartedAt,
          captureClaimedBy: orders.captureClaimedBy,
          cancelClaimedAt: orders.cancelClaimedAt,
          submissionCount: orders.submissionCount,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return (row as LockedOrder | undefined) ?? null;
    },

    async write(tx: Tx, orderId: string, to: OrderState, set: OrderColumns, now: Date) {
      await tx
        .update(orders)
        .set({
          ...set,
          status: to.status,
          workStatus: to.workStatus,
          approvalStatus: to.approvalStatus,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
    },

    /** Columns that are no transition (an approval's claim, a renewed hold), on the locked row. */
    async set(tx: Tx, orderId: string, set: OrderColumns) {
      await tx.update(orders).set(set).where(eq(orders.id, orderId));
    },

    async record(tx: Tx, h: HistoryRow) {
      await tx.insert(orderTransitions).values({
        orderId: h.orderId,
        transition: h.transition,
        fromStatus: h.from.status,
        fromWork: h.from.workStatus,
        fromApproval: h.from.approvalStatus,
        toStatus: h.to.status,
        toWork: h.to.workStatus,
        toApproval: h.to.approvalStatus,
        actorRole: h.actorRole,
        actorUserId: h.actorUserId,
        reason: h.reason,
        metadata: h.metadata,
        createdAt: h.at,
      });
    },

    /** The order's transitions, oldest first, with the acting person's name. */
    async history(conn: Conn, orderId: string) {
      return conn
        .select({
          id: orderTransitions.id,
          transition: orderTransitions.transition,
          fromStatus: orderTransitions.fromStatus,
          fromWork: orderTransitions.fromWork,
          fromApproval: orderTransitions.fromApproval,
          toStatus: orderTransitions.toStatus,
          toWork: orderTransitions.toWork,
          toApproval: orderTransitions.toApproval,
          actorRole: orderTransitions.actorRole,
          actorUserId: orderTransitions.actorUserId,
          actorName: users.name,
          reason: orderTransitions.reason,
          metadata: orderTransitions.metadata,
          at: orderTransitions.createdAt,
        })
        .from(orderTransitions)
        .leftJoin(users, eq(users.id, orderTransitions.actorUserId))
        .where(eq(orderTransitions.orderId, orderId))
        .orderBy(asc(orderTransitions.createdAt), asc(orderTransitions.id));
    },
  };
}
export type OrderTransitionsRepository = ReturnType<typeof createOrderTransitionsRepository>;
