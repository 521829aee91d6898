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
  return Buffer.from(`${c.createdAt}|${c.id}`, 'utf8').toString('base64url');
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 2026-13-45T99:… matches the pattern but is no time: PostgreSQL would refuse the cast with a 500. */
function realTime(s: string): boolean {
  const d = new Date(s);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.toISOString().slice(0, 19) === s.slice(0, 19);
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [createdAt, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !createdAt || !id || !TIME.test(createdAt) || !UUID.test(id) || !realTime(createdAt)) {
    throw new AppError('VALIDATION_ERROR', 'This page link is no longer valid. Reload the list to start again.', 400, {
      fieldErrors: { cursor: ['Invalid cursor'] },
    });
  }
  return { createdAt, id };
}

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
