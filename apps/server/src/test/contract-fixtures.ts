// The providers' documented examples (integrations/contract-fixtures/, each naming its page) and the one check both
// contract tests hold our clients and emulators to (issue 25 §1.4): contract.test.ts and proof-contract.test.ts.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** A documented example, by its file name in integrations/contract-fixtures/. */
export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../integrations/contract-fixtures/${name}.json`, import.meta.url), 'utf8'));

/** Each documented value's type, recursively (arrays by their first item); null documents nothing. */
function shape(v: unknown): unknown {
  if (v === null) return null;
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as object)
        .filter(([, x]) => x !== null)
        .map(([k, x]) => [k, shape(x)]),
    );
  return typeof v;
}

/** `actual` carries every field the documentation shows, with the documented type. */
export function expectDocumentedShape(actual: unknown, documented: unknown, path = '$') {
  const want = shape(documented);
  if (want === null) return;
  if (Array.isArray(want)) {
    expect(Array.isArray(actual), `${path} is an array`).toBe(true);
    if (want.length && (actual as unknown[]).length)
      expectDocumentedShape((actual as unknown[])[0], (documented as unknown[])[0], `${path}[0]`);
    return;
  }
  if (typeof want === 'object') {
    expect(actual, `${path} is an object`).toBeTypeOf('object');
    for (const [k, v] of Object.entries(documented as object)) {
      if (v === null) continue;
      expect(actual as object, `${path}.${k} is present`).toHaveProperty([k]);
      expectDocumentedShape((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
    }
    return;
  }
  expect(typeof actual, `${path} is a ${want}`).toBe(want);
}
