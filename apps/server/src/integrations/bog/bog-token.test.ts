import { describe, expect, it } from 'vitest';
import { tokenExpiresAt, tokenReuseUntil } from './bog-token.ts';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const minute = 60_000;

describe('expires_in', () => {
  it('is read as seconds, epoch seconds or epoch milliseconds', () => {
    expect(tokenExpiresAt(300, now)).toBe(now + 300_000);
    expect(tokenExpiresAt('300', now)).toBe(now + 300_000);
    expect(tokenExpiresAt(Math.floor((now + 10 * minute) / 1000), now)).toBe(
      Math.floor((now + 10 * minute) / 1000) * 1000,
    );
    expect(tokenExpiresAt(now + 10 * minute, now)).toBe(now + 10 * minute);
    // the docs' own example value is epoch milliseconds (October 2021)
    expect(tokenExpiresAt(1634719923245, now)).toBe(1634719923245);
  });

  it('falls back to five minutes when missing or unreadable', () => {
    for (const v of [undefined, null, 'soon', 0, -5, Number.NaN]) expect(tokenExpiresAt(v, now)).toBe(now + 5 * minute);
  });
});

describe('token reuse', () => {
  it('ends a minute before expiry', () => {
    expect(tokenReuseUntil(300, now)).toBe(now + 4 * minute);
    expect(tokenReuseUntil(now + 10 * minute, now)).toBe(now + 9 * minute);
    expect(tokenReuseUntil(Math.floor((now + 10 * minute) / 1000), now)).toBe(now + 9 * minute);
  });

  it('never lasts more than an hour', () => {
    expect(tokenReuseUntil(86_400, now)).toBe(now + 60 * minute);
    expect(tokenReuseUntil(now + 24 * 60 * minute, now)).toBe(now + 60 * minute);
  });

  it('uses half of a short validity, and nothing of an expired one', () => {
    expect(tokenReuseUntil(40, now)).toBe(now + 20_000);
    expect(tokenReuseUntil(1634719923245, now)).toBe(now); // already expired: fetch a new one every time
  });
});
