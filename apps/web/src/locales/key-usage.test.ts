// Issue 26: the catalogues and the code cannot drift apart. Read statically from the sources (no render needed):
// - every key the code asks for (t('…'), i18n.t('…'), i18nKey="…") exists in the catalogue of its namespace;
// - every key built at run time (t(`platforms.${p}`)) matches at least one key, and the matched keys count as used;
// - every key in the catalogues is used: asked for by name, matched by such a pattern, or named by a string literal
//   the code hands to t() later (tables such as { label: 'money.held' }).
// The English catalogue is the reference (catalogue-parity.test.ts keeps Georgian's keys equal to it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import legal from './en/legal.json';
import translation from './en/translation.json';

const SRC = fileURLToPath(new URL('..', import.meta.url));

type Catalogue = Record<string, unknown>;
const catalogues: Record<string, Catalogue> = { translation, legal };

/** Every leaf's dotted path; arrays are one leaf (they are read whole, with returnObjects). */
function leaves(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A plural or a nested object is used when its base is asked for: `n.count` reads n.count_one and n.count_other. */
function resolves(key: string, all: string[]): string[] {
  return all.filter(
    (k) =>
      k === key ||
      k.startsWith(`${key}.`) ||
      (/^_(one|other|zero|two|few|many)$/.test(k.slice(key.length)) && k.startsWith(key)),
  );
}

type Use = { file: string; key: string; namespace: string };

function scan() {
  const literal: Use[] = [];
  const patterns: (Use & { regex: RegExp })[] = [];
  const mentioned = new Set<string>();
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path);
    const code = readFileSync(path, 'utf8');
    const namespace = /useTranslation\(\s*'legal'\s*\)/.test(code) ? 'legal' : 'translation';
    for (const m of code.matchAll(/(?:\bt|i18n\.t)\(\s*'([^'\n]+)'(?:\s*,\s*\{\s*ns:\s*'(\w+)')?/g))
      literal.push({ file, key: m[1] ?? '', namespace: m[2] ?? namespace });
    for (const m of code.matchAll(/i18nKey=["']([^"'\n]+)["']/g)) literal.push({ file, key: m[1] ?? '', namespace });
    for (const m of code.matchAll(/['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g)) mentioned.add(m[1] ?? '');
    for (const m of code.matchAll(/\bt\(\s*`([^`]+)`/g)) {
      // Each ${…} stands for one segment of the key. A key built on a local template
      // (const prefix = `onboarding.${role}`) reads through it.
      const template = (m[1] ?? '').replace(/^\$\{(\w+)\}/, (whole, name: string) => {
        const local = new RegExp(`const ${name} = \`([^\`]+)\``).exec(code);
        return local?.[1] ?? whole;
      });
      const source = template
        .split(/\$\{[^}]*\}/)
        .map(literally)
        .join('[^.]+');
      patterns.push({ file, key: template, namespace, regex: new RegExp(`^${source}(?:_(?:one|other))?$`) });
    }
  }
  return { literal, patterns, mentioned };
}

describe('the keys the code uses', () => {
  const { literal, patterns, mentioned } = scan();
  const all: Record<string, string[]> = Object.fromEntries(
    Object.entries(catalogues).map(([ns, c]) => [ns, leaves(c)]),
  );
  const keysOf = (ns: string) => all[ns] ?? [];

  it('finds the code’s keys (the scan itself works)', () => {
    expect(literal.length).toBeGreaterThan(500);
    expect(patterns.length).toBeGreaterThan(30);
  });

  it('are all in the catalogues', () => {
    const missing = literal
      .filter(({ key, namespace }) => resolves(key, keysOf(namespace)).length === 0)
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('built at run time each match a key', () => {
    const unmatched = patterns
      .filter(({ regex, namespace }) => !keysOf(namespace).some((k) => regex.test(k)))
      .map(({ file, key }) => `${file}: ${key}`);
    expect(unmatched).toEqual([]);
  });

  it('leave no key in the catalogues unused', () => {
    const used = new Map<string, Set<string>>(Object.keys(catalogues).map((ns) => [ns, new Set()]));
    for (const { key, namespace } of literal)
      for (const k of resolves(key, keysOf(namespace))) used.get(namespace)?.add(k);
    for (const { regex, namespace } of patterns)
      for (const k of keysOf(namespace)) if (regex.test(k)) used.get(namespace)?.add(k);
    for (const key of mentioned)
      for (const [ns, keys] of Object.entries(all)) for (const k of resolves(key, keys)) used.get(ns)?.add(k);
    const unused = Object.entries(all).flatMap(([ns, keys]) =>
      keys.filter((k) => !used.get(ns)?.has(k)).map((k) => `${ns}:${k}`),
    );
    expect(unused).toEqual([]);
  });
});
