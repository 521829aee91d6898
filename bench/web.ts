// npm run bench:web
// Issue 11 §3: the first screen on a phone. Builds the web app, starts the real server on a fresh embedded database
// with the demo data, and runs Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) in Debian's
// Chromium on /auth, /campaigns and a campaign's detail (signed in as the demo client). Prints performance and
// accessibility scores with the main metrics, the initial JavaScript (entry and modulepreloads, gzip) and writes
// bench/results/web.json. Numbers, not assertions.
//
// Each page is measured BENCH_WEB_RUNS times (default 5) after one warm-up run, and the run Lighthouse itself calls
// the median (closest to the median FCP and time to interactive) is reported with the range of the scores: on a
// shared two-core machine one run's score moves by ±10 between back-to-back runs.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { buildWebApp, root, startServer } from './support.ts';

const log = (m: string) => console.log(`[bench:web] ${m}`);
// BENCH_WEB_PAGES=auth,campaigns,campaign measures only those pages (while working on one screen).
const only = process.env.BENCH_WEB_PAGES?.split(',');
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The entry script and the modules it preloads, as the browser fetches them before anything else, gzipped. */
function initialJs(dist: string) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  return { files, gzipKb: +(bytes / 1024).toFixed(1) };
}

log('building the web app…');
const dist = buildWebApp();
const js = initialJs(dist);

const { base, child: server } = await startServer({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-web-data-')),
  WEB_DIST: dist,
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  // The demo client's session, put in the browser's cookie jar for the signed-in pages (below).
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'client@demo.test', password: 'demo1234' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const campaigns = (await (await fetch(`${base}/api/campaigns?limit=1`, { headers: { cookie } })).json()) as {
    items: { id: string }[];
  };
  const pages = [
    { name: '/auth', slug: 'auth', path: '/auth', cookie: '' },
    { name: '/campaigns', slug: 'campaigns', path: '/campaigns', cookie },
    { name: '/campaigns/:id', slug: 'campaign', path: `/campaigns/${campaigns.items[0]!.id}`, cookie },
  ].filter((p) => !only || only.includes(p.slug));

  chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  // The browser's own cookie jar, as a signed-in person's browser has it: Lighthouse keeps cookies between runs, and
  // a cookie the app writes (its layout cookie) would make Chromium replace an `extraHeaders` Cookie with the jar's.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const jar = cdp.contexts()[0]!;
  const rows = [];
  for (const p of pages) {
    await jar.clearCookies();
    if (p.cookie) {
      await jar.addCookies(
        p.cookie.split('; ').map((c) => {
          const [name, ...value] = c.split('=');
          return { name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' as const };
        }),
      );
    }
    // The first run warms the server and the disk cache and is not counted.
    const lhrs: Lhr[] = [];
    for (let run = 0; run <= runs; run++) {
      const result = await lighthouse(`${base}${p.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      // A page that sent Lighthouse elsewhere (a lost session sends /campaigns to /auth) measured the wrong page.
      const landed = result && new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== p.path) throw new Error(`${p.path} ended at ${landed}: not the page to measure`);
      if (run > 0 && result) lhrs.push(result.lhr);
    }
    const lhr: Lhr = computeMedianRun(lhrs);
    const scores = lhrs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).sort((a, b) => a - b);
    // The whole report, for the diagnostics the table leaves out (main-thread breakdown, long tasks, request chains).
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, `bench/results/web-${p.slug}.lhr.json`), JSON.stringify(lhr));
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    rows.push({
      page: p.name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      'runs (perf)': `${scores[0]}–${scores.at(-1)} of ${scores.length}`,
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      'FCP ms': ms('first-contentful-paint'),
      'LCP ms': ms('largest-contentful-paint'),
      'TBT ms': ms('total-blocking-time'),
      CLS: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      // Where the time goes: Lighthouse's estimated savings, and the main thread's JavaScript time.
      'JS boot ms': ms('bootup-time'),
      savings: Object.values(lhr.audits)
        .filter((a) => (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs)
        .map((a) => `${a.id} ${Math.round((a.details as { overallSavingsMs: number }).overallSavingsMs)} ms`)
        .join(', '),
      failing: Object.values(lhr.audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => a.id)
        .join(', '),
    });
    log(`${p.name} done`);
  }
  console.table(rows);
  log(`initial JS: ${js.gzipKb} KB gzip (${js.files.length} files)`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/web.json'),
    JSON.stringify(
      { at: new Date().toISOString(), preset: 'lighthouse mobile', runs, initialJs: js, pages: rows },
      null,
      2,
    ),
  );
} finally {
  await chrome?.kill();
  server.kill();
}
