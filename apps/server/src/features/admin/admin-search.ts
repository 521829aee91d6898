// The admin console's search and cursors (decision 031). Search is by word prefix over PostgreSQL's own text
// search ('simple': lower-case, no stemming), so "nin ber" finds Nino Beridze and "client@" finds client@demo.test,
// through GIN indexes rather than a scan of every account.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { encodeKeyset } from '../../lib/cursor.ts';

/**
 * A tsquery of every word as a prefix (`'nino':* & 'ber':*`), or null when nothing searchable was typed. Only
 * letters, digits and the characters of an address survive, so a person cannot write tsquery syntax.
 */
export function prefixQuery(q: string | undefined): string | null {
  const words = (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, '').replace(/^[._+-]+|[._+-]+$/g, ''))
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

/**
 * A person's searchable words: the name and the address. Must stay identical to the expression of `users_search_idx`
 * (db/schema/auth.ts), or the planner cannot use the index.
 */
export const personWords = (name: AnyColumn, email: AnyColumn) =>
  sql`to_tsvector('simple'::regconfig, ${name} || ' ' || ${email})`;

export const matches = (words: SQL | AnyColumn, query: string) =>
  sql`${words} @@ to_tsquery('simple'::regconfig, ${query})`;

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** users.id is better-auth's text id (a UUID for every account this server made). */
const TEXT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Keyset cursors over (created_at, id) whose id is text: lib/cursor.ts's decoder accepts only UUIDs. */
export const encodeTextCursor = (createdAt: string, id: string) => encodeKeyset({ key: createdAt, id });

export function decodeTextCursor(raw: string | undefined): { key: string; id: string } | null {
  if (!raw) return null;
  const [key, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const real = key && TIME.test(key) && !Number.isNaN(new Date(key).getTime());
  if (extra !== undefined || !real || !id || !TEXT_ID.test(id)) {
    throw new AppError('VALIDATION_ERROR', 'This page link is no longer valid. Reload the list to start again.', 400, {
      fieldErrors: { cursor: ['Invalid cursor'] },
    });
  }
  return { key, id };
}
