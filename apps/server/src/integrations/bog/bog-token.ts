// How long an access token may be reused. OAuth says `expires_in` is seconds, but BOG's own example shows an
// epoch-milliseconds value (1634719923245), so every form is read: seconds, epoch seconds, epoch milliseconds.

const MINUTE = 60_000;
/** Refresh this long before the token expires. */
export const TOKEN_REFRESH_MARGIN_MS = MINUTE;
/** Never reuse a token longer than this, whatever the bank says. */
export const TOKEN_MAX_REUSE_MS = 60 * MINUTE;
/** Assumed validity when `expires_in` is missing or unreadable. */
const UNKNOWN_VALIDITY_MS = 5 * MINUTE;

/** The instant (ms) the token expires, read from `expires_in` in whichever form it came. */
export function tokenExpiresAt(expiresIn: unknown, nowMs: number): number {
  const n = typeof expiresIn === 'string' && expiresIn.trim() ? Number(expiresIn) : expiresIn;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return nowMs + UNKNOWN_VALIDITY_MS;
  if (n > 1e12) return n; // epoch milliseconds
  if (n > 1e9) return n * 1000; // epoch seconds
  return nowMs + n * 1000; // seconds from now
}

/**
 * Until when (ms) a token issued now may be reused: a minute before it expires and at most an hour. A token valid
 * for less than the margin is reused for half its validity; one already expired is not reused at all.
 */
export function tokenReuseUntil(expiresIn: unknown, nowMs: number): number {
  const validMs = tokenExpiresAt(expiresIn, nowMs) - nowMs;
  if (validMs <= 0) return nowMs;
  const reuseMs = validMs > TOKEN_REFRESH_MARGIN_MS ? validMs - TOKEN_REFRESH_MARGIN_MS : Math.floor(validMs / 2);
  return nowMs + Math.min(reuseMs, TOKEN_MAX_REUSE_MS);
}
