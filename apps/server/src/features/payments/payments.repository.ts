import type { LedgerKind, PaymentKind, PaymentStatus } from '@app/shared/payments/payment.schemas';
import { and, desc, eq, inArray, isNull, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  campaigns,
  clients,
  influencers,
  ledgerEntries,
  orders,
  paymentEvents,
  payments,
  savedCards,
  users,
} from '../../db/schema.ts';

type Conn = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

const cardColumns = {
  id: savedCards.id,
  cardType: savedCards.cardType,
  cardLastFour: savedCards.cardLastFour,
  cardExpiryDate: savedCards.cardExpiryDate,
  parentOrderId: savedCards.parentOrderId,
  createdAt: savedCards.createdAt,
};

export function createPaymentsRepository(db: Db) {
  return {
    /** The client's own order, locked until the transaction ends (a payment start, a hold and a delete take turns). */
    async lockOwnedOrder(tx: Tx, orderId: string, clientId: string) {
      const [row] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          amountMinor: orders.amountMinor,
          approvalStatus: orders.approvalStatus,
          transactionId: orders.transactionId,
          campaignId: orders.campaignId,
          campaignTitle: campaigns.title,
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)))
        .for('update', { of: orders });
      return row ?? null;
    },

    /**
     * The newest open attempt (created or pending, made after `since`: its page at the bank still works) for an
     * order (Start & Pay) or a person (Add card), whatever its amount or card: another click, another tab or a
     * script gets it back instead of a new order at the bank (issue 21 §5.2).
     */
    async openAttempt(
      tx: Tx,
      f: { kind: 'preauth'; orderId: string; since: Date } | { kind: 'save_card'; userId: string; since: Date },
    ) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(
            f.kind === 'preauth' ? eq(payments.orderId, f.orderId) : eq(payments.userId, f.userId),
            eq(payments.kind, f.kind),
            inArray(payments.status, ['created', 'pending']),
            sql`${payments.createdAt} > ${f.since}`,
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The client's profile row, locked until the transaction ends: one Add card at a time per person. */
    async lockClient(tx: Tx, clientId: string) {
      await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    },

    async insert(conn: Conn, values: NewPayment): Promise<PaymentRow> {
      const [row] = await conn.insert(payments).values(values).returning();
      return row!;
    },

    /** Inserts an operation row once per idempotency key; a repeat returns the existing row. */
    async insertOnce(conn: Conn, values: NewPayment): Promise<PaymentRow> {
      await conn.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotencyKey });
      const [row] = await conn.select().from(payments).where(eq(payments.idempotencyKey, values.idempotencyKey));
      return row!;
    },

    async find(conn: Conn, id: string): Promise<PaymentRow | null> {
      const [row] = await conn.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    async lock(tx: Tx, id: string): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      return row ?? null;
    },

    async findByProviderOrderId(providerOrderId: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
      return row ?? null;
    },

    async update(conn: Conn, id: string, patch: Partial<NewPayment>) {
      await conn.update(payments).set(patch).where(eq(payments.id, id));
    },

    /** Operation rows (capture, release, refund) on a provider order still waiting for the bank's word. */
    async openOperations(conn: Conn, parentPaymentId: string, kind: PaymentKind) {
      return conn
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.parentPaymentId, parentPaymentId),
            eq(payments.kind, kind),
            inArray(payments.status, ['created', 'pending']),
          ),
        );
    },

    /** Operations of one kind on a hold that the bank refused: the next attempt gets a new key. */
    async failedOperations(conn: Conn, parentPaymentId: string, kind: PaymentKind): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(
          and(eq(payments.parentPaymentId, parentPaymentId), eq(payments.kind, kind), eq(payments.status, 'failed')),
        );
      return row?.n ?? 0;
    },

    /** The bank refused an operation of this kind on the hold since `since`, and no other is still waiting. */
    async operationRefusedSince(conn: Conn, parentPaymentId: string, kind: PaymentKind, since: Date) {
      const rows = await conn
        .select({ status: payments.status, updatedAt: payments.updatedAt })
        .from(payments)
        .where(and(eq(payments.parentPaymentId, parentPaymentId), eq(payments.kind, kind)));
      const open = rows.some((r) => r.status === 'created' || r.status === 'pending');
      return !open && rows.some((r) => r.status === 'failed' && r.updatedAt >= since);
    },

    /**
     * Stores a callback or receipt read. A callback with a dedupe key seen before is not stored again: the id of the
     * first is returned with `duplicate`.
     */
    async recordEvent(values: typeof paymentEvents.$inferInsert): Promise<{ id: string; duplicate: boolean }> {
      const inserted = await db
        .insert(paymentEvents)
        .values(values)
        .onConflictDoNothing({ target: paymentEvents.dedupeKey })
        .returning({ id: paymentEvents.id });
      if (inserted[0]) return { id: inserted[0].id, duplicate: false };
      const [first] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.dedupeKey, values.dedupeKey!));
      return { id: first!.id, duplicate: true };
    },

    /**
     * Deletes up to `limit` payment events nobody needs any more: received before `before` (or refused callbacks
     * stored before issue 21, at any age), unless the ledger names them (the evidence for a movement of money) or
     * their payment is still undecided or held. Returns how many went.
     */
    async pruneEvents(before: Date, limit: number): Promise<number> {
      const doomed = db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .leftJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .where(
          and(
            or(eq(paymentEvents.signatureValid, false), lt(paymentEvents.receivedAt, before)),
            or(isNull(payments.id), notInArray(payments.status, ['created', 'pending', 'held'])),
            notExists(
              db.select({ one: sql`1` }).from(ledgerEntries).where(eq(ledgerEntries.eventId, paymentEvents.id)),
            ),
          ),
        )
        .limit(limit);
      const gone = await db
        .delete(paymentEvents)
        .where(inArray(paymentEvents.id, doomed))
        .returning({ id: paymentEvents.id });
      return gone.length;
    },

    async linkEvent(eventId: string, paymentId: string) {
      await db.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, eventId));
    },

    /**
     * Entries of the money that left us (payouts, commission: the payouts feature's port into the ledger), in
     * statements of 1,000; a replayed entry (same dedupe key) is ignored.
     */
    async addPayoutEntries(
      tx: Tx,
      rows: {
        orderId: string;
        kind: 'payout' | 'commission';
        amountMinor: number;
        dedupeKey: string;
        createdAt: Date;
      }[],
    ) {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(ledgerEntries)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing({ target: ledgerEntries.dedupeKey });
      }
    },

    async addLedger(
      tx: Tx,
      e: {
        orderId: string | null;
        paymentId: string;
        eventId: string | null;
        kind: LedgerKind;
        amountMinor: number;
        dedupeKey: string;
      },
    ) {
      if (e.amountMinor <= 0) return;
      await tx.insert(ledgerEntries).values(e).onConflictDoNothing({ target: ledgerEntries.dedupeKey });
    },

    /** Sum of a payment's ledger entries of one kind. */
    async ledgerSum(conn: Conn, paymentId: string, kind: LedgerKind): Promise<number> {
      const [row] = await conn
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind)));
      return row?.total ?? 0;
    },

    /** Held, released, captured, refunded and paid out for one order, from the ledger. */
    async ledgerByOrder(orderId: string) {
      return db
        .select({ kind: ledgerEntries.kind, total: sql<number>`sum(${ledgerEntries.amountMinor})::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, orderId))
        .groupBy(ledgerEntries.kind);
    },

    /** Per payment (provider orders only), the ledger's totals by kind: the reconciliation report's side of the books. */
    async ledgerByPayment(paymentIds: string[]) {
      if (paymentIds.length === 0) return [];
      return db
        .select({
          paymentId: ledgerEntries.paymentId,
          kind: ledgerEntries.kind,
          total: sql<number>`sum(${ledgerEntries.amountMinor})::int`,
        })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.paymentId, paymentIds))
        .groupBy(ledgerEntries.paymentId, ledgerEntries.kind);
    },

    /** Provider orders with a bank id, newest first, a page at a time (the reconciliation report walks them). */
    async providerOrders(f: { after?: string; limit: number }) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            inArray(payments.kind, ['save_card', 'preauth']),
            sql`${payments.providerOrderId} is not null`,
            f.after ? lt(payments.id, f.after) : undefined,
          ),
        )
        .orderBy(desc(payments.id))
        .limit(f.limit);
    },

    /** Who to tell about an order's payment, and what about. */
    async orderParties(conn: Conn, orderId: string) {
      const clientUser = alias(users, 'client_user');
      const influencerUser = alias(users, 'influencer_user');
      const [row] = await conn
        .select({
          orderId: orders.id,
          campaignId: campaigns.id,
          campaignTitle: campaigns.title,
          client: { name: clients.name, email: clientUser.email, language: clientUser.language },
          influencer: {
            name: influencers.name,
            lastname: influencers.lastname,
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

    async userEmail(conn: Conn, userId: string) {
      const [row] = await conn.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    // ---- saved cards ------------------------------------------------------------------------------------------
    async activeCards(userId: string) {
      return db
        .select(cardColumns)
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.isActive, true)))
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
    },

    async ownActiveCard(conn: Conn, id: string, userId: string) {
      const [row] = await conn
        .select(cardColumns)
        .from(savedCards)
        .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), eq(savedCards.isActive, true)));
      return row ?? null;
    },

    async ownCard(id: string, userId: string) {
      const [row] = await db
        .select({ ...cardColumns, isActive: savedCards.isActive })
        .from(savedCards)
        .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
      return row ?? null;
    },

    /** The card saved by a paid save-card order: once, whatever repeats the news. */
    async saveCard(
      tx: Tx,
      c: { userId: string; cardType: string; cardLastFour: string; cardExpiryDate: string; parentOrderId: string },
    ) {
      await tx.insert(savedCards).values(c).onConflictDoNothing({ target: savedCards.parentOrderId });
    },

    async deactivateCard(conn: Conn, id: string) {
      await conn.update(savedCards).set({ isActive: false }).where(eq(savedCards.id, id));
    },

    // ---- reconciliation ---------------------------------------------------------------------------------------
    /**
     * What the bank still has to settle: rows never answered (created), waiting (pending), holds past the day the bank
     * releases them, and operations still open. `checkedBefore` keeps one row from being read every minute.
     *
     * The order keeps the queue fair (issue 21 §5.2: abandoned attempts must not starve it): first everything but
     * pending bank orders (operations on holds, lapsed holds, creates nobody answered: money already moved or about
     * to), then pending orders taking turns per person (each person's least recently checked first), so one person's
     * hundred abandoned pages delay nobody else's payment by more than a row.
     */
    async needingReconciliation(f: { createdBefore: Date; checkedBefore: Date; now: Date; limit: number }) {
      const since = sql`coalesce(${payments.checkedAt}, ${payments.createdAt})`;
      const waitingPage = sql<number>`case when ${payments.status} = 'pending' and ${payments.kind} in ('preauth', 'save_card') then 1 else 0 end`;
      const due = db
        .select({
          id: payments.id,
          waitingPage: waitingPage.as('waiting_page'),
          turn: sql<number>`row_number() over (partition by ${payments.userId}, ${waitingPage} order by ${since})`.as(
            'turn',
          ),
          since: sql`${since}`.as('since'),
        })
        .from(payments)
        .where(
          and(
            or(
              and(inArray(payments.status, ['created', 'pending']), lt(payments.createdAt, f.createdBefore)),
              // A hold past the day the bank releases it: its lapse must never go unnoticed.
              and(eq(payments.status, 'held'), lt(payments.holdExpiresAt, f.now)),
            ),
            or(isNull(payments.checkedAt), lt(payments.checkedAt, f.checkedBefore)),
          ),
        )
        .as('due');
      const rows = await db
        .select({ payment: payments })
        .from(due)
        .innerJoin(payments, eq(payments.id, due.id))
        .orderBy(due.waitingPage, sql`case when ${due.waitingPage} = 1 then ${due.turn} else 0 end`, due.since)
        .limit(f.limit);
      return rows.map((r) => r.payment);
    },

    async statusCounts() {
      return db
        .select({ status: payments.status, n: sql<number>`count(*)::int` })
        .from(payments)
        .groupBy(payments.status);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
export type { PaymentKind, PaymentStatus };
