// The payment record (spec's `transactions`), saved cards, the ledger and monthly payouts.

/** `'a', 'b'` for a CHECK built from a shared list (constants only: never user input). */
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

import { LEDGER_KINDS, PAYMENT_KINDS, PAYMENT_STATUSES } from '@app/shared/payments/payment.schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders } from './marketplace.ts';
import { influencers } from './people.ts';

/**
 * One row per call to the bank that moves or may move money, written before the call (with its idempotency key) and
 * updated after: provider orders (save_card, preauth: the spec's `transactions`) and operations on them (capture,
 * release, refund: `parent_payment_id` names the provider order).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** The bank's order id: ours for save_card and preauth rows, null on operation rows until known. */
    providerOrderId: text('provider_order_id').unique(),
    parentPaymentId: uuid('parent_payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    /** A preauth paid with a saved card. */
    savedCardId: uuid('saved_card_id').references((): AnyPgColumn => savedCards.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('created'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('GEL'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The bank's card page while the customer has something to do there. */
    redirectUrl: text('redirect_url'),
    /** The bank's last word: order_status.key and the payment detail code. */
    providerStatus: text('provider_status'),
    providerCode: text('provider_code'),
    /** Why it did not go through, in the product's terms (shared PAYMENT_FAILURES). */
    failure: text('failure'),
    errorMessage: text('error_message'),
    /** When the bank releases an uncaptured hold by itself (30 days after it was placed). */
    holdExpiresAt: ts('hold_expires_at'),
    /** What we asked the bank for (the order body and page options), so a retry after a crash asks the same. */
    request: jsonb('request'),
    /** The last time we read the bank's receipt for it (reconciliation and the paying screen's refresh). */
    checkedAt: ts('checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payments_kind_check', sql.raw(`kind in (${quoted(PAYMENT_KINDS)})`)),
    check('payments_status_check', sql.raw(`status in (${quoted(PAYMENT_STATUSES)})`)),
    check('payments_amount_check', sql`${t.amountMinor} >= 0`),
    index('payments_order_idx').on(t.orderId),
    index('payments_user_idx').on(t.userId),
    index('payments_parent_idx').on(t.parentPaymentId),
    index('payments_saved_card_idx').on(t.savedCardId),
    // Reconciliation walks what is still undecided, oldest first.
    index('payments_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Every provider callback and receipt read, raw, with the signature result. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    providerOrderId: text('provider_order_id'),
    /** callback | receipt */
    source: text('source').notNull(),
    /** The body as it arrived (text: a callback's signature covers these exact bytes). */
    rawBody: text('raw_body').notNull(),
    body: jsonb('body'),
    signatureValid: boolean('signature_valid'),
    providerStatus: text('provider_status'),
    /** Callbacks only: provider order id, event, status and a digest of the receipt, so a repeat is stored once. */
    dedupeKey: text('dedupe_key').unique(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_events_source_check', sql`${t.source} in ('callback', 'receipt')`),
    index('payment_events_payment_idx').on(t.paymentId),
    index('payment_events_provider_idx').on(t.providerOrderId),
  ],
);

/** A card reference at the provider: we keep its order id, type, last four and expiry, never the card. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardType: text('card_type').notNull(),
    cardLastFour: text('card_last_four').notNull(),
    cardExpiryDate: text('card_expiry_date').notNull(),
    /** The 1 GEL save-card order at the bank: later payments name it as their parent. */
    parentOrderId: text('parent_order_id').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('saved_cards_last_four_check', sql`${t.cardLastFour} ~ '^[0-9]{4}$'`),
    index('saved_cards_user_active_idx').on(t.userId, t.isActive, t.createdAt.desc()),
  ],
);

/**
 * The money's own record: every hold, release, capture, refund and payout, in tetri, each tied to the bank's word
 * (the payment event it was read from). `dedupe_key` makes applying the same news twice a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id').references(() => paymentEvents.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_kind_check', sql.raw(`kind in (${quoted(LEDGER_KINDS)})`)),
    check('ledger_entries_amount_check', sql`${t.amountMinor} > 0`),
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_event_idx').on(t.eventId),
  ],
);

/**
 * A monthly payout run (decision 016): every approved, captured order not yet paid out when it was made, grouped per
 * influencer with a valid IBAN. `open` until an admin has sent the bank transfer file and marks it `paid` (once).
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: orderedPk(),
    /** First day of the month the batch is named after (the month its orders were approved in, mostly). */
    period: date('period').notNull(),
    status: text('status').notNull().default('open'),
    /** Orders approved before this instant were gathered. */
    cutoffAt: ts('cutoff_at').notNull(),
    /** The platform's commission in basis points when the batch was made (0 = none). */
    commissionBps: integer('commission_bps').notNull(),
    /** 'schedule', 'admin' or 'cli'. */
    trigger: text('trigger').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('payout_batches_status_check', sql`${t.status} in ('open', 'paid')`),
    check('payout_batches_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('payout_batches_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index('payout_batches_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Deleting a user sets these to null: without an index that is a scan of every batch.
    index('payout_batches_created_by_idx').on(t.createdBy),
    index('payout_batches_paid_by_idx').on(t.paidBy),
  ],
);

/** One influencer's share of a batch: the IBAN it goes to (as saved when the batch was made) and the totals. */
export const payouts = pgTable(
  'payouts',
  {
    id: orderedPk(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    /** First day of the month the payout covers (the batch's). */
    period: date('period').notNull(),
    iban: text('iban').notNull(),
    /** The name on the transfer, as it was when the batch was made. */
    accountName: text('account_name').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    commissionMinor: integer('commission_minor').notNull(),
    /** What is transferred: gross - commission. */
    amountMinor: integer('amount_minor').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    unique('payouts_once_per_batch').on(t.batchId, t.influencerId),
    check('payouts_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check(
      'payouts_amount_check',
      sql`${t.amountMinor} >= 0 and ${t.amountMinor} = ${t.grossMinor} - ${t.commissionMinor}`,
    ),
    index('payouts_influencer_idx').on(t.influencerId, t.createdAt.desc()),
  ],
);

/** An order in a payout: at most one payout ever (the unique order_id), whatever code runs. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Captured less refunded, from the ledger. */
    grossMinor: integer('gross_minor').notNull(),
    commissionMinor: integer('commission_minor').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    index('payout_items_payout_idx').on(t.payoutId),
    check(
      'payout_items_amount_check',
      sql`${t.grossMinor} > 0 and ${t.amountMinor} = ${t.grossMinor} - ${t.commissionMinor}`,
    ),
  ],
);
