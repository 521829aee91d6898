#!/usr/bin/env node
// `npm test`: every suite in order, each a child process printing its own progress, each also writing a JSON
// report that we count from. Ends with a per-suite table and, as the very last line, `N passed, N failed`
// (the line CI reads). Exit 0 only when nothing failed and at least one test ran.
//
//   node scripts/test.mjs [--pg] [--only lint|unit|server|pg|e2e] [-- extra args for that suite's runner]
//
//   lint    `npm run lint`: Biome, then the boundary rules (scripts/check-boundaries.mjs, with its self-test); each
//           check counts as one test, so a lint failure fails the run like any test
//   unit    vitest projects `unit` (shared package + web components, on React) and `preact` (the built app's runtime,
//           apps/web/src/**/*.preact.test.tsx)
//   server  vitest project `server` over HTTP on PGlite
//   pg      the same server tests on a throwaway PostgreSQL cluster (only with --pg or --only pg)
//   e2e     vite build of the web app, then Playwright in Debian's Chromium against the real server
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { CHROMIUM_MISSING, findChromium } from './chromium.mjs';
import { startThrowawayPostgres } from './pg-throwaway.mjs';

const SUITES = ['lint', 'unit', 'server', 'pg', 'e2e'];
const USAGE = `usage: node scripts/test.mjs [--pg] [--only ${SUITES.join('|')}] [-- extra args for the suite runner]`;
const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = path.join(root, '.tmp');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// ---- arguments -------------------------------------------------------------------------------------------
let withPg = false;
let only;
let extra = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === '--pg') withPg = true;
  else if (arg === '--only') only = argv[++i];
  else if (arg.startsWith('--only=')) only = arg.slice('--only='.length);
  else if (arg === '--') {
    extra = argv.slice(i + 1);
    break;
  } else if (arg === '-h' || arg === '--help') {
    console.log(USAGE);
    process.exit(0);
  } else {
    console.error(`unknown argument "${arg}"\n${USAGE}`);
    process.exit(2);
  }
}
if (only !== undefined && !SUITES.includes(only)) {
  console.error(`--only takes one of ${SUITES.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const selected = only ? [only] : SUITES.filter((s) => s !== 'pg' || withPg);

// Before anything: the browser, when a suite needs it.
const chromium = findChromium();
if (selected.includes('e2e') && !chromium) {
  console.log(CHROMIUM_MISSING);
  process.exit(1);
}

// ---- child processes and signals ---------------------------------------------------------------------------
// Children run in their own process group with no stdin: a Ctrl-C reaches only us, we forward it once to the
// whole group (Playwright then tears its server down), and a second Ctrl-C kills the group outright.
let current;
let interrupted;
const cleanups = [];
const runCleanups = () => {
  for (const fn of cleanups.splice(0)) fn();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) {
      if (current) killGroup(current, 'SIGKILL');
      runCleanups();
      process.exit(130);
    }
    interrupted = signal;
    console.error(`\n${signal}: stopping (again to force)…`);
    if (current) killGroup(current, signal);
  });
}
process.on('exit', () => {
  if (current) killGroup(current, 'SIGKILL');
  runCleanups();
});

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

/** Runs a command with inherited output; resolves to its exit code (128+n when killed by a signal). */
function run(command, args, env) {
  const name =
    command === process.execPath ? 'node' : path.relative(root, command).replace(/^node_modules\/\.bin\//, '');
  const shown = [name, ...args].join(' ');
  console.log(`\n$ ${shown}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    current = child;
    child.on('error', (err) => {
      console.error(String(err));
      current = undefined;
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const seconds = (t0) => (performance.now() - t0) / 1000;

// ---- suites ---------------------------------------------------------------------------------------------
/** One vitest project; counts come from its JSON report. */
async function vitest(name, project, env) {
  const report = path.join(tmp, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const code = await run(
    bin('vitest'),
    [
      'run',
      ...[project].flat().flatMap((p) => ['--project', p]),
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${path.relative(root, report)}`,
      ...extra,
    ],
    env,
  );
  const json = readJson(report);
  if (!json) return { passed: 0, failed: 1, notes: [`exited ${code} without a JSON report`] };
  const result = {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    notes: [],
    // Named again at the very end, beside the last line: CI keeps only the tail of a long log.
    failures: (json.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => `${path.relative(root, file.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`),
    ),
  };
  if (result.failed === 0 && (code !== 0 || !json.success)) {
    // e.g. a test file that failed to import, or an unhandled error between tests
    result.failed = 1;
    result.notes.push(`exit ${code}: errors outside tests (see above)`);
  }
  if (json.numTotalTests === 0) result.notes.push('no tests found');
  return result;
}

const baseEnv = { ...process.env };
const pgliteEnv = { ...baseEnv };
delete pgliteEnv.DATABASE_URL; // the `server` suite always means PGlite, whatever the shell exports

const suites = {
  /** Biome, then every boundary rule and its self-test (scripts/check-boundaries.mjs): one test per check. */
  async lint() {
    const biome = await run(bin('biome'), ['check', '.'], baseEnv);
    const report = path.join(tmp, 'boundaries.json');
    rmSync(report, { force: true });
    const code = await run(
      process.execPath,
      ['scripts/check-boundaries.mjs', '--self-test', '--json', path.relative(root, report)],
      baseEnv,
    );
    const json = readJson(report);
    const checks = [{ name: 'biome check', ok: biome === 0 }, ...(json?.checks ?? [])];
    if (!json) checks.push({ name: `boundaries exited ${code} without a JSON report`, ok: false });
    else if (code !== 0 && checks.every((c) => c.ok)) checks.push({ name: `boundaries exited ${code}`, ok: false });
    const failed = checks.filter((c) => !c.ok);
    return {
      passed: checks.length - failed.length,
      failed: failed.length,
      skipped: 0,
      notes: failed.map((c) => c.name),
    };
  },

  unit: () => vitest('unit', ['unit', 'preact'], baseEnv),

  server: () => vitest('server', 'server', pgliteEnv),

  async pg() {
    let pg;
    try {
      pg = await startThrowawayPostgres();
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      return { passed: 0, failed: 1, notes: ['PostgreSQL did not start'] };
    }
    cleanups.push(pg.stop);
    try {
      const result = await vitest('pg', 'server', { ...baseEnv, DATABASE_URL: pg.url });
      result.notes.unshift(`PostgreSQL on :${pg.port}`);
      return result;
    } finally {
      pg.stop();
      const at = cleanups.indexOf(pg.stop);
      if (at >= 0) cleanups.splice(at, 1);
    }
  },

  async e2e() {
    const env = { ...baseEnv, CHROMIUM_PATH: chromium };
    const t0 = performance.now();
    const built = await run(bin('vite'), ['build', '--config', 'apps/web/vite.config.ts'], env);
    const buildNote = `web build ${seconds(t0).toFixed(1)}s`;
    if (built !== 0) return { passed: 0, failed: 1, notes: [`web build failed (exit ${built})`] };
    if (interrupted) return { passed: 0, failed: 0, notes: ['interrupted'] };

    const report = path.join(tmp, 'playwright.json');
    rmSync(report, { force: true });
    const code = await run(
      bin('playwright'),
      ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...extra],
      {
        ...env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      },
    );
    const json = readJson(report);
    if (!json?.stats)
      return { passed: 0, failed: 1, notes: [buildNote, `playwright exited ${code} without a JSON report`] };
    const { expected, unexpected, flaky, skipped } = json.stats;
    const result = {
      passed: expected + flaky,
      failed: unexpected,
      skipped,
      notes: [buildNote],
      failures: failedSpecs(json).map((t) => `${t.file} › ${t.title}: ${firstLine(t.error)}`),
    };
    if (flaky) result.notes.push(`${flaky} flaky (passed on retry)`);
    if (result.failed === 0 && (code !== 0 || json.errors?.length)) {
      // global setup failures, "no tests found", a worker crash: no test failed, yet the run did
      const first = json.errors?.[0]?.message?.split('\n')[0]?.slice(0, 100);
      result.failed = 1;
      result.notes.push(`exit ${code}${first ? `: ${first}` : ''}`);
    }
    return result;
  },
};

// ---- main -----------------------------------------------------------------------------------------------
mkdirSync(tmp, { recursive: true });
const results = [];
const tAll = performance.now();
for (const name of selected) {
  if (interrupted) break;
  console.log(`\n━━ ${name} ━━`);
  const t0 = performance.now();
  let result;
  try {
    result = await suites[name]();
  } catch (err) {
    console.error(err);
    result = { passed: 0, failed: 1, notes: [`runner error: ${err instanceof Error ? err.message : err}`] };
  }
  results.push({ name, skipped: 0, ...result, seconds: seconds(t0) });
  console.log(`━━ ${name}: ${result.passed} passed, ${result.failed} failed in ${seconds(t0).toFixed(1)}s`);
}

/** A failure message's first line, without colour codes, short enough for a summary. */
function firstLine(message) {
  return (
    stripVTControlCharacters(String(message ?? ''))
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 160) ?? ''
  );
}

/** Playwright's JSON report: the tests that failed on every try, with their file and first error. */
function failedSpecs(json) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        out.push({ file: spec.file, title: `[${t.projectName}] ${spec.title}`, error: last?.error?.message });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  return out;
}

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const rows = [
  ['suite', 'passed', 'failed', 'skipped', 'time', 'notes'],
  ...results.map((r) => [r.name, r.passed, r.failed, r.skipped, `${r.seconds.toFixed(1)}s`, r.notes.join('; ')]),
  [
    'total',
    total.passed,
    total.failed,
    total.skipped,
    `${seconds(tAll).toFixed(1)}s`,
    interrupted ? `interrupted (${interrupted})` : '',
  ],
].map((row) => row.map(String));
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
console.log('');
for (const row of rows) {
  console.log(
    row
      .map((cell, i) => (i >= 1 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.name}: ${f}`));
if (failures.length) console.log(`\nfailed:\n${failures.slice(0, 20).join('\n')}`);
if (total.passed + total.failed === 0) console.log('No test ran: that counts as a failure.');
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = interrupted ? 130 : total.failed === 0 && total.passed > 0 ? 0 : 1;
