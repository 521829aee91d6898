// The admin console's orders (issue 23 §3): the list with its filters, an order's page (history, payments, ledger,
// the bank's last receipt, its chat), and the money by month. Reads only: orders change through the order machine
// and money through the payments feature. An order's page is a fixed number of statements.
import type { adminOrdersQuery } from '@app/shared/admin/admin.schemas';
import type { ApprovalStatus, OrderStatus, Stage, WorkStatus } from '@app/shared/orders/order-machine';
import { and, asc, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { proofCheckOf } from '../../db/proof-check-read.ts';
import {
  campaigns,
  chats,
  clients,
  influencers,
  ledgerEntries,
  orders,
  orderTransitions,
  paymentEvents,
  payments,
  users,
} from '../../db/schema.ts';
import { cursorTime, decodeCursor, encodeCursor, keysetOrder, olderThan } from '../../lib/cursor.ts';
import { eitherParty } from './admin-people.repository.ts';
import { matches, personWords, prefixQuery } from './admin-search.ts';

/** The parsed query, amounts in tetri. */
type ListQuery = z.output<typeof adminOrdersQuery>;

const notApproved = sql`${orders.approvalStatus} is distinct from 'approved'`;
/** Each stage as a condition on the order's three columns: the same reading as orderStage() (order-machine.ts). */
const STAGE_SQL: Record<Stage, SQL> = {
  open: sql`false`,
  not_selected: sql`false`,
  payment_pending: sql`${orders.status} = 'unpaid'`,
  canceled: sql`${orders.status} = 'canceled'`,
  refunded: sql`${orders.status} = 'refunded'`,
  disputed: sql`${orders.status} = 'disputed'`,
  approved: sql`${orders.status} = 'paid' and ${orders.approvalStatus} = 'approved'`,
  ready_to_start: sql`${orders.status} = 'paid' and ${notApproved} and ${orders.workStatus} = 'not_started'`,
  in_progress: sql`${orders.status} = 'paid' and ${orders.workStatus} = 'in_progress'
    and ${orders.approvalStatus} is distinct from 'rejected'`,
  changes_requested: sql`${orders.status} = 'paid' and ${orders.workStatus} = 'in_progress'
    and ${orders.approvalStatus} = 'rejected'`,
  in_review: sql`${orders.status} = 'paid' and ${notApproved} and ${orders.workStatus} = 'completed'`,
};

const clientUser = alias(users, 'client_user');
const influencerUser = alias(users, 'influencer_user');

const orderColumns = {
  id: orders.id,
  status: sql<OrderStatus>`${orders.status}`,
  workStatus: sql<WorkStatus>`${orders.workStatus}`,
  approvalStatus: sql<ApprovalStatus | null>`${orders.approvalStatus}`,
  amountMinor: orders.amountMinor,
  createdAt: cursorTime(orders.createdAt),
  campaignId: campaigns.id,
  campaignTitle: campaigns.title,
  clientUserId: clientUser.id,
  clientName: clientUser.name,
  clientEmail: clientUser.email,
  influencerUserId: influencerUser.id,
  influencerName: influencerUser.name,
  influencerEmail: influencerUser.email,
};

export function createAdminOrdersRepository(db: Db) {
  const base = () =>
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .innerJoin(clientUser, eq(clientUser.id, clients.userId))
      .innerJoin(influencers, eq(influencers.id, orders.influencerId))
      .innerJoin(influencerUser, eq(influencerUser.id, influencers.userId));

  return {
    /** Newest first; `limit + 1` rows so the caller knows whether there is more. */
    async list(q: ListQuery) {
      const cursor = decodeCursor(q.cursor);
      const query = prefixQuery(q.q);
      const where = [
        query
          ? or(
              matches(campaigns.searchVector, query),
              matches(personWords(clientUser.name, clientUser.email), query),
              matches(personWords(influencerUser.name, influencerUser.email), query),
            )
          : undefined,
        q.stage ? STAGE_SQL[q.stage] : undefined,
        q.campaignId ? eq(orders.campaignId, q.campaignId) : undefined,
        q.party ? eitherParty(q.party) : undefined,
        q.minAmount === undefined ? undefined : gte(orders.amountMinor, q.minAmount),
        q.maxAmount === undefined ? undefined : lte(orders.amountMinor, q.maxAmount),
        olderThan(orders.createdAt, orders.id, cursor),
      ];
      const rows = await base()
        .where(and(...where))
        .orderBy(...keysetOrder(orders.createdAt, orders.id, 'desc'))
        .limit(q.limit + 1);
      const more = rows.length > q.limit;
      const items = more ? rows.slice(0, q.limit) : rows;
      const last = items[items.length - 1];
      return { items, nextCursor: more && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
    },

    async order(orderId: string) {
      const [row] = await db
        .select({
          ...orderColumns,
          proofUrl: orders.proofUrl,
          completionNotes: orders.completionNotes,
          reviewDeadlineAt: sql<string | null>`${cursorTime(orders.reviewDeadlineAt)}`,
          transactionId: orders.transactionId,
          chatId: chats.id,
          /** The proof link's check (decision 039), read as the brand's campaign page reads it. */
          proofCheck: proofCheckOf(orders.id),
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .innerJoin(clientUser, eq(clientUser.id, clients.userId))
        .innerJoin(influencers, eq(influencers.id, orders.influencerId))
        .innerJoin(influencerUser, eq(influencerUser.id, influencers.userId))
        .leftJoin(chats, eq(chats.orderId, orders.id))
        .where(eq(orders.id, orderId));
      return row ?? null;
    },

    /** The order's transitions, oldest first, with the name of the person behind each. */
    async history(orderId: string) {
      const actor = alias(users, 'actor');
      return db
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
          actorId: actor.id,
          actorName: actor.name,
          reason: orderTransitions.reason,
          createdAt: cursorTime(orderTransitions.createdAt),
        })
        .from(orderTransitions)
        .leftJoin(actor, eq(actor.id, orderTransitions.actorUserId))
        .where(eq(orderTransitions.orderId, orderId))
        .orderBy(asc(orderTransitions.createdAt), asc(orderTransitions.id));
    },

    async payments(orderId: string) {
      return db
        .select({
          id: payments.id,
          kind: payments.kind,
          status: payments.status,
          amountMinor: payments.amountMinor,
          providerOrderId: payments.providerOrderId,
          createdAt: cursorTime(payments.createdAt),
        })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },

    async ledger(orderId: string) {
      return db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          amountMinor: ledgerEntries.amountMinor,
          createdAt: cursorTime(ledgerEntries.createdAt),
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, orderId))
        .orderBy(asc(ledgerEntries.id));
    },

    /** The bank's newest word on a card payment (a receipt read or a signed callback). */
    async receipt(paymentId: string) {
      const [row] = await db
        .select({
          source: paymentEvents.source,
          providerStatus: paymentEvents.providerStatus,
          receivedAt: cursorTime(paymentEvents.receivedAt),
          body: paymentEvents.body,
        })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, paymentId), sql`${paymentEvents.signatureValid} is not false`))
        .orderBy(desc(paymentEvents.receivedAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * The ledger by month in Tbilisi, from the first day of the month `months - 1` months back: what was held,
     * released, captured, refunded, paid out and kept as commission.
     */
    async moneyByMonth(months: number) {
      const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'Asia/Tbilisi', 'YYYY-MM')`;
      const sum = (kind: string) =>
        sql<number>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.kind} = ${kind}), 0)::int`;
      const from = sql`(date_trunc('month', now() at time zone 'Asia/Tbilisi')
        - make_interval(months => ${months - 1})) at time zone 'Asia/Tbilisi'`;
      return db
        .select({
          month,
          heldMinor: sum('hold'),
          releasedMinor: sum('release'),
          capturedMinor: sum('capture'),
          refundedMinor: sum('refund'),
          paidOutMinor: sum('payout'),
          commissionMinor: sum('commission'),
        })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.createdAt} >= ${from}`)
        .groupBy(month)
        .orderBy(desc(month));
    },
  };
}
export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
