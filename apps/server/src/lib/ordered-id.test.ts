import { describe, expect, it } from 'vitest';
import { orderedId } from './ordered-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('orderedId', () => {
  it('is a version 7 UUID', () => {
    expect(orderedId()).toMatch(UUID_V7);
  });

  it('increases strictly, also many times within one millisecond and when the clock steps back', () => {
    const ids = [
      ...Array.from({ length: 5000 }, () => orderedId(1_800_000_000_000)),
      orderedId(1_799_999_999_000),
      orderedId(),
    ];
    for (const id of ids) expect(id).toMatch(UUID_V7);
    // PostgreSQL compares uuids byte by byte, which is the order of their lowercase hex text.
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
