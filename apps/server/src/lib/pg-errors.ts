/** Errors of the database itself, however the driver (PGlite, node-postgres) and drizzle wrap them. */
type PgError = { code?: unknown; constraint?: unknown; cause?: unknown };

function* chain(e: unknown): Generator<PgError> {
  for (let c = e as PgError | undefined, depth = 0; c && depth < 5; c = c.cause as PgError | undefined, depth++)
    yield c;
}

/**
 * A unique violation (SQLSTATE 23505), of `constraint` when one is named. Races end here: two requests pass every
 * check, and the constraint decides which one wins.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (const c of chain(e)) {
    if (c.code === '23505' && (constraint === undefined || c.constraint === constraint)) return true;
  }
  return false;
}

/** The SQLSTATE of the first database error in the chain (23503: a foreign key still points here, …). */
export function pgCode(e: unknown): string | undefined {
  for (const c of chain(e)) if (typeof c.code === 'string') return c.code;
  return undefined;
}

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** How node-postgres and PGlite say it when the server went away or never answered (they carry no code). */
const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not queryable|connection (?:refused|error)|pglite is closed|cannot use a pool after calling end|the database system is (?:starting up|shutting down|in recovery mode)/i;

/**
 * The database could not be reached, or the connection was cut under the statement: an outage (a restart, a
 * failover, the network), not a fault of the request. SQLSTATE class 08 (connection exception), 57P01-57P03 (the
 * server is shutting down or starting), 53300 (too many connections), socket errors, and the drivers' own words.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (const c of chain(e)) {
    const code = typeof c.code === 'string' ? c.code : '';
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || CONNECTION_CODES.has(code)) {
      return true;
    }
    const message = (c as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}
