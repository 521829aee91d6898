#!/usr/bin/env node
// The code's boundaries (issue 22 §5, CONVENTIONS §1, §4, §16), checked from the import graph of the server and the
// shared package with the TypeScript parser (no new dependency; Biome's noRestrictedImports matches import strings
// and cannot tell one feature from another, nor see a cycle):
//
//   db-in-routes        a *.routes.ts file imports no ORM, driver or table, and writes no SQL (routes are thin)
//   feature-repository  features/<a>/** imports no features/<b>/*.repository.ts (a feature receives other features'
//                       services, never their tables)
//   emulators           nothing imports emulators/** but the emulators, main.ts (the composition root) and tests
//   cycles              no import cycle (type-only imports count: a type loop is still two modules that cannot be
//                       read one without the other)
//
// A violation that exists today and belongs to someone else's change is listed in KNOWN below, one exact
// `file -> import` per entry (never a folder or a pattern): it is reported, not failed. Any other violation fails,
// and so does a KNOWN entry that no longer occurs, so the list only shrinks. `--strict` ignores the list.
//
//   node scripts/check-boundaries.mjs [--strict] [--json <file>] [--self-test]
//
// --self-test plants one violation of each rule in a scratch tree and fails unless each is caught.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Today's violations, each someone's to remove in issue 22 (delete the line when it is gone). */
export const KNOWN = {
  'db-in-routes': [],
  'feature-repository': [],
  emulators: [],
  cycles: [],
};

const ROOTS = ['apps/server/src', 'packages/shared/src'];
const SERVER = 'apps/server/src/';
const SHARED_ALIAS = '@app/shared/';
const DB_MODULES = new Set(['drizzle-orm', 'pg', '@electric-sql/pglite']);
const SQL_WORD = /^\s*(select|insert|update|delete|with|create|alter|drop|truncate)\s/i;

// ---- reading the code ---------------------------------------------------------------------------------------

function listFiles(root, dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(root, rel));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Every module a file names (static, re-export, dynamic), with its line, and the SQL it writes. */
function parse(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const imports = [];
  const sql = [];
  const writes = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) imports.push({ spec: node.moduleSpecifier.text, line: line(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) imports.push({ spec: arg.text, line: line(node) });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_CALLS.has(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0])
    ) {
      writes.push({ table: node.arguments[0].text, line: line(node) });
    } else if (ts.isTaggedTemplateExpression(node) && /^sql(\.|$)/.test(node.tag.getText(source))) {
      sql.push({ what: 'sql`…`', line: line(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      SQL_WORD.test(node.arguments[0].text)
    ) {
      sql.push({ what: 'a SQL string', line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, sql, writes };
}

/** The repository-relative file a specifier names, or undefined for a package. */
function resolve(files, from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else if (spec.startsWith(SHARED_ALIAS)) base = `packages/shared/src/${spec.slice(SHARED_ALIAS.length)}`;
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (files.has(candidate)) return candidate;
  }
  return base; // a file outside the scanned roots (or missing: the type checker says so)
}

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith(`${SERVER}test/`);
const featureOf = (file) => /^apps\/server\/src\/features\/([^/]+)\//.exec(file)?.[1];

// ---- the rules ------------------------------------------------------------------------------------------------

function dbInRoutes(file, parsed, target) {
  if (!file.startsWith(SERVER) || !file.endsWith('.routes.ts')) return [];
  const found = [];
  for (const i of parsed.imports) {
    const t = target(i);
    if (!t && DB_MODULES.has(packageOf(i.spec))) found.push({ what: i.spec, line: i.line });
    else if (t === `${SERVER}db/schema.ts` || t?.startsWith(`${SERVER}db/schema/`))
      found.push({ what: t, line: i.line });
  }
  for (const s of parsed.sql) found.push(s);
  return found.map((v) => ({
    ...v,
    why: 'routes validate, identify the actor and call a service: the query belongs in a repository',
  }));
}

function featureRepository(file, parsed, target) {
  const own = featureOf(file);
  if (!own) return [];
  return parsed.imports
    .map((i) => ({ i, t: target(i) }))
    .filter(({ t }) => t?.endsWith('.repository.ts') && featureOf(t) && featureOf(t) !== own)
    .map(({ i, t }) => ({
      what: t,
      line: i.line,
      why: isTest(file)
        ? 'a test makes its people with test/fixtures.ts (person, admin), not through another feature’s tables'
        : `features/${own} reaches into features/${featureOf(t)}'s tables: take its service (or a port) as a dependency`,
    }));
}

function emulators(file, parsed, target) {
  if (file.startsWith(`${SERVER}emulators/`) || file === `${SERVER}main.ts` || isTest(file)) return [];
  return parsed.imports
    .map((i) => ({ i, t: target(i) }))
    .filter(({ t }) => t?.startsWith(`${SERVER}emulators/`))
    .map(({ i, t }) => ({
      what: t,
      line: i.line,
      why: 'only main.ts (the composition root) and tests start or name an emulator: pass what you need in',
    }));
}

/** Strongly connected components of the import graph (Tarjan), each as one concrete loop and its size. */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) {
      const loop = loopThrough(graph, new Set(component));
      // A known loop that other files join is a new cycle: name the extra files' count in the key.
      const more = component.length - loop.length;
      found.push({ loop, more });
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return found;
}

/** The shortest way from the component's first file back to itself, inside the component. */
function loopThrough(graph, component) {
  const start = [...component].sort()[0];
  const from = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (w === start) {
        const loop = [];
        for (let at = v; at !== null; at = from.get(at)) loop.unshift(at);
        return loop;
      }
      if (component.has(w) && !from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

// ---- running them --------------------------------------------------------------------------------------------

/**
 * Which features write each table (issue 22 §2: no repository writes another feature's tables; the others reach a
 * table through its owner's port). The people tables are written by the account features: auth creates the rows,
 * profiles edits a person's profile; of an influencer's row, social owns `socials` and `verified_followers` (the
 * verified accounts), payouts owns `iban`.
 */
const WRITE_CALLS = new Set(['insert', 'update', 'delete']);
const TABLE_OWNERS = {
  users: ['auth', 'profiles'],
  sessions: ['auth'],
  accounts: ['auth'],
  verifications: ['auth'],
  signInFailures: ['auth'],
  clients: ['auth', 'profiles'],
  influencers: ['auth', 'profiles', 'social', 'payouts'],
  influencerCategories: ['auth'],
  campaigns: ['campaigns'],
  campaignApplications: ['applications'],
  campaignInvitations: ['invitations'],
  orders: ['orders'],
  orderTransitions: ['orders'],
  disputes: ['orders'],
  ratings: ['orders'],
  chats: ['chat'],
  messages: ['chat'],
  messageReadStatus: ['chat'],
  payments: ['payments'],
  paymentEvents: ['payments'],
  savedCards: ['payments'],
  ledgerEntries: ['payments'],
  payoutBatches: ['payouts'],
  payouts: ['payouts'],
  payoutItems: ['payouts'],
  socialVerifications: ['social'],
  influencerPlatforms: ['social'],
  influencerPlatformCategories: ['social'],
  adminActions: ['admin'],
  notifications: ['notifications'],
  notificationPreferences: ['notifications'],
};

function tableWrites(file, parsed) {
  const own = featureOf(file);
  if (!own || isTest(file)) return [];
  return parsed.writes
    .filter((w) => TABLE_OWNERS[w.table] && !TABLE_OWNERS[w.table].includes(own))
    .map((w) => ({
      what: `writes ${w.table}`,
      line: w.line,
      why: `${w.table} belongs to features/${TABLE_OWNERS[w.table].join(', ')}: call its port (its repository, passed in)`,
    }));
}

const RULES = {
  'db-in-routes': dbInRoutes,
  'feature-repository': featureRepository,
  emulators,
  'table-writes': tableWrites,
};

/** Every rule over the files under `roots`; violations split into new, known and stale (known but gone). */
export function check({ root, roots = ROOTS, known = KNOWN }) {
  const list = roots.flatMap((r) => listFiles(root, r)).sort();
  const files = new Set(list);
  const graph = new Map();
  const raw = Object.fromEntries([...Object.keys(RULES), 'cycles'].map((name) => [name, []]));
  for (const file of list) {
    const parsed = parse(root, file);
    const target = (i) => resolve(files, file, i.spec);
    graph.set(file, new Set(parsed.imports.map(target).filter((t) => t && files.has(t))));
    for (const [name, rule] of Object.entries(RULES)) {
      for (const v of rule(file, parsed, target)) raw[name].push({ ...v, file, key: `${file} -> ${v.what}` });
    }
  }
  for (const { loop, more } of cycles(graph)) {
    const what =
      [...loop, loop[0]].join(' -> ') +
      (more ? ` (and ${more} more file${more === 1 ? '' : 's'} in the same loop)` : '');
    raw.cycles.push({
      file: loop[0],
      line: 0,
      what,
      key: what,
      why: 'move what both need into a module that imports neither',
    });
  }
  return Object.entries(raw).map(([name, violations]) => {
    const allowed = new Set(known[name] ?? []);
    const seen = new Set(violations.map((v) => v.key));
    return {
      name,
      violations: violations.filter((v) => !allowed.has(v.key)),
      known: violations.filter((v) => allowed.has(v.key)),
      stale: [...allowed].filter((k) => !seen.has(k)),
      files: list.length,
    };
  });
}

function report(results) {
  let failed = 0;
  for (const r of results) {
    const ok = !r.violations.length && !r.stale.length;
    if (!ok) failed++;
    const known = r.known.length ? `, ${r.known.length} known` : '';
    console.log(`${ok ? '✓' : '✗'} ${r.name}: ${r.violations.length} new${known}`);
    for (const v of r.violations) console.log(`    ${v.line ? `${v.file}:${v.line}: ` : ''}${v.what}\n      ${v.why}`);
    for (const k of r.stale)
      console.log(`    no longer true, delete it from KNOWN in scripts/check-boundaries.mjs: ${k}`);
    for (const v of r.known) console.log(`    known: ${v.line ? `${v.file}:${v.line} -> ` : ''}${v.what}`);
  }
  return failed;
}

// ---- main -------------------------------------------------------------------------------------------------------

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const results = check({ root, known: args.includes('--strict') ? {} : KNOWN });
  console.log(`boundaries over ${results[0].files} files (${ROOTS.join(', ')}):`);
  let failed = report(results);
  let cases = [];
  if (args.includes('--self-test')) {
    const { selfTest } = await import('./check-boundaries-self-test.mjs');
    cases = selfTest({ check, roots: ROOTS });
    for (const c of cases) {
      console.log(`${c.ok ? '✓' : '✗'} self-test: ${c.name}${c.ok || !c.detail ? '' : ` (${c.detail})`}`);
      if (!c.ok) failed++;
    }
  }
  if (json) {
    const checks = [
      ...results.map((r) => ({ name: r.name, ok: !r.violations.length && !r.stale.length })),
      ...cases.map((c) => ({ name: `self-test: ${c.name}`, ok: c.ok })),
    ];
    writeFileSync(json, JSON.stringify({ checks }, null, 2));
  }
  process.exitCode = failed ? 1 : 0;
}
