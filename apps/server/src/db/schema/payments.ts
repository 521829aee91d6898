// The bank's word (payment events), the ledger and monthly payouts. The payment record itself (spec's
// `transactions`) and saved cards live beside the orders they pay, in marketplace.ts.

/** `'a', 'b'` for a CHECK built from a shared list (constants only: never user input). */
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

import { LEDGER_KINDS } from '@app/shared/payments/payment.schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders, payments } from './marketplace.ts';
import { influencers } from './people.ts';

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
    // The admin console's totals by month read a range of months (issue 23 §3).
    index('ledger_entries_created_idx').on(t.createdAt),
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
