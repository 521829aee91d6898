// The payments' states and kinds, without zod: the browser's order screens read them on every signed-in page's way
// to its first tap (issue 28 §2); payment.schemas.ts builds the contracts on them.
import { CAMPAIGN_BUDGET_MAX_TEXT } from '../campaigns/campaign-query.ts';

/** What a `payments` row records: a provider order (save_card, preauth) or an operation on one. */
export const PAYMENT_KINDS = ['save_card', 'preauth', 'capture', 'release', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * One list for every row (the database CHECK is built from it). A provider order goes created → pending (the bank
 * has it, the customer or the bank is deciding) → held | failed, then held → captured | released, captured →
 * refunded | partially_refunded. An operation (capture, release, refund) goes created → pending → succeeded | failed.
 */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'held',
  'captured',
  'released',
  'refunded',
  'partially_refunded',
  'succeeded',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Still waiting for the bank: the screen says so and keeps asking. */
export const UNDECIDED_PAYMENT_STATUSES = ['created', 'pending'] as const satisfies readonly PaymentStatus[];

/**
 * The ledger's entry kinds: money held on a card, released back, captured to us, refunded, paid out to the influencer,
 * and the platform's commission kept from a payout. Balances: held = captured + released (+ still held);
 * captured = paid out + commission + refunded + pending payout.
 */
export const LEDGER_KINDS = ['hold', 'release', 'capture', 'refund', 'payout', 'commission'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Why a payment did not go through, as the product names it (spec §8). Each maps to one of the spec's messages;
 * `declined` and `insufficient_funds` both read as a refusal by the bank.
 */
export const PAYMENT_FAILURES = [
  'three_ds_failed',
  'declined',
  'insufficient_funds',
  'card_invalid',
  'expired',
  'provider_unavailable',
  'saved_card_invalid',
  'unknown',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export const PAYMENT_MESSAGES = {
  threeDs: '3D Secure authentication failed. Please check your card details and try again.',
  rejected: 'Payment was rejected. Please contact your bank or try a different card.',
  expired: 'Payment session expired. Please try again.',
  processing: 'Payment processing failed. Please verify your card details and try again.',
  failed: 'Payment failed. Please try again.',
  failedTitle: 'Payment Failed',
  savedCardInvalid:
    'This saved card is no longer valid. Please try another card or add a new payment method in Settings.',
  noSavedCards: 'No saved cards found. Please add a payment method in Settings first.',
  amountMin: 'Amount must be at least 1 GEL',
  amountMax: `Amount must be at most ${CAMPAIGN_BUDGET_MAX_TEXT} GEL`,
  amountStep: 'Amount can have at most two decimals (tetri)',
} as const;
