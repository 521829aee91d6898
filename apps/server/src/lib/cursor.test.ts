import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageFrom } from './cursor.ts';

const c = { createdAt: '2026-11-21T10:00:00.123456Z', id: '0b6c6a52-8a7b-4d8e-9a52-6a2b3c4d5e6f' };

describe('keyset cursor', () => {
  it('round-trips at microsecond precision', () => {
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(undefined)).toBeNull();
  });
  it('refuses tampered cursors with a 400', () => {
    const bad = [
      'garbage',
      Buffer.from('2026-11-21T10:00:00.123Z|x').toString('base64url'),
      Buffer.from(`${c.createdAt}|${c.id}|more`).toString('base64url'),
      Buffer.from(`'; drop table campaigns; --|${c.id}`).toString('base64url'),
      // Right shape, impossible time: would reach the ::timestamptz cast.
      Buffer.from(`2026-13-45T99:99:99.000000Z|${c.id}`).toString('base64url'),
      Buffer.from(`0000-01-01T00:00:00.000000Z|${c.id}`).toString('base64url'),
      Buffer.from(`2026-02-30T10:00:00.000000Z|${c.id}`).toString('base64url'),
    ];
    for (const raw of bad) expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
  it('pages: limit + 1 rows mean there is a next page, starting after the last item shown', () => {
    const rows = [1, 2, 3].map((n) => ({ n, createdAt: c.createdAt, id: c.id }));
    const page = pageFrom(rows, 2, (r) => r);
    expect(page.items.map((r) => r.n)).toEqual([1, 2]);
    expect(page.nextCursor).toBe(encodeCursor(c));
    expect(pageFrom(rows.slice(0, 2), 2, (r) => r).nextCursor).toBeNull();
  });
});
