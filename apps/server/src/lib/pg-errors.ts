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
