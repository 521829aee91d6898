// npm run bench:first-tap
// Issue 28 §2: the first tap after a page appears. Builds the web app, starts the real server on a fresh embedded
// database with the demo data, and loads each page in Debian's Chromium as a phone (390×844) with the CPU slowed down
// 4× (CDP Emulation.setCPUThrottlingRate), then again at 1×. For each load it records the first contentful paint and
// the moment React has taken the page over (`<html data-live>`, app/app.tsx), and the JavaScript the browser had
// started to fetch before that moment (resource timing: bytes as sent, else the encoded body). Prints, per page and
// CPU rate, the median time from FCP to live with its range, the KB and number of script files before live, and
// writes bench/results/first-tap.json. Numbers, not assertions.
//
// BENCH_FIRST_TAP_RUNS (default 5) loads per page after one warm-up load that is not counted;
// BENCH_FIRST_TAP_PAGES=auth,home measures only those pages; BENCH_FIRST_TAP_RATES=4 only that CPU rate;
// BENCH_FIRST_TAP_DIST=<folder> serves a build made before (skips the build).
// BENCH_FIRST_TAP_BASELINE=<folder>: a second server serves that build (an older commit's, say) beside this one, and
// each page is loaded from both in turn, alternating which goes first: this machine's speed drifts by tens of percent
// from one minute to the next, so a comparison is only fair load by load. Adds the baseline's median and the ratio.
// BENCH_FIRST_TAP_BASELINE_CHECKOUT=<working tree>: the baseline's server runs from that checkout (a server change
// compared with the one before it; the tree needs its node_modules).
// BENCH_FIRST_TAP_NETWORK=slow4g adds a slow phone network (below).
// BENCH_FIRST_TAP_DRIVER=playwright drives the browser through Playwright instead of a bare DevTools connection
// (below: what Playwright's agents in the page cost).
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { type BareChromium, launchBareChromium } from './bare-chromium.ts';
import { buildWebApp, root, sleep, startServer } from './support.ts';

const log = (m: string) => console.log(`[bench:first-tap] ${m}`);
const only = process.env.BENCH_FIRST_TAP_PAGES?.split(',');
const runs = Math.max(1, Number(process.env.BENCH_FIRST_TAP_RUNS ?? 5));
const rates = (process.env.BENCH_FIRST_TAP_RATES ?? '4,1').split(',').map(Number);
/**
 * BENCH_FIRST_TAP_NETWORK=slow4g: the network of Lighthouse's mobile run as well (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, through CDP), where what the page downloads, and when it starts, counts as much as the CPU.
 */
const network = process.env.BENCH_FIRST_TAP_NETWORK === 'slow4g';
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/**
 * BENCH_FIRST_TAP_DRIVER: `bare` (the default) drives Chromium over a bare DevTools connection, with no DevTools agent
 * in the page, as a phone runs it; `playwright` drives it as the end-to-end tests do, with Playwright's agents in the
 * page (Runtime among them: ~90–170 ms more at 4x on every page, bare-chromium.ts says why).
 */
const driver = process.env.BENCH_FIRST_TAP_DRIVER === 'playwright' ? 'playwright' : 'bare';

// Runs in the page before its own scripts: when <html data-live> appears, and every console error (a hydration
// mismatch is logged there).
const INIT = `(() => {
  const mark = () => {
    if (window.__live === undefined && document.documentElement.hasAttribute('data-live')) {
      window.__live = performance.now();
      console.debug('first-tap:live');
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-live'] });
  window.__errors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { window.__errors.push(args.map(String).join(' ').slice(0, 300)); error(...args); };
})();`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

let dist = process.env.BENCH_FIRST_TAP_DIST;
if (!dist) {
  log('building the web app…');
  dist = buildWebApp();
}
/** A file's brotli size as built (the .br beside it), for comparing with what the browser was sent. */
const brKb = (folder: string, file: string) => {
  for (const f of [`${file}.br`, file]) {
    try {
      return statSync(join(folder, f)).size / 1024;
    } catch {}
  }
  return 0;
};

const baselineDist = process.env.BENCH_FIRST_TAP_BASELINE;

let bare: BareChromium | undefined;
let browser: Browser | undefined;
/** A server of one build, on its own fresh database with the demo data, and the demo client's session on it. */
type Site = { base: string; dist: string; cookies: Cookie[] };
type Cookie = { name: string; value: string; url: string; httpOnly: boolean; sameSite: 'Lax' };
const servers: { kill(): unknown }[] = [];
const startSite = async (folder: string, checkout?: string): Promise<Site> => {
  const { base, child } = await startServer(
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-first-tap-data-')), WEB_DIST: folder },
    { checkout },
  );
  servers.push(child);
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'client@demo.test', password: 'demo1234' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const cookies = signIn.headers.getSetCookie().map((c): Cookie => {
    const [name, ...value] = c.split(';')[0]!.split('=');
    return { name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' };
  });
  return { base, dist: folder, cookies };
};
try {
  const site = await startSite(dist);
  const baseline = baselineDist ? await startSite(baselineDist, process.env.BENCH_FIRST_TAP_BASELINE_CHECKOUT) : null;
  const pages = [
    { path: '/auth', signedIn: false },
    { path: '/home', signedIn: true },
    { path: '/campaigns', signedIn: true },
    { path: '/influencers', signedIn: true },
    { path: '/chat', signedIn: true },
    { path: '/settings', signedIn: true },
  ].filter((p) => !only || only.includes(p.path.slice(1)));

  /**
   * Where the time from FCP to live went, in order (the app's performance marks: main.tsx, app/boot.tsx, app/app.tsx):
   * the entry asked for the code; the last of it arrived (the latest response end among the scripts before live);
   * the shell ran (its modules evaluated); the screen's modules were ready; React had taken the page over; live.
   * Each is ms from the step before it; the first from FCP (negative when the entry ran before the paint was shown).
   */
  const STEPS = ['code asked', 'code here', 'shell ran', 'screen ready', 'hydrated', 'live'] as const;
  type Steps = Record<(typeof STEPS)[number], number>;
  type Run = { fcp: number; live: number; jsKb: number; brKb: number; files: number; steps: Steps; errors: string[] };
  type Read = {
    fcp: number;
    live: number;
    marks: Record<string, number>;
    lastScript: number;
    scripts: { file: string; bytes: number }[];
    errors: string[];
  };
  /**
   * Read in the page once it is live: the first contentful paint, the moment it went live, and the scripts whose
   * fetch started before that moment (bytes as sent, else the encoded body). The entry itself is in the page's
   * <script src>: a resource entry like any other.
   */
  const READ = `(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    // A file fetched twice (fetched early into the HTTP cache, then imported from it) counts once.
    const byFile = new Map();
    let lastScript = NaN;
    for (const e of performance.getEntriesByType('resource')) {
      if (e.startTime >= window.__live || !/\\.m?js(\\?|$)/.test(new URL(e.name).pathname)) continue;
      const file = new URL(e.name).pathname.slice(1);
      byFile.set(file, Math.max(byFile.get(file) ?? 0, e.transferSize || e.encodedBodySize));
      lastScript = Number.isNaN(lastScript) ? e.responseEnd : Math.max(lastScript, e.responseEnd);
    }
    const scripts = [...byFile].map(([file, bytes]) => ({ file, bytes }));
    const marks = {};
    for (const name of ['app:code-asked', 'app:shell', 'app:screen', 'app:hydrated']) {
      marks[name] = performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    }
    return { fcp, live: window.__live, marks, lastScript, scripts, errors: window.__errors };
  })()`;
  const summary = (r: Read, folder: string): Run => ({
    fcp: r.fcp,
    live: r.live,
    jsKb: r.scripts.reduce((n, s) => n + s.bytes, 0) / 1024,
    brKb: r.scripts.reduce((n, s) => n + brKb(folder, s.file), 0),
    files: r.scripts.length,
    steps: {
      'code asked': r.marks['app:code-asked']! - r.fcp,
      'code here': r.lastScript - r.marks['app:code-asked']!,
      'shell ran': r.marks['app:shell']! - r.lastScript,
      'screen ready': r.marks['app:screen']! - r.marks['app:shell']!,
      hydrated: r.marks['app:hydrated']! - r.marks['app:screen']!,
      live: r.live - r.marks['app:hydrated']!,
    },
    errors: r.errors,
  });
  const neverLive = (path: string, rate: number, errors: string[]): Run => {
    // Never live: say why (the page's console), and count the run as failed rather than stop the bench.
    log(`${path} at ${rate}x: not live after 30 s; console errors: ${errors.join(' | ') || 'none'}`);
    const steps = Object.fromEntries(STEPS.map((s) => [s, Number.NaN])) as Steps;
    return { fcp: Number.NaN, live: Number.NaN, jsKb: 0, brKb: 0, files: 0, steps, errors };
  };

  /** As a phone runs the page: no DevTools agent in it (bare-chromium.ts says why that matters). */
  if (driver === 'bare') bare = await launchBareChromium();
  const loadBare = async ({ base, dist, cookies }: Site, path: string, signedIn: boolean, rate: number) => {
    const page = await bare!.newPage({ rate, init: INIT, cookies: signedIn ? cookies : [] });
    try {
      if (network) {
        await page.send('Network.enable');
        await page.send('Network.emulateNetworkConditions', slow4g);
      }
      await page.goto(`${base}${path}`);
      // Asked every 200 ms: one tiny expression in the page, no script of the driver's compiled into it.
      const state = { live: false, path: '', errors: [] as string[] };
      for (const until = Date.now() + 30_000; Date.now() < until && !state.live; ) {
        await sleep(200);
        Object.assign(
          state,
          await page.evaluate<typeof state>(
            `({ live: window.__live !== undefined, path: location.pathname, errors: window.__errors ?? [] })`,
          ),
        );
      }
      if (state.path !== path) throw new Error(`${path} ended at ${state.path}`);
      if (!state.live) return neverLive(path, rate, state.errors);
      await sleep(300); // late paint entries and resource timings
      return summary(await page.evaluate<Read>(READ), dist);
    } finally {
      await page.close();
    }
  };

  /** Through Playwright, as the end-to-end tests drive the app: with its DevTools agents in the page. */
  if (driver === 'playwright') {
    browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }
  const loadPlaywright = async ({ base, dist, cookies }: Site, path: string, signedIn: boolean, rate: number) => {
    const context = await browser!.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      if (signedIn) await context.addCookies(cookies);
      await context.addInitScript(INIT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      if (network) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', slow4g);
      }
      // Told by the page's console, not by polling it: Playwright's polling compiles and runs its own scripts in the
      // page, on the main thread being measured (40-50 ms of the gap at 4x).
      const liveSaid = page
        .waitForEvent('console', { predicate: (m) => m.text() === 'first-tap:live', timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended at ${page.url()}`);
      if (!(await liveSaid)) return neverLive(path, rate, await page.evaluate<string[]>('window.__errors'));
      await page.waitForTimeout(300); // late paint entries and resource timings
      return summary(await page.evaluate<Read>(READ), dist);
    } finally {
      await context.close();
    }
  };
  const load: (site: Site, path: string, signedIn: boolean, rate: number) => Promise<Run> =
    driver === 'bare' ? loadBare : loadPlaywright;

  /** The baseline's loads beside this build's: its median FCP → live and JS sent, and this build's time as a ratio. */
  const compared = (before: Run[], gap: number) => {
    const ok = before.filter((r) => Number.isFinite(r.live));
    const was = median(ok.map((r) => r.live - r.fcp));
    return {
      'baseline ms': ok.length ? Math.round(was) : Number.NaN,
      'baseline FCP ms': ok.length ? Math.round(median(ok.map((r) => r.fcp))) : Number.NaN,
      'baseline live ms': ok.length ? Math.round(median(ok.map((r) => r.live))) : Number.NaN,
      'baseline KB sent': ok.length ? +median(ok.map((r) => r.jsKb)).toFixed(1) : Number.NaN,
      'vs baseline': ok.length ? `${Math.round((gap / was) * 100)} %` : 'never live',
    };
  };
  const rows = [];
  const stepRows = [];
  for (const rate of rates) {
    for (const p of pages) {
      // Warm-up: the server's first render of the page, the disk cache.
      await load(site, p.path, p.signedIn, rate);
      if (baseline) await load(baseline, p.path, p.signedIn, rate);
      const all: Run[] = [];
      const before: Run[] = [];
      for (let i = 0; i < runs; i++) {
        if (baseline && i % 2 === 0) before.push(await load(baseline, p.path, p.signedIn, rate));
        all.push(await load(site, p.path, p.signedIn, rate));
        if (baseline && i % 2 === 1) before.push(await load(baseline, p.path, p.signedIn, rate));
      }
      const ok = all.filter((r) => Number.isFinite(r.live));
      const failed = all.length - ok.length;
      if (ok.length === 0) {
        rows.push({ cpu: `${rate}x`, page: p.path, 'FCP→live ms': Number.NaN, 'min–max': 'never live', failed });
        continue;
      }
      const gaps = ok.map((r) => r.live - r.fcp);
      const errors = [...new Set(all.flatMap((r) => r.errors))];
      rows.push({
        cpu: `${rate}x`,
        page: p.path,
        'FCP→live ms': Math.round(median(gaps)),
        'min–max': `${Math.round(Math.min(...gaps))}–${Math.round(Math.max(...gaps))}`,
        'FCP ms': Math.round(median(ok.map((r) => r.fcp))),
        'live ms': Math.round(median(ok.map((r) => r.live))),
        'JS KB sent': +median(ok.map((r) => r.jsKb)).toFixed(1),
        'JS KB br': +median(ok.map((r) => r.brKb)).toFixed(1),
        'JS files': median(ok.map((r) => r.files)),
        'console errors': errors.length,
        failed,
        ...(baseline ? compared(before, median(gaps)) : {}),
      });
      // Medians of each step on its own: they need not add up to the median from FCP to live.
      stepRows.push({
        cpu: `${rate}x`,
        page: p.path,
        ...Object.fromEntries(STEPS.map((s) => [s, Math.round(median(ok.map((r) => r.steps[s])))])),
      });
      if (errors.length) log(`${p.path} at ${rate}x: console errors: ${errors.join(' | ')}`);
      log(`${p.path} at ${rate}x done`);
    }
  }
  log(`driver: ${driver}`);
  console.table(rows);
  log('where the time went, ms from the step before (median of each step):');
  console.table(stepRows);
  const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  log(`load average at the end: ${load1}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/first-tap.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        viewport: '390x844',
        driver,
        runs,
        baseline: baselineDist ?? null,
        loadAverage: load1,
        pages: rows,
        steps: stepRows,
      },
      null,
      2,
    ),
  );
} finally {
  for (const server of servers) server.kill();
  await browser?.close();
  await bare?.close();
}
