// npm run bench: the API under load on a marketplace of 100,000 campaigns and 5,000 influencers, against a bare
// route of the same server as the baseline. See bench/README.md for what each figure means.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessToday } from '@app/shared/common/dates';
import autocannon, { type Result } from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { categories, clients, influencers } from '../apps/server/src/db/schema.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { encodeCursor } from '../apps/server/src/lib/cursor.ts';
import { insertCampaigns, insertPeople, tableCounts } from './dataset.ts';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const opts = {
  duration: env('BENCH_DURATION', 10),
  warmup: env('BENCH_WARMUP', 2),
  connections: env('BENCH_CONNECTIONS', 50),
  aloneDuration: env('BENCH_ALONE_DURATION', 3),
  campaigns: env('BENCH_CAMPAIGNS', 100_000),
  small: env('BENCH_SMALL_CAMPAIGNS', 1_000),
  influencers: env('BENCH_INFLUENCERS', 5_000),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
};
const ORIGIN = 'http://bench.local';
const PASSWORD = 'bench-password-1';
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const log = (msg: string) => console.log(`[bench] ${msg}`);
const debug = (msg: string) => process.env.BENCH_VERBOSE && log(msg);
const timed = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const out = await fn();
  const s = (performance.now() - start) / 1000;
  loadTimes.push({ label, s });
  log(`${label}: ${s.toFixed(1)} s`);
  return out;
};
const loadTimes: { label: string; s: number }[] = [];
const startLoad = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');

// ---- database --------------------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'influence-bench-'));
const database = opts.databaseUrl ? await freshPostgres(opts.databaseUrl) : await openPglite(join(work, 'db'));
const { db } = database;
log(`database: ${database.engine}${opts.databaseUrl ? '' : ` in ${work}`}`);

/** A throwaway database on the given server, dropped at the end. */
async function freshPostgres(url: string): Promise<Database> {
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // The final drop terminates whatever the pool still holds; that is expected here.
  const opened = await openPostgres(u.toString(), { onIdleError: () => {} });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---- data -------------------------------------------------------------------------------------------------------

await seedReference(db);
const bench = await timed('accounts (auth repository)', () => createAccounts(db));
await timed(`${opts.influencers.toLocaleString('en')} influencers`, () => insertPeople(db, opts.influencers));
await timed(`campaigns 1..${opts.small.toLocaleString('en')}`, () =>
  insertCampaigns(db, { from: 1, to: opts.small }, bench, opts.influencers),
);

/** The benchmark's own client (owns many campaigns) and influencer, made as sign-up makes them. */
async function createAccounts(d: Db) {
  const repo = createAuthRepository(d);
  const passwordHash = await hashPassword(PASSWORD);
  const offered = await d.select({ id: categories.id }).from(categories).orderBy(categories.sortOrder).limit(2);
  const base = { passwordHash, mobile: null, companyId: null, emailVerified: true, isOnboarded: true } as const;
  const clientUser = crypto.randomUUID();
  const influencerUser = crypto.randomUUID();
  await d.transaction(async (tx) => {
    await repo.createAccount(
      {
        ...base,
        id: clientUser,
        role: 'client',
        email: 'client@bench.test',
        name: 'Bench',
        lastname: 'Client',
        categoryIds: [],
      },
      tx,
    );
    await repo.createAccount(
      {
        ...base,
        id: influencerUser,
        role: 'influencer',
        email: 'influencer@bench.test',
        name: 'Bench',
        lastname: 'Influencer',
        categoryIds: offered.map((c) => c.id),
      },
      tx,
    );
  });
  const [c] = await d.select({ id: clients.id }).from(clients).where(eq(clients.userId, clientUser));
  const [i] = await d.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, influencerUser));
  return { clientId: c!.id, influencerId: i!.id };
}

// ---- server -----------------------------------------------------------------------------------------------------

const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: work,
  AUTH_SECRET: `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MULTIPLIER: '1000000',
  WEB_DIST: join(work, 'no-web'),
  SEED_DEMO: 'false',
});
const app = await buildApp({ config, database });
// The baseline: the same server, plugins and hooks, no database and no session.
app.get('/__bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
// Requests not answered yet. A request the client gave up on (autocannon closes its sockets at the end of a run)
// gets no onResponse, only onRequestAbort; its handler may still be running, which drain() sees in the database.
let inFlight = 0;
const settled = new WeakSet<object>();
const settle = async (req: object) => {
  if (settled.has(req)) return;
  settled.add(req);
  inFlight--;
};
app.addHook('onRequest', async () => {
  inFlight++;
});
app.addHook('onResponse', settle);
app.addHook('onRequestAbort', settle);
await app.listen({ host: config.host, port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
log(`listening on ${base}`);

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}
const cookies = { client: await signIn('client@bench.test'), influencer: await signIn('influencer@bench.test') };

// ---- targets ----------------------------------------------------------------------------------------------------

type Target = { name: string; path: string; as: keyof typeof cookies | null; expect: (body: unknown) => string | null };
type Measured = {
  target: Target;
  /** Under load: opts.connections at once. */
  result: Result | null;
  /** One connection, one request at a time: what a request costs without queueing. */
  alone: Result | null;
  problem: string | null;
  explain: string[];
};

const items = (min: number) => (body: unknown) => {
  const n = (body as { items?: unknown[] }).items?.length;
  return n !== undefined && n >= min
    ? null
    : `expected at least ${min} items, got ${JSON.stringify(body).slice(0, 200)}`;
};

/** Where the influencer's list is `fraction` of the way down: a cursor built as the server builds it. */
async function cursorAt(fraction: number): Promise<{ cursor: string; depth: number; visible: number }> {
  const visibleWhere = sql`(c.status = 'open' and (c.deadline is null or c.deadline >= ${businessToday()}::date))
    or exists (select 1 from campaign_applications a where a.campaign_id = c.id and a.influencer_id = ${bench.influencerId})`;
  const [counted] = await rows<{ visible: number }>(
    sql`select count(*)::int as visible from campaigns c where ${visibleWhere}`,
  );
  const visible = counted!.visible;
  const depth = Math.floor(visible * fraction);
  const [row] = await rows<{ createdAt: string; id: string }>(sql`
    select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", c.id
    from campaigns c where ${visibleWhere}
    order by c.created_at desc, c.id desc offset ${depth} limit 1`);
  return { cursor: encodeCursor(row!), depth, visible };
}

/** The owner's campaign with the most applications: the richest detail screen. */
async function richestOwnCampaign(): Promise<string> {
  const [row] = await rows<{ id: string }>(sql`
    select c.id from campaigns c where c.client_id = ${bench.clientId}
    order by (select count(*) from campaign_applications a where a.campaign_id = c.id) desc,
             (c.status = 'done') desc, c.created_at desc
    limit 1`);
  return row!.id;
}

async function listTargets(label: string): Promise<Target[]> {
  const deep = await cursorAt(0.5);
  return [
    {
      name: `GET /api/campaigns, influencer, first page (${label})`,
      path: '/api/campaigns',
      as: 'influencer',
      expect: items(20),
    },
    {
      name: `GET /api/campaigns, influencer, deep page (${label}, row ${deep.depth.toLocaleString('en')} of ${deep.visible.toLocaleString('en')})`,
      path: `/api/campaigns?cursor=${deep.cursor}`,
      as: 'influencer',
      expect: items(20),
    },
  ];
}

// ---- measuring --------------------------------------------------------------------------------------------------

/**
 * The statements one request runs, read off the driver drizzle calls (`db.$client`: PGlite's query(text, params)
 * or node-postgres' pool.query(config | text, params)).
 */
async function capture(t: Target): Promise<{ query: string; params: unknown[] }[]> {
  type Query = (q: string | { text: string }, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const seen: { query: string; params: unknown[] }[] = [];
  const original = client.query;
  client.query = (q, params, ...rest) => {
    seen.push({ query: typeof q === 'string' ? q : q.text, params: params ?? [] });
    return original.call(client, q, params, ...rest);
  };
  try {
    await request(t);
  } finally {
    client.query = original;
  }
  return seen;
}

/** EXPLAIN ANALYZE of the reads a request runs beyond the session lookup every signed-in request makes. */
async function explain(t: Target, session: Set<string>): Promise<string[]> {
  const plans: string[] = [];
  for (const s of await capture(t)) {
    if (session.has(s.query) || !/^\s*(select|with)\b/i.test(s.query)) continue;
    const res = await rows<{ 'QUERY PLAN': string }>(
      sql.raw(`explain (analyze, buffers) ${inline(s.query, s.params)}`),
    );
    plans.push(`${s.query}\n-- params: ${JSON.stringify(s.params)}\n${res.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  return plans;
}

/** $n replaced by quoted literals, so the plan is the one the values give (as a custom plan would be). */
function inline(query: string, params: unknown[]) {
  return query.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

/**
 * autocannon stops sending at the end of a run, but the server still works through the requests it has queued (a
 * slow endpoint can have seconds of backlog), which would land on the next endpoint's figures. Wait until no request
 * is in flight and the database answers a trivial query at once.
 */
async function drain() {
  const giveUp = Date.now() + 60_000;
  let quick = 0;
  let said = Date.now();
  while (quick < 3 && Date.now() < giveUp) {
    if (Date.now() - said > 5000) {
      log(`waiting for the server to finish ${inFlight} queued requests`);
      said = Date.now();
    }
    const start = performance.now();
    await database.ping();
    quick = inFlight === 0 && performance.now() - start < 5 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function request(t: Target) {
  const res = await fetch(base + t.path, { headers: t.as ? { cookie: cookies[t.as] } : {} });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

async function measure(t: Target): Promise<Measured> {
  debug(`${t.name}: first request`);
  const first = await request(t);
  const problem =
    first.status !== 200 ? `status ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}` : t.expect(first.body);
  if (problem) {
    log(`SKIP ${t.name}: ${problem}`);
    return { target: t, result: null, alone: null, problem, explain: [] };
  }
  const load = (duration: number, connections = opts.connections) =>
    autocannon({
      url: base + t.path,
      connections,
      duration,
      // The load generator runs in its own thread, so it does not share the server's event loop.
      workers: 1,
      headers: t.as ? { cookie: cookies[t.as] } : {},
    });
  debug(`${t.name}: warm-up`);
  await load(opts.warmup);
  await drain();
  debug(`${t.name}: load`);
  const result = await load(opts.duration);
  await drain();
  debug(`${t.name}: alone`);
  const alone = await load(opts.aloneDuration, 1);
  const bad = [result, alone].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  log(
    `${t.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; alone ${alone.latency.average} ms${bad ? `; ${bad} failed` : ''}`,
  );
  return {
    target: t,
    result,
    alone,
    problem: bad ? `${bad} of ${result.requests.total + alone.requests.total} requests failed` : null,
    explain: [],
  };
}

const bare: Target = { name: 'GET /__bench/bare (baseline)', path: '/__bench/bare', as: null, expect: () => null };
const smallLabel = `${opts.small.toLocaleString('en')} campaigns`;
const bigLabel = `${opts.campaigns.toLocaleString('en')} campaigns`;

log(`scenario 1: ${smallLabel}`);
const smallRuns: Measured[] = [];
for (const t of await listTargets(smallLabel)) smallRuns.push(await measure(t));

await timed(`campaigns ${(opts.small + 1).toLocaleString('en')}..${opts.campaigns.toLocaleString('en')}`, () =>
  insertCampaigns(db, { from: opts.small + 1, to: opts.campaigns }, bench, opts.influencers),
);
const counts = await tableCounts(db);
log(`rows: ${JSON.stringify(counts)}`);

log(`scenario 2: ${bigLabel}`);
const [fashion] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Fashion & Style'));
const bigLists = await listTargets(bigLabel);
const me: Target = {
  name: 'GET /api/me, influencer (session only)',
  path: '/api/me',
  as: 'influencer',
  expect: (b) => ((b as { user?: unknown }).user ? null : 'no user in the body'),
};
const bigTargets: Target[] = [
  bare,
  me,
  ...bigLists,
  {
    name: `GET /api/campaigns, client, own list (${bigLabel})`,
    path: '/api/campaigns',
    as: 'client',
    expect: items(20),
  },
  {
    name: 'GET /api/campaigns/:id, owner',
    path: `/api/campaigns/${await richestOwnCampaign()}`,
    as: 'client',
    expect: (b) => ((b as { id?: string }).id ? null : 'no campaign in the body'),
  },
  { name: 'GET /api/influencers, client', path: '/api/influencers', as: 'client', expect: items(20) },
  {
    name: 'GET /api/influencers?category&social, client',
    path: `/api/influencers?category=${fashion!.id}&social=instagram`,
    as: 'client',
    expect: items(10),
  },
];
const bigRuns: Measured[] = [];
for (const t of bigTargets) bigRuns.push(await measure(t));
const session = new Set((await capture(me)).map((s) => s.query));
for (const m of bigRuns)
  if (m.result && m.target !== bare && m.target !== me) m.explain = await explain(m.target, session);

// ---- report -----------------------------------------------------------------------------------------------------

const baseline = bigRuns[0]!.result;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (a: number, b: number) => (b > 0 ? `${fmt(a / b, 1)}×` : 'n/a');

const lines: string[] = [];
lines.push(`# Benchmark ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, '');
lines.push(
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${database.engine === 'pglite' ? 'PGlite (in process)' : 'PostgreSQL'}; ` +
    `${opts.connections} connections, ${opts.duration} s per endpoint after ${opts.warmup} s of warm-up, then one connection for ${opts.aloneDuration} s ("alone"); ` +
    `the load generator runs in a worker thread of the same process. Load average ${startLoad} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (anything else running on the machine skews every figure).`,
  '',
);
lines.push(
  `Data: ${Object.entries(counts)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ')}. Loaded in ${loadTimes.map((l) => `${l.label} ${fmt(l.s, 1)} s`).join('; ')}.`,
  '',
);
lines.push(
  `| endpoint | req/s | p50 ms | p99 ms | bare req/s ÷ req/s | p50 ÷ bare p50 | alone: mean ms | note |`,
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
);
for (const m of bigRuns) {
  const r = m.result;
  if (!r || !baseline || !m.alone) {
    lines.push(`| ${m.target.name} | | | | | | | ${m.problem ?? 'no baseline'} |`);
    continue;
  }
  lines.push(
    `| ${m.target.name} | ${fmt(r.requests.average)} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p99)} | ${ratio(baseline.requests.average, r.requests.average)} | ${ratio(r.latency.p50, baseline.latency.p50)} | ${fmt(m.alone.latency.average, 2)} | ${m.problem ?? ''} |`,
  );
}
lines.push('', `List latency as the table grows (influencer, same endpoint, same server):`, '');
lines.push(
  `| page | p50 ms, ${smallLabel} | p50 ms, ${bigLabel} | p50 ratio | req/s, ${smallLabel} | req/s, ${bigLabel} | req/s ratio | alone: mean ms, ${smallLabel} → ${bigLabel} |`,
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const [i, page] of ['first page', 'deep page (half-way)'].entries()) {
  const small = smallRuns[i];
  const big = bigRuns.find((m) => m.target === bigLists[i]);
  const [a, b] = [small?.result, big?.result];
  if (!a || !b || !small?.alone || !big?.alone) {
    lines.push(`| ${page} | | | | | | | ${small?.problem ?? big?.problem ?? ''} |`);
    continue;
  }
  lines.push(
    `| ${page} | ${fmt(a.latency.p50)} | ${fmt(b.latency.p50)} | ${ratio(b.latency.p50, a.latency.p50)} | ${fmt(a.requests.average)} | ${fmt(b.requests.average)} | ${ratio(a.requests.average, b.requests.average)} | ${fmt(small.alone.latency.average, 1)} → ${fmt(big.alone.latency.average, 1)} (${ratio(big.alone.latency.average, small.alone.latency.average)}) |`,
  );
}
const table = `${lines.join('\n')}\n`;

const plans = bigRuns
  .filter((m) => m.explain.length)
  .map((m) => `## ${m.target.name}\n\n\`\`\`\n${m.explain.join('\n\n')}\n\`\`\`\n`)
  .join('\n');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'latest.md'), table);
if (plans)
  writeFileSync(join(resultsDir, 'latest-plans.md'), `# Query plans (EXPLAIN ANALYZE, one request each)\n\n${plans}`);
console.log(`\n${table}`);
log(`written to bench/results/latest.md${plans ? ' (query plans in bench/results/latest-plans.md)' : ''}`);

await drain();
await app.close();
await database.close();
rmSync(work, { recursive: true, force: true });
