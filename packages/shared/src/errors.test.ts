import { describe, expect, it } from 'vitest';
import { isErrorBody } from './errors';

describe('isErrorBody', () => {
  it("takes the API's { error: { code, message } }, with or without details", () => {
    expect(isErrorBody({ error: { code: 'NOT_FOUND', message: 'Campaign not found' } })).toBe(true);
    expect(
      isErrorBody({ error: { code: 'VALIDATION_ERROR', message: 'Check the form', details: [{ path: 'x' }] } }),
    ).toBe(true);
  });

  it('refuses what a proxy or a broken answer sends', () => {
    for (const body of [
      undefined,
      null,
      'Bad gateway',
      42,
      {},
      { error: 'x' },
      { error: null },
      { error: { code: 1, message: 'x' } },
      { error: { code: 'X' } },
    ]) {
      expect(isErrorBody(body)).toBe(false);
    }
  });
});
