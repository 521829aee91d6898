import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { savedCardRefused, startFailureMessage } from './payment-failure';

const t = (key: 'payments.initFailed' | 'payments.tryAgain', options?: { reason: string }) =>
  key === 'payments.tryAgain' ? 'Please try again.' : `Failed to initialize payment: ${options?.reason}`;
const INVALID = 'This saved card is no longer valid. Please try another card or add a new payment method in Settings.';
const REJECTED = 'Payment was rejected. Please contact your bank or try a different card.';

describe('a refused payment start', () => {
  it("shows the bank's refusals in the spec's own words, alone", () => {
    expect(
      startFailureMessage(new ApiError(409, 'SAVED_CARD_INVALID', INVALID, { failure: 'saved_card_invalid' }), t),
    ).toBe(INVALID);
    const refused = new ApiError(422, 'PAYMENT_REFUSED', REJECTED, { failure: 'order_rejected' });
    expect(startFailureMessage(refused, t)).toBe(REJECTED);
  });

  it("says 'Failed to initialize payment: {reason}' for anything else, without a 5xx's inner message", () => {
    const conflict = new ApiError(409, 'CONFLICT', 'This order is already paid.');
    expect(startFailureMessage(conflict, t)).toBe('Failed to initialize payment: This order is already paid.');
    const crash = new ApiError(500, 'INTERNAL', 'relation "x" does not exist');
    expect(startFailureMessage(crash, t)).toBe('Failed to initialize payment: Please try again.');
  });

  it('knows when the saved card was refused (the card lists reload)', () => {
    expect(savedCardRefused(new ApiError(409, 'SAVED_CARD_INVALID', INVALID, { failure: 'saved_card_invalid' }))).toBe(
      true,
    );
    expect(savedCardRefused(new ApiError(422, 'PAYMENT_REFUSED', INVALID, { failure: 'saved_card_invalid' }))).toBe(
      true,
    );
    expect(savedCardRefused(new ApiError(422, 'PAYMENT_REFUSED', REJECTED, { failure: 'order_rejected' }))).toBe(false);
    expect(savedCardRefused(new Error('offline'))).toBe(false);
  });
});
