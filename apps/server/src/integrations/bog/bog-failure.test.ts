import { describe, expect, it } from 'vitest';
import { BogAuthError, BogRejectedError, BogUnavailableError } from './bog-errors.ts';
import { errorFailure, receiptFailure } from './bog-failure.ts';
import { type BogReceipt, parseReceipt } from './bog-receipt.ts';

const receipt = (over: {
  status: string;
  code?: string | null;
  rejectReason?: string | null;
  actions?: unknown[];
}): BogReceipt =>
  parseReceipt({
    order_id: 'o1',
    order_status: { key: over.status },
    purchase_units: { request_amount: '10.0' },
    payment_detail: { code: over.code ?? null, code_description: null },
    actions: over.actions ?? [],
    reject_reason: over.rejectReason ?? null,
  });

describe('receiptFailure', () => {
  it('reports nothing for paid, held, pending and refunded orders', () => {
    for (const status of [
      'created',
      'processing',
      'auth_requested',
      'blocked',
      'completed',
      'partial_completed',
      'refunded',
    ]) {
      expect(receiptFailure(receipt({ status, code: status === 'blocked' ? '200' : '100' }))).toBeNull();
    }
  });

  it('maps the response codes to the product codes', () => {
    const cases: [string, string, string][] = [
      ['107', 'ORDER_REJECTED', 'insufficient_funds'],
      ['108', '3DS_FAILURE', '3ds_failed'],
      ['111', '3DS_FAILURE', '3ds_failed'],
      ['105', 'ORDER_REJECTED', 'card_expired'],
      ['102', 'ORDER_REJECTED', 'saved_card_invalid'],
      ['112', 'ORDER_REJECTED', 'declined'],
      ['101', 'ORDER_REJECTED', 'declined'],
      ['103', 'PAYMENT_ERROR', 'invalid_card'],
      ['109', 'PAYMENT_ERROR', 'technical'],
      ['110', 'ORDER_NOT_FOUND', 'expired'],
    ];
    for (const [code, product, reason] of cases) {
      expect(receiptFailure(receipt({ status: 'rejected', code })), code).toMatchObject({
        code: product,
        reason,
        providerCode: code,
      });
    }
  });

  it('reads an expired session from reject_reason, and calls an unexplained rejection a decline', () => {
    expect(receiptFailure(receipt({ status: 'rejected', rejectReason: 'expiration' }))).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      reason: 'expired',
    });
    expect(receiptFailure(receipt({ status: 'rejected', rejectReason: 'unknown' }))).toMatchObject({
      code: 'ORDER_REJECTED',
      reason: 'declined',
    });
  });

  it('does not call a hold the merchant cancelled a failure', () => {
    const cancelled = receipt({
      status: 'rejected',
      code: '200',
      actions: [{ action: 'cancel_authorize', status: 'completed', amount: '10.0' }],
    });
    expect(receiptFailure(cancelled)).toBeNull();
  });
});

describe('errorFailure', () => {
  const answer = (status: number | null, bodyText: string | null) => ({ status, bodyText, bodyJson: undefined });

  it('calls an unreachable or misconfigured bank "provider unavailable"', () => {
    expect(errorFailure(new BogUnavailableError('create_order', 'x', answer(503, ''), 3))).toMatchObject({
      code: 'PAYMENT_ERROR',
      reason: 'provider_unavailable',
      providerCode: '503',
    });
    expect(errorFailure(new BogAuthError('token', 'x', answer(401, '')))).toMatchObject({
      reason: 'provider_unavailable',
    });
  });

  it('reads an unknown order from 404 or "Invalid order_id"', () => {
    expect(
      errorFailure(new BogRejectedError('receipt', 'x', answer(400, '{"message":"Invalid order_id"}'))),
    ).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      reason: 'not_found',
    });
    expect(errorFailure(new BogRejectedError('refund', 'x', answer(404, '')))).toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
  });

  it('treats other refusals and unknown errors as payment errors', () => {
    expect(errorFailure(new BogRejectedError('approve', 'x', answer(400, 'nope')))).toMatchObject({
      code: 'PAYMENT_ERROR',
      reason: 'request_rejected',
      detail: 'nope',
    });
    expect(errorFailure(new Error('boom'))).toMatchObject({ code: 'PAYMENT_ERROR', reason: 'unknown' });
  });
});
