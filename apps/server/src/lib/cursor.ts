import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from './app-error.ts';

/**
 * Keyset pagination over (created_at, id), newest first.
 *
 * The cursor carries created_at at full microsecond precision: a JavaScript Date keeps only milliseconds, and a
 * cursor rounded to them would show a row twice (or skip it) when its timestamp has microseconds.
 */
export type Cursor = { createdAt: string; id: string };

/** created_at as UTC text with microseconds: select it beside the row to build the next cursor. */
export const cursorTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(c: Cursor): string {
  return encodeKeyset({ key: c.createdAt, id: c.id });
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 2026-13-45T99:… matches the pattern but is no time: PostgreSQL would refuse the cast with a 500. */
function realTime(s: string): boolean {
  const d = new Date(s);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.toISOString().slice(0, 19) === s.slice(0, 19);
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  const c = decodeKeyset(raw, { kind: 'timestamp' });
  return c && { createdAt: c.key, id: c.id };
}

/**
 * Keyset pagination in any order: the position is the last row's sort key (as PostgreSQL's own text, so nothing
 * is rounded) and its id, the tie-breaker. A list with several orders tags its cursors with the order, so a cursor
 * of one order is refused by another instead of starting it at a wrong place.
 */
export type Keyset = { key: string; id: string };
export type KeyKind = 'timestamp' | 'integer' | 'date';

const INTEGER = /^-?\d{1,10}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validKey: Record<KeyKind, (key: string) => boolean> = {
  timestamp: (key) => TIME.test(key) && realTime(key),
  integer: (key) => INTEGER.test(key) && Math.abs(Number(key)) <= 2 ** 31 - 1,
  // 'infinity' stands for "no date" in a list where those come last.
  date: (key) => key === 'infinity' || (DATE.test(key) && realTime(`${key}T00:00:00.000000Z`)),
};

export function encodeKeyset(c: Keyset, tag?: string): string {
  return Buffer.from(`${tag ? `${tag}|` : ''}${c.key}|${c.id}`, 'utf8').toString('base64url');
}

export function decodeKeyset(raw: string | undefined, expect: { kind: KeyKind; tag?: string }): Keyset | null {
  if (!raw) return null;
  const parts = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const tag = expect.tag ? parts.shift() : undefined;
  const [key, id, extra] = parts;
  if (tag !== expect.tag || extra !== undefined || !key || !id || !UUID.test(id) || !validKey[expect.kind](key)) {
    throw new AppError('VALIDATION_ERROR', 'This page link is no longer valid. Reload the list to start again.', 400, {
      fieldErrors: { cursor: ['Invalid cursor'] },
    });
  }
  return { key, id };
}

/**
 * `(key, id)` past the cursor in a list ordered by both `direction`; `undefined` (no condition) on the first page.
 * `cast` is the key's SQL type, so the comparison can walk the index on (…, key, id).
 */
export function pastKeyset(
  key: AnyColumn | SQL,
  id: AnyColumn,
  cursor: Keyset | null,
  o: { direction: 'asc' | 'desc'; cast: 'timestamptz' | 'integer' | 'date' },
): SQL | undefined {
  if (!cursor) return undefined;
  const op = sql.raw(o.direction === 'desc' ? '<' : '>');
  return sql`(${key}, ${id}) ${op} (${cursor.key}::${sql.raw(o.cast)}, ${cursor.id}::uuid)`;
}

/** ORDER BY matching the indexes drizzle generates: `.desc()` is `DESC NULLS LAST`, a plain column `ASC`. */
export const keysetOrder = (key: AnyColumn | SQL, id: AnyColumn | SQL, direction: 'asc' | 'desc') =>
  direction === 'desc' ? [sql`${key} desc nulls last`, sql`${id} desc nulls last`] : [sql`${key} asc`, sql`${id} asc`];

/** `(created_at, id) < cursor` for a newest-first list; `undefined` (no condition) on the first page. */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/** Order matching the `DESC NULLS LAST` indexes drizzle generates for `.desc()`. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** Given `limit + 1` rows, the page and the cursor of its last row (null when there is no further page). */
export function pageFrom<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, nextCursor: more ? encodeCursor(cursorOf(items[items.length - 1]!)) : null };
}
