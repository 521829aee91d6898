import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureReason, hasFieldErrors } from './failure';

describe('failureReason', () => {
  it("gives the server's reason for a refusal and for a lost connection", () => {
    expect(failureReason(new ApiError(409, 'ALREADY_APPLIED', 'You already applied'), 'Try later')).toBe(
      'You already applied',
    );
    expect(failureReason(new ApiError(0, 'NETWORK', 'No connection to the server'), 'Try later')).toBe(
      'No connection to the server',
    );
  });
  it("gives the server's words for a brief outage: they say when to try again", () => {
    expect(
      failureReason(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable. Try again in a few seconds.'), 'x'),
    ).toBe('Briefly unavailable. Try again in a few seconds.');
  });
  it("gives the screen's own text for a server failure, a broken answer or anything else", () => {
    expect(failureReason(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong'), 'Try later')).toBe('Try later');
    expect(failureReason(new ApiError(200, 'INVALID_RESPONSE', 'Unexpected answer'), 'Try later')).toBe('Try later');
    expect(failureReason(new Error('boom'), 'Try later')).toBe('Try later');
    expect(failureReason(undefined, 'Try later')).toBe('Try later');
  });
});

describe('hasFieldErrors', () => {
  it('is true only when the server named fields', () => {
    expect(
      hasFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'x', { fieldErrors: { budget: ['Enter a budget'] } })),
    ).toBe(true);
    expect(hasFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'x', { fieldErrors: {} }))).toBe(false);
    expect(hasFieldErrors(new ApiError(409, 'CONFLICT', 'x'))).toBe(false);
    expect(hasFieldErrors(null)).toBe(false);
  });
});
