// The payment record (spec's `transactions`), saved cards and monthly payouts.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { ts } from './columns.ts';
import { orders } from './marketplace.ts';
import { influencers } from './people.ts';

/** One row per provider order we create, written before the provider call and updated after it. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    parentPaymentId: uuid('parent_payment_id'),
    status: text('status').notNull().default('created'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('GEL'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payments_kind_check', sql`${t.kind} in ('save_card', 'preauth', 'charge', 'capture', 'void', 'refund')`),
    check('payments_amount_check', sql`${t.amountMinor} >= 0`),
    index('payments_order_idx').on(t.orderId),
    index('payments_user_idx').on(t.userId),
    index('payments_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Every provider callback and status read, raw, with the signature result. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    providerOrderId: text('provider_order_id'),
    source: text('source').notNull(),
    body: jsonb('body').notNull(),
    signatureValid: boolean('signature_valid'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
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
    parentOrderId: text('parent_order_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('saved_cards_last_four_check', sql`${t.cardLastFour} ~ '^[0-9]{4}$'`),
    index('saved_cards_user_active_idx').on(t.userId, t.isActive, t.createdAt.desc()),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    /** First day of the month the payout covers. */
    period: date('period').notNull(),
    iban: text('iban').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    unique('payouts_once_per_period').on(t.influencerId, t.period),
    check('payouts_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('payouts_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

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
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [index('payout_items_payout_idx').on(t.payoutId)],
);
