// Campaigns, applications, invitations, orders and ratings (spec §3, lifecycles in §4), and the payment record
// with the saved cards it may be paid with: an order names the hold that paid it and each payment names its order,
// so the two tables live in one module (payments.ts, the money's own record, imports them; never the other way).

/** `'a', 'b'` for a CHECK built from a shared list (constants only: never user input). */
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

import { PAYMENT_KINDS, PAYMENT_STATUSES } from '@app/shared/payments/payment.schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts, tsvector } from './columns.ts';
import { clients, influencers } from './people.ts';

export const campaigns = pgTable(
  'campaigns',
  {
    id: orderedPk(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 50 }).notNull(),
    description: text('description').notNull(),
    /** Money in minor units (tetri); the screen asks for whole GEL. */
    budgetMinor: integer('budget_minor').notNull().default(0),
    uploadLink: text('upload_link'),
    deadline: date('deadline'),
    socials: text('socials').array().notNull(),
    requirements: jsonb('requirements')
      .$type<{ target_audience: string; content_type: string; deliverables: string; timeline: string }>()
      .notNull()
      .default({ target_audience: '', content_type: '', deliverables: '', timeline: '' }),
    status: text('status').notNull().default('open'),
    completionNotes: text('completion_notes'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    workStartedAt: ts('work_started_at'),
    paymentCompletedAt: ts('payment_completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Title and description as words for the list's search. 'simple' (lower-case, no stemming, no stop words): the
     * texts mix English and Georgian, and PostgreSQL has no Georgian dictionary (decision 025).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, title || ' ' || description)`),
  },
  (t) => [
    check('campaigns_status_check', sql`${t.status} in ('open', 'in_progress', 'completed', 'done', 'canceled')`),
    check('campaigns_budget_check', sql`${t.budgetMinor} >= 0`),
    check('campaigns_progress_check', sql`${t.progressPercentage} between 0 and 100`),
    // Keyset pagination newest first: (created_at, id) is the cursor. Clients list their own; influencers list open ones.
    index('campaigns_client_created_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
    index('campaigns_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('campaigns_socials_idx').using('gin', t.socials),
    // The list's other sorts (decision 025): highest budget first, and soonest deadline first with the campaigns
    // without one last (keyset over coalesce(deadline, 'infinity'), which has no nulls).
    index('campaigns_status_budget_idx').on(t.status, t.budgetMinor.desc(), t.id.desc()),
    index('campaigns_client_budget_idx').on(t.clientId, t.budgetMinor.desc(), t.id.desc()),
    index('campaigns_status_deadline_idx').on(t.status, sql`coalesce(${t.deadline}, 'infinity'::date)`, t.id),
    index('campaigns_client_deadline_idx').on(t.clientId, sql`coalesce(${t.deadline}, 'infinity'::date)`, t.id),
    index('campaigns_search_idx').using('gin', t.searchVector),
  ],
);

export const campaignApplications = pgTable(
  'campaign_applications',
  {
    id: orderedPk(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** Declined automatically because another applicant was hired: a cancelled hire reopens these. */
    rejectedByHire: boolean('rejected_by_hire').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('campaign_applications_once').on(t.campaignId, t.influencerId),
    check('campaign_applications_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    index('campaign_applications_influencer_idx').on(t.influencerId, t.createdAt.desc()),
    // The owner's view of a campaign: its applications newest first and their counts by status, read from the index.
    index('campaign_applications_campaign_idx').on(t.campaignId, t.createdAt.desc(), t.id.desc(), t.status),
    // A campaign hires one influencer: the database refuses a second accepted application, whatever the race.
    uniqueIndex('campaign_applications_one_accepted').on(t.campaignId).where(sql`${t.status} = 'accepted'`),
  ],
);

export const campaignInvitations = pgTable(
  'campaign_invitations',
  {
    id: orderedPk(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('campaign_invitations_once').on(t.campaignId, t.influencerId),
    check('campaign_invitations_status_check', sql`${t.status} in ('pending', 'applied', 'declined')`),
    index('campaign_invitations_influencer_idx').on(t.influencerId, t.createdAt.desc(), t.id.desc()),
    index('campaign_invitations_client_idx').on(t.clientId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: orderedPk(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id')
      .notNull()
      .unique()
      .references(() => campaignApplications.id, { onDelete: 'restrict' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** Payment: unpaid → paid (card hold placed); disputed while an admin decides; canceled or refunded when money goes back. */
    status: text('status').notNull().default('unpaid'),
    amountMinor: integer('amount_minor').notNull(),
    workStatus: text('work_status').notNull().default('not_started'),
    /** null counts as pending (spec §4). */
    approvalStatus: text('approval_status'),
    approvalFeedback: text('approval_feedback'),
    proofUrl: text('proof_url'),
    completionNotes: text('completion_notes'),
    workStartedAt: ts('work_started_at'),
    workCompletedAt: ts('work_completed_at'),
    workDeliveredAt: ts('work_delivered_at'),
    /** End of the client's review window; unanswered work is auto-approved after it. */
    reviewDeadlineAt: ts('review_deadline_at'),
    /** Times the work was submitted: keys the review window's jobs to one submission. */
    submissionCount: integer('submission_count').notNull().default(0),
    /**
     * Set while an approval is capturing the hold at the bank (a claim: a second approval or a rejection waits for
     * it); cleared when it settles. A claim older than a few minutes belongs to a crashed request and is retaken.
     */
    captureStartedAt: ts('capture_started_at'),
    /** Who made that claim (the client's user id; null when the review window ended): the approval's actor. */
    captureClaimedBy: text('capture_claimed_by'),
    /**
     * Set while an accepted cancellation moves the money at the bank (issue 23 §2): no other transition of the order
     * is applied until the bank's word finishes it or refuses it (order-cancellations.ts).
     */
    cancelClaimedAt: ts('cancel_claimed_at'),
    /** When both parties were reminded that the campaign's deadline is tomorrow (once per order). */
    deadlineRemindedAt: ts('deadline_reminded_at'),
    approvedAt: ts('approved_at'),
    canceledAt: ts('canceled_at'),
    /** When the client was asked to renew a hold the bank is about to release (once per hold). */
    holdRenewalAskedAt: ts('hold_renewal_asked_at'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    /** The hold that paid this order (spec §3 `transaction_id`). */
    transactionId: uuid('transaction_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('unpaid', 'paid', 'disputed', 'canceled', 'refunded')`),
    check('orders_work_status_check', sql`${t.workStatus} in ('not_started', 'in_progress', 'completed')`),
    check(
      'orders_approval_status_check',
      sql`${t.approvalStatus} is null or ${t.approvalStatus} in ('pending', 'approved', 'rejected')`,
    ),
    check('orders_amount_check', sql`${t.amountMinor} >= 0`),
    index('orders_campaign_idx').on(t.campaignId),
    // One live order per campaign (a canceled one may be followed by another).
    uniqueIndex('orders_one_live_per_campaign').on(t.campaignId).where(sql`${t.status} <> 'canceled'`),
    index('orders_influencer_created_idx').on(t.influencerId, t.createdAt.desc(), t.id.desc()),
    index('orders_client_idx').on(t.clientId),
    // The admin console's orders list: newest first (issue 23 §3).
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_transaction_idx').on(t.transactionId),
    // Payouts gather approved orders by approval time (decision 016).
    index('orders_approved_idx').on(t.approvedAt).where(sql`${t.approvalStatus} = 'approved'`),
  ],
);

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

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    raterId: text('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedUserId: text('rated_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
    unique('ratings_once_per_order').on(t.orderId, t.raterId),
    index('ratings_rated_user_idx').on(t.ratedUserId),
    index('ratings_rater_idx').on(t.raterId),
  ],
);
