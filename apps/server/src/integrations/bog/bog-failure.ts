import { BogAuthError, BogError, BogProtocolError, BogRejectedError, BogUnavailableError } from './bog-errors.ts';
import type { BogReceipt } from './bog-receipt.ts';

/** The product's payment error codes (spec §8 "Payment"); each has the spec's message on the screen. */
export type PaymentErrorCode = '3DS_FAILURE' | 'ORDER_REJECTED' | 'ORDER_NOT_FOUND' | 'PAYMENT_ERROR';

/** Why, in finer grain than the code: what the screen or the record may want to say. */
export type PaymentFailureReason =
  | '3ds_failed'
  | 'insufficient_funds'
  | 'declined'
  | 'card_expired'
  | 'invalid_card'
  | 'saved_card_invalid'
  | 'expired'
  | 'not_found'
  | 'technical'
  | 'request_rejected'
  | 'provider_unavailable'
  | 'unknown';

export type PaymentFailure = {
  code: PaymentErrorCode;
  reason: PaymentFailureReason;
  /** payment_detail.code, or the HTTP status for a refused request. */
  providerCode: string | null;
  /** What the bank said, for the record (never shown raw to the payer). */
  detail: string | null;
};

// The bank's response codes (research §1.7). 100 and 200 are successes.
const RESPONSE_CODES: Record<string, [PaymentErrorCode, PaymentFailureReason]> = {
  '101': ['ORDER_REJECTED', 'declined'], // card usage limited
  '102': ['ORDER_REJECTED', 'saved_card_invalid'], // saved card wasn't found
  '103': ['PAYMENT_ERROR', 'invalid_card'], // invalid card
  '104': ['ORDER_REJECTED', 'declined'], // transaction-count limit exceeded
  '105': ['ORDER_REJECTED', 'card_expired'], // card expired
  '106': ['ORDER_REJECTED', 'declined'], // amount limit exceeded
  '107': ['ORDER_REJECTED', 'insufficient_funds'],
  '108': ['3DS_FAILURE', '3ds_failed'], // authentication declined
  '109': ['PAYMENT_ERROR', 'technical'], // technical issue
  '110': ['ORDER_NOT_FOUND', 'expired'], // transaction expired
  '111': ['3DS_FAILURE', '3ds_failed'], // authentication timeout
  '112': ['ORDER_REJECTED', 'declined'], // general error
  '199': ['PAYMENT_ERROR', 'unknown'], // unknown response
};

/**
 * The failure a receipt reports, or null when it reports none (paid, held, pending, refunded, or a hold the merchant
 * cancelled: `rejected` with a completed `cancel_authorize` action is a release, not a failed payment).
 */
export function receiptFailure(receipt: BogReceipt): PaymentFailure | null {
  if (receipt.status !== 'rejected') return null;
  if (receipt.actions.some((a) => a.action === 'cancel_authorize' && a.status === 'completed')) return null;
  const code = receipt.payment?.code ?? null;
  const detail = receipt.payment?.codeDescription ?? receipt.rejectReason;
  const known = code ? RESPONSE_CODES[code] : undefined;
  if (known) return { code: known[0], reason: known[1], providerCode: code, detail };
  if (receipt.rejectReason === 'expiration')
    return { code: 'ORDER_NOT_FOUND', reason: 'expired', providerCode: code, detail };
  return { code: 'ORDER_REJECTED', reason: 'declined', providerCode: code, detail };
}

/** A thrown client error as a payment failure (what to tell the payer, what to record). */
export function errorFailure(error: unknown): PaymentFailure {
  if (error instanceof BogUnavailableError || error instanceof BogAuthError) {
    return {
      code: 'PAYMENT_ERROR',
      reason: 'provider_unavailable',
      providerCode: statusText(error),
      detail: error.message,
    };
  }
  if (error instanceof BogRejectedError) {
    const said = error.bodyText ?? '';
    if (error.status === 404 || /invalid order_?id/i.test(said)) {
      return { code: 'ORDER_NOT_FOUND', reason: 'not_found', providerCode: statusText(error), detail: said || null };
    }
    if (/saved card/i.test(said)) {
      return { code: 'ORDER_REJECTED', reason: 'saved_card_invalid', providerCode: statusText(error), detail: said };
    }
    return { code: 'PAYMENT_ERROR', reason: 'request_rejected', providerCode: statusText(error), detail: said || null };
  }
  if (error instanceof BogProtocolError || error instanceof BogError) {
    return { code: 'PAYMENT_ERROR', reason: 'unknown', providerCode: statusText(error), detail: error.message };
  }
  return {
    code: 'PAYMENT_ERROR',
    reason: 'unknown',
    providerCode: null,
    detail: error instanceof Error ? error.message : null,
  };
}

const statusText = (error: BogError) => (error.status === null ? null : String(error.status));
