// Issue 26: every text exists in both languages; a key added to one catalogue only fails here.
import { describe, expect, it } from 'vitest';
import enLegal from './en/legal.json';
import en from './en/translation.json';
import kaLegal from './ka/legal.json';
import ka from './ka/translation.json';

/** Every leaf's dotted path (array items by index). */
function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the catalogues', () => {
  it('have the same keys in English and Georgian', () => {
    const [e, k] = [new Set(keys(en)), new Set(keys(ka))];
    expect(
      [...e].filter((key) => !k.has(key)),
      'missing in ka',
    ).toEqual([]);
    expect(
      [...k].filter((key) => !e.has(key)),
      'missing in en',
    ).toEqual([]);
  });

  it('have the same structure for the legal texts', () => {
    const [e, k] = [new Set(keys(enLegal)), new Set(keys(kaLegal))];
    expect(
      [...e].filter((key) => !k.has(key)),
      'missing in ka',
    ).toEqual([]);
    expect(
      [...k].filter((key) => !e.has(key)),
      'missing in en',
    ).toEqual([]);
  });

  it('give every plural both forms Intl.PluralRules asks for (one and other, in both languages)', () => {
    for (const catalogue of [en, ka]) {
      const all = new Set(keys(catalogue));
      for (const key of all) {
        const base = /^(.*)_(one|other)$/.exec(key)?.[1];
        if (base) expect(all.has(`${base}_one`) && all.has(`${base}_other`), key).toBe(true);
      }
    }
  });

  it('leave no Georgian text empty or still in English where English has words', () => {
    const flat = (node: unknown, prefix = ''): [string, unknown][] =>
      node !== null && typeof node === 'object'
        ? Object.entries(node).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
        : [[prefix, node]];
    const english = new Map(flat(en));
    const untranslated = flat(ka).filter(
      ([key, value]) =>
        typeof value === 'string' &&
        (!value.trim() || (/[a-z]{4,} [a-z]{4,}/.test(value) && value === english.get(key))),
    );
    expect(untranslated).toEqual([]);
  });
});
