// What the bank's words mean in ours (pure): a receipt's status as a payment status, the failures people are told,
// the amounts a receipt confirms, and the rules payments move by (forward only). Shared by the payments feature's parts.
import type { PaymentFailure, PaymentStatus } from '@app/shared/payments/payment.schemas';
import type { BogOrderInput } from '../../integrations/bog/bog-client.ts';
import type { PaymentFailureReason } from '../../integrations/bog/bog-failure.ts';
import { receiptFailure } from '../../integrations/bog/bog-failure.ts';
import type { BogReceipt } from '../../integrations/bog/bog-receipt.ts';
import type { PaymentRow } from './payments.repository.ts';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** Spec §9: the payment order lives 3600 s (the bank counts minutes), the save-card order 1440 minutes, 1 GEL. */
export const PAYMENT_TTL_MINUTES = 60;
export const SAVE_CARD_TTL_MINUTES = 1440;
export const SAVE_CARD_AMOUNT_MINOR = 100;
/** The bank releases a manual hold it was not asked to confirm after 30 days. */
export const HOLD_LIFETIME_MS = 30 * DAY;
/** A hold this close to its release may be renewed (a new hold on the client's card, then the old one released). */
export const HOLD_RENEWAL_WINDOW_MS = 3 * DAY;
/** The paying screen may ask the bank itself this often while it waits (a dropped callback costs seconds). */
export const SCREEN_REFRESH_MS = 3_000;
/** Reconciliation looks at what has waited this long. */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
/** Payment events deleted per statement by the retention job. */
export const PRUNE_BATCH = 5_000;

export const CARD_TYPES: Record<string, string> = { visa: 'Visa', mc: 'Mastercard', amex: 'American Express' };

/** What we asked the bank for, kept on the row so a retry after a crash asks the same with the same key. */
export type StoredRequest = { order: BogOrderInput; language: 'en' | 'ka'; parentOrderId?: string; renewalOf?: string };

/** The hold a renewal replaces, or none. */
export const renewalOf = (p: PaymentRow): string | null => (p.request as StoredRequest | null)?.renewalOf ?? null;

export type Log = {
  info: (o: object, m?: string) => void;
  warn: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

/** Forward-only: a later state never goes back to an earlier one, whatever order the news arrives in. */
export const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'held', 'captured', 'released', 'failed'],
  pending: ['held', 'captured', 'released', 'failed'],
  held: ['captured', 'released'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  released: [],
  failed: [],
  succeeded: [],
};

/** The product's failure for the client's finer reason (integrations/bog/bog-failure.ts). */
export function failureOf(reason: PaymentFailureReason): PaymentFailure {
  switch (reason) {
    case '3ds_failed':
      return 'three_ds_failed';
    case 'insufficient_funds':
    case 'declined':
    case 'saved_card_invalid':
    case 'provider_unavailable':
      return reason;
    case 'card_expired':
    case 'invalid_card':
      return 'card_invalid';
    case 'expired':
    case 'not_found':
      return 'expired';
    default:
      return 'unknown';
  }
}

/** Where the bank's receipt puts a provider order (save_card, preauth) in our vocabulary. */
export function statusFromReceipt(r: BogReceipt): { status: PaymentStatus | null; failure: PaymentFailure | null } {
  switch (r.status) {
    case 'created':
    case 'processing':
    case 'auth_requested':
      return { status: 'pending', failure: null };
    case 'blocked':
      return { status: 'held', failure: null };
    case 'completed':
    case 'partial_completed':
    case 'refund_requested':
      return { status: 'captured', failure: null };
    case 'refunded':
      return { status: 'refunded', failure: null };
    case 'refunded_partially':
      return { status: 'partially_refunded', failure: null };
    case 'rejected': {
      const cancelled = r.actions.some((a) => a.action === 'cancel_authorize' && a.status === 'completed');
      // A hold the merchant cancelled, or one the bank let lapse after 30 days (it had been held: code 200).
      const lapsed = r.rejectReason === 'expiration' && r.payment?.code === '200';
      if (cancelled || lapsed) return { status: 'released', failure: null };
      const f = receiptFailure(r);
      return { status: 'failed', failure: f ? failureOf(f.reason) : 'unknown' };
    }
    default:
      return { status: null, failure: null };
  }
}

/** The amount the bank confirmed (captured) on a provider order: completed authorize actions, else what it moved. */
export function capturedAmount(r: BogReceipt): number {
  const confirmed = r.actions
    .filter((a) => (a.action === 'authorize' || a.action === 'partial_authorize') && a.status === 'completed')
    .reduce((sum, a) => sum + (a.amountMinor ?? 0), 0);
  return confirmed || r.transferAmountMinor + r.refundAmountMinor;
}

export type OperationOutcome = 'done' | 'refused' | 'unavailable' | 'unknown';
