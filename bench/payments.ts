// npm run bench:payments [-- --pg] [-- --browser 10]
// The money path on the local bank emulator, over real HTTP, as issues 9 and 10 ask to measure:
//   1. a hold placed end to end: Start & Pay → the card page's form → the bank's callback → our payment reads 'held'
//      (p50/p99 over BENCH_PAYMENTS, default 100); with --browser N also N clicks to "Payment confirmed" in Chromium;
//   2. approval: the click's request to captured and done (p50/p99 over the same orders);
//   3. callbacks the server verifies (SHA256withRSA) and applies per second, fresh and repeated;
//   4. a fault mix (dropped, duplicated, reordered callbacks, lost create answers), then reconciliation and the report.
// Figures print as a table and go to bench/results/payments-<engine>.json. Numbers, not assertions.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';
import { createBogEmulator } from '../apps/server/src/emulators/bog/bog-emulator.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { EMULATOR_CREDENTIALS, emulatedBank } from '../apps/server/src/features/payments/bank.ts';
import { createJobRunner } from '../apps/server/src/jobs/job-runner.ts';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';

const args = process.argv.slice(2);
const usePg = args.includes('--pg');
const browserSamples = Number(args[args.indexOf('--browser') + 1] ?? 0) || 0;
const N = Number(process.env.BENCH_PAYMENTS ?? 100);
const CALLBACKS = Number(process.env.BENCH_CALLBACKS ?? 200);
const log = (m: string) => console.log(`[bench:payments] ${m}`);
const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  cpus: cpus().length,
  loadavg: loadavg(),
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: +pct(xs, 50).toFixed(1),
  p99: +pct(xs, 99).toFixed(1),
  max: +Math.max(...xs).toFixed(1),
});

// ---- the system: database, bank emulator, app listening (the bank calls back over HTTP), a job runner ------------
let stopPg: (() => void) | undefined;
let database: Database;
const work = mkdtempSync(join(tmpdir(), 'bench-payments-'));
if (usePg) {
  const pg = await startThrowawayPostgres({ quiet: true });
  stopPg = pg.stop;
  database = await openPostgres(pg.url, { onIdleError: () => {} });
} else {
  database = await openPglite(join(work, 'db'));
}
await seedReference(database.db);
const emulator = createBogEmulator({ ...EMULATOR_CREDENTIALS, callbackRetryDelaysMs: [50, 200, 1000] });
const bankUrl = await emulator.listen();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  DATA_DIR: work,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MULTIPLIER: '100000',
  WEB_DIST: browserSamples && existsSync(join(webDist, 'index.html')) ? webDist : '/nonexistent',
  SPLASH_MS: '0',
  SPLASH_FADE_MS: '0',
});
// The runner's clock (the app's too) can be moved ahead, so reconciliation's "older than two minutes" comes now.
let clockOffsetMs = 0;
const jobs = createJobRunner({
  db: database.db,
  pollMs: 50,
  listen: database.listen,
  clock: () => new Date(Date.now() + clockOffsetMs),
});
// The bank client gives up after 2 s (production: 20 s) with three tries: the lost-create faults below would
// otherwise wait out a minute each, long enough for the reconciliation job to settle them before we count them.
const app = await buildApp({
  config,
  database,
  jobs,
  logger: false,
  bank: emulatedBank(emulator.publicUrl, emulator.publicKeyPem, { fast: true }),
});
await app.listen({ port, host: '127.0.0.1' });
await jobs.start();
log(`${database.engine}; app ${origin}; bank ${bankUrl}`);

// ---- people --------------------------------------------------------------------------------------------------
async function account(role: 'client' | 'influencer' | 'admin', email: string) {
  const repo = createAuthRepository(database.db);
  const ids = await database.db.query.categories.findMany({ limit: 1 });
  await database.db.transaction((tx) =>
    repo.createAccount(
      {
        id: crypto.randomUUID(),
        role,
        email,
        passwordHash: hashPromise,
        name: role,
        lastname: 'Bench',
        mobile: null,
        companyId: null,
        categoryIds: role === 'influencer' ? ids.map((c) => c.id) : [],
        emailVerified: true,
        isOnboarded: true,
      },
      tx,
    ),
  );
  const res = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-pass-1' }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
const hashPromise = await hashPassword('bench-pass-1');
const client = await account('client', 'client@bench.test');
const influencer = await account('influencer', 'influencer@bench.test');
const admin = await account('admin', 'admin@bench.test');

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  // biome-ignore lint/suspicious/noExplicitAny: a bench reads loosely typed JSON answers
  return text ? (JSON.parse(text) as Record<string, any>) : {};
}

async function hire(i: number) {
  const c = await call(client, 'POST', '/api/campaigns', {
    socials: ['instagram'],
    title: `Bench ${i}`,
    description: 'Bench order',
    budget: 100 + (i % 50),
    deadline: null,
  });
  const a = await call(influencer, 'POST', `/api/campaigns/${c.id}/applications`);
  const o = await call(client, 'POST', `/api/applications/${a.application.id}/accept`);
  return { campaignId: c.id as string, orderId: o.order.id as string, amountMinor: o.order.amountMinor as number };
}
const payAtBank = (redirectUrl: string, card = '4111111111111111') =>
  fetch(`${bankUrl}/payment/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      order_id: new URL(redirectUrl).searchParams.get('order_id')!,
      card_number: card,
      expiry: '12/30',
      cvc: '123',
    }),
    redirect: 'manual',
  });
async function untilHeld(paymentId: string) {
  for (;;) {
    const p = await call(client, 'GET', `/api/payments/${paymentId}`);
    if (p.status === 'held') return;
    if (p.status === 'failed') throw new Error(`payment ${paymentId} failed`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// ---- 1. holds end to end ---------------------------------------------------------------------------------------
log(`placing ${N} holds…`);
const orders: Awaited<ReturnType<typeof hire>>[] = [];
for (let i = 0; i < N; i++) orders.push(await hire(i));
const holdMs: number[] = [];
for (const o of orders) {
  const t0 = performance.now();
  const p = await call(client, 'POST', `/api/orders/${o.orderId}/payments`, { amountMinor: o.amountMinor, lang: 'en' });
  await payAtBank(p.redirectUrl);
  await untilHeld(p.id);
  holdMs.push(performance.now() - t0);
}
results.holdEndToEndMs = summary(holdMs);
log(`hold end to end (API start → card form → callback → held): ${JSON.stringify(results.holdEndToEndMs)}`);

// ---- 2. approval: capture and done -----------------------------------------------------------------------------
const approveMs: number[] = [];
for (const o of orders) {
  await call(influencer, 'POST', `/api/orders/${o.orderId}/start-work`);
  await call(influencer, 'POST', `/api/orders/${o.orderId}/submit-work`, { proofUrl: 'https://example.com/p/1' });
  const t0 = performance.now();
  await call(client, 'POST', `/api/orders/${o.orderId}/approve`);
  approveMs.push(performance.now() - t0);
}
results.approvalToCapturedMs = summary(approveMs);
log(`approval → captured and done: ${JSON.stringify(results.approvalToCapturedMs)}`);

// ---- 3. callbacks per second -----------------------------------------------------------------------------------
log(`preparing ${CALLBACKS} fresh callbacks (the bank's own, held back)…`);
const fresh: Awaited<ReturnType<typeof hire>>[] = [];
for (let i = 0; i < CALLBACKS; i++) fresh.push(await hire(10_000 + i));
emulator.controls.callbacks.set({ dropNext: CALLBACKS });
for (const o of fresh) {
  const p = await call(client, 'POST', `/api/orders/${o.orderId}/payments`, { amountMinor: o.amountMinor, lang: 'en' });
  await payAtBank(p.redirectUrl);
}
await emulator.controls.callbacks.settled();
const dropped = emulator.controls.callbacks
  .deliveries()
  .filter((d) => d.orderStatus === 'blocked')
  .slice(-CALLBACKS);
async function blast(list: typeof dropped, concurrency = 16) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const d = list[next++]!;
        const res = await fetch(`${origin}/api/payments/bog/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'callback-signature': d.signature },
          body: d.body,
        });
        if (res.status !== 200) throw new Error(`callback answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return list.length / ((performance.now() - t0) / 1000);
}
results.callbacksPerSecondFresh = +(await blast(dropped)).toFixed(0);
results.callbacksPerSecondRepeated = +(await blast(dropped)).toFixed(0);
log(
  `callbacks verified and applied: ${results.callbacksPerSecondFresh}/s fresh (each pays an order), ${results.callbacksPerSecondRepeated}/s repeated (verified, deduplicated)`,
);

// ---- 4. faults, then reconciliation ----------------------------------------------------------------------------
log('fault mix: 10 dropped, 10 duplicated, 10 reordered callbacks, 5 lost create answers…');
const faulty: Awaited<ReturnType<typeof hire>>[] = [];
for (let i = 0; i < 35; i++) faulty.push(await hire(20_000 + i));
const pay = async (o: (typeof faulty)[number]) => {
  const p = await call(client, 'POST', `/api/orders/${o.orderId}/payments`, { amountMinor: o.amountMinor, lang: 'en' });
  await payAtBank(p.redirectUrl);
};
emulator.controls.callbacks.set({ dropNext: 10 });
for (const o of faulty.slice(0, 10)) await pay(o);
emulator.controls.callbacks.set({ dropNext: 0, duplicateNext: 10 });
for (const o of faulty.slice(10, 20)) await pay(o);
emulator.controls.callbacks.set({ duplicateNext: 0, reorderNext: 10 });
for (const o of faulty.slice(20, 30)) await pay(o);
emulator.controls.callbacks.releaseHeld();
emulator.controls.callbacks.set({ reorderNext: 0 });
for (const o of faulty.slice(30)) {
  // The bank makes the order, and none of the client's 3 attempts hears the answer.
  emulator.controls.failNext('create_order', { kind: 'hang', afterProcessing: true }, 1);
  emulator.controls.failNext('create_order', { kind: 'hang' }, 2);
  const answer = await call(client, 'POST', `/api/orders/${o.orderId}/payments`, {
    amountMinor: o.amountMinor,
    lang: 'en',
  }).catch((e: Error) => e.message);
  log(`start & pay with the create answer lost: ${typeof answer === 'string' ? answer : JSON.stringify(answer)}`);
}
await emulator.controls.callbacks.settled();
// Reconciliation is a job every minute for rows older than two minutes: move the clock ahead and let it run.
const { payments: paymentsTable } = await import('../apps/server/src/db/schema.ts');
const { eq } = await import('drizzle-orm');
const lost = async () =>
  (await database.db.select({ id: paymentsTable.id }).from(paymentsTable).where(eq(paymentsTable.status, 'created')))
    .length;
log(`${await lost()} payments whose create answer was lost; reconciling…`);
const tr = performance.now();
clockOffsetMs = 3 * 60_000;
while ((await lost()) > 0 && performance.now() - tr < 120_000) await new Promise((r) => setTimeout(r, 200));
results.reconcileLostCreatesMs = Math.round(performance.now() - tr);
log(`… ${await lost()} left after ${results.reconcileLostCreatesMs} ms`);
const report = await call(admin, 'GET', '/api/admin/payments/reconciliation?limit=1000');
results.reconciliation = {
  checked: report.checked,
  unreadable: report.unreadable,
  differences: report.differences.length,
  totals: report.totals,
};
log(`reconciliation report: ${JSON.stringify(results.reconciliation)}`);

// ---- Chromium sample: the click to "Payment confirmed" on screen ------------------------------------------------
if (browserSamples > 0 && config.webDist !== '/nonexistent') {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addCookies(
    client
      .split('; ')
      .map((c) => ({ name: c.split('=')[0]!, value: c.slice(c.indexOf('=') + 1), domain: '127.0.0.1', path: '/' })),
  );
  const page = await ctx.newPage();
  const clickMs: number[] = [];
  for (let i = 0; i < browserSamples; i++) {
    const o = await hire(30_000 + i);
    await page.goto(`${origin}/campaigns/${o.campaignId}`);
    const button = page.getByRole('button', { name: /^Start & Pay/ });
    await button.waitFor();
    const frameReady = page.frameLocator('iframe').getByLabel('Card number');
    await button.click();
    await frameReady.fill('4111 1111 1111 1111');
    const f = page.frameLocator('iframe');
    await f.getByLabel('Expiry (MM/YY)').fill('12/30');
    await f.getByLabel('CVC').fill('123');
    const t0 = performance.now();
    await f.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment confirmed', { exact: true }).first().waitFor();
    clickMs.push(performance.now() - t0);
  }
  await browser.close();
  results.browserPayClickToConfirmedMs = summary(clickMs);
  log(
    `Chromium, Pay on the card page → 'Payment confirmed' on screen: ${JSON.stringify(results.browserPayClickToConfirmedMs)}`,
  );
}

const out = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `payments-${database.engine}.json`), `${JSON.stringify(results, null, 2)}\n`);
console.table({
  'hold end to end (ms)': results.holdEndToEndMs,
  'approval to captured (ms)': results.approvalToCapturedMs,
  ...(results.browserPayClickToConfirmedMs
    ? { 'Chromium pay click to confirmed (ms)': results.browserPayClickToConfirmedMs }
    : {}),
});
await jobs.stop();
await app.close();
await emulator.close();
await database.close();
stopPg?.();
process.exit(0);
