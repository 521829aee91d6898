// npm run bench [-- --pg]: the API under load on a marketplace of 100,000 campaigns, 5,000 influencers and about
// 100,000 chat messages, beside a database ping (/api/health) and a bare route of the same server, and side by side
// the same server on 1,000 campaigns: each endpoint is measured on both, one after the other, so "1k vs 100k" compares
// runs a minute apart. See bench/README.md for what each figure means. --pg runs it on a throwaway PostgreSQL
// (scripts/pg-throwaway.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { meResponse } from '@app/shared/auth/auth.schemas';
import { campaignDetail, campaignListResponse } from '@app/shared/campaigns/campaign.schemas';
import { chatListResponse } from '@app/shared/chat/chat.schemas';
import { businessToday } from '@app/shared/common/dates';
import { directoryResponse } from '@app/shared/influencers/influencer.schemas';
import autocannon, { type Result } from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { type ZodType, z } from 'zod';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { categories, clients, influencers } from '../apps/server/src/db/schema.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { encodeCursor } from '../apps/server/src/lib/cursor.ts';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';
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
  /** Runs per endpoint and size; the median run (by req/s) is reported. */
  repeat: env('BENCH_REPEAT', 3),
  campaigns: env('BENCH_CAMPAIGNS', 100_000),
  small: env('BENCH_SMALL_CAMPAIGNS', 1_000),
  influencers: env('BENCH_INFLUENCERS', 5_000),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
};
// --pg: a throwaway PostgreSQL cluster for this run (as `node scripts/test.mjs --pg` starts one), stopped at the end.
const throwaway = process.argv.includes('--pg') && !opts.databaseUrl ? await startThrowawayPostgres() : null;
if (throwaway) opts.databaseUrl = throwaway.url;
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
log(`databases: ${opts.databaseUrl ? 'PostgreSQL' : `PGlite in ${work}`}`);

/** A throwaway database on the given server, dropped at the end. */
async function freshPostgres(url: string, suffix: string): Promise<Database> {
  const name = `bench_${process.pid}_${suffix}`;
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

async function rows<T>(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---- data -------------------------------------------------------------------------------------------------------

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
  // Production refuses to start without mail and bank settings; a read benchmark sends no mail and pays nothing.
  SMTP_URL: 'smtp://127.0.0.1:9',
  BOG_CLIENT_ID: 'bench',
  BOG_CLIENT_SECRET: 'bench',
  // Measure the queue, not the load shedding.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  // SESSION_CACHE_MS=0 measures every request reading its session from the database (as before issue 11).
  SESSION_CACHE_MS: process.env.SESSION_CACHE_MS ?? '30000',
  // READ_CACHE_MS=0 measures every read going to the database (the list, detail, directory and chat queries).
  READ_CACHE_MS: process.env.READ_CACHE_MS ?? '10000',
});

/** One size of the marketplace: its own database, loaded, and its own server on it (the same build and config). */
type Instance = {
  label: string;
  database: Database;
  db: Db;
  app: FastifyInstance;
  base: string;
  cookies: { client: string; influencer: string };
  /** The benchmark's client and influencer. */
  bench: { clientId: string; influencerId: string };
  counts: Record<string, number>;
  /** Requests not answered yet. */
  inFlight: () => number;
};

async function openInstance(name: 'small' | 'large', campaigns: number): Promise<Instance> {
  const label = `${campaigns.toLocaleString('en')} campaigns`;
  const database = opts.databaseUrl
    ? await freshPostgres(opts.databaseUrl, name)
    : await openPglite(join(work, `db-${name}`));
  const { db } = database;
  await seedReference(db);
  const bench = await timed(`${name}: accounts (auth repository)`, () => createAccounts(db));
  await timed(`${name}: ${opts.influencers.toLocaleString('en')} influencers`, () =>
    insertPeople(db, opts.influencers),
  );
  // The same steps as the marketplace grows: the large one holds the small one's campaigns and 99,000 more.
  for (const [from, to] of [
    [1, Math.min(campaigns, opts.small)],
    [opts.small + 1, campaigns],
  ] as const) {
    if (from > to) continue;
    await timed(`${name}: campaigns ${from.toLocaleString('en')}..${to.toLocaleString('en')}`, () =>
      insertCampaigns(db, { from, to }, bench, opts.influencers),
    );
  }
  // What autovacuum would otherwise do in the middle of the measurements (PostgreSQL) and the visibility map that
  // index-only scans need.
  await timed(`${name}: vacuum analyze`, () => db.execute(sql.raw('vacuum analyze')));
  const counts = await tableCounts(db);
  log(`${name} rows: ${JSON.stringify(counts)}`);

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
  log(`${name}: listening on ${base}`);
  const cookies = {
    client: await signIn(base, 'client@bench.test'),
    influencer: await signIn(base, 'influencer@bench.test'),
  };
  return { label, database, db, app, base, cookies, bench, counts, inFlight: () => inFlight };
}

async function signIn(base: string, email: string): Promise<string> {
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

// ---- targets ----------------------------------------------------------------------------------------------------

type Target = {
  name: string;
  /** Stable name in the JSON results. */
  key: string;
  path: string;
  as: keyof Instance['cookies'] | null;
  expect: (body: unknown) => string | null;
};
type Measured = {
  target: Target;
  /** Under load: opts.connections at once. */
  result: Result | null;
  /** One connection, one request at a time: what a request costs without queueing. */
  alone: Result | null;
  problem: string | null;
  explain: string[];
  /** req/s of every run of this endpoint at this size (the reported one is their median). */
  runs?: number[];
};

/** The run with the median req/s; a run with a problem wins, so a failure is never hidden behind good runs. */
function medianRun(tries: Measured[]): Measured {
  const failed = tries.find((m) => m.problem);
  if (failed) return failed;
  const sorted = [...tries].sort((a, b) => (a.result?.requests.average ?? 0) - (b.result?.requests.average ?? 0));
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, runs: tries.map((m) => Math.round(m.result?.requests.average ?? 0)) };
}

const items = (min: number) => (body: unknown) => {
  const n = (body as { items?: unknown[] }).items?.length;
  return n !== undefined && n >= min
    ? null
    : `expected at least ${min} items, got ${JSON.stringify(body).slice(0, 200)}`;
};

/** Where the influencer's list is `fraction` of the way down: a cursor built as the server builds it. */
async function cursorAt(
  { db, bench }: Instance,
  fraction: number,
): Promise<{ cursor: string; depth: number; visible: number }> {
  const visibleWhere = sql`(c.status = 'open' and (c.deadline is null or c.deadline >= ${businessToday()}::date))
    or exists (select 1 from campaign_applications a where a.campaign_id = c.id and a.influencer_id = ${bench.influencerId})`;
  const [counted] = await rows<{ visible: number }>(
    db,
    sql`select count(*)::int as visible from campaigns c where ${visibleWhere}`,
  );
  const visible = counted!.visible;
  const depth = Math.floor(visible * fraction);
  const [row] = await rows<{ createdAt: string; id: string }>(
    db,
    sql`
    select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", c.id
    from campaigns c where ${visibleWhere}
    order by c.created_at desc, c.id desc offset ${depth} limit 1`,
  );
  return { cursor: encodeCursor(row!), depth, visible };
}

/** The owner's campaign with the most applications: the richest detail screen. */
async function richestOwnCampaign({ db, bench }: Instance): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`
    select c.id from campaigns c where c.client_id = ${bench.clientId}
    order by (select count(*) from campaign_applications a where a.campaign_id = c.id) desc,
             (c.status = 'done') desc, c.created_at desc
    limit 1`,
  );
  return row!.id;
}

/** What a scale measures: the ping, the session, the lists, a detail, the directory and the chat list. */
async function scaleTargets(inst: Instance): Promise<Target[]> {
  const { label } = inst;
  const deep = await cursorAt(inst, 0.5);
  const [fashion] = await inst.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, 'Fashion & Style'));
  return [
    {
      name: 'GET /api/health (database ping)',
      key: 'ping',
      path: '/api/health',
      as: null,
      expect: (b) => ((b as { status?: string }).status === 'ok' ? null : 'not ok'),
    },
    {
      name: 'GET /api/me, influencer (session only)',
      key: 'me',
      path: '/api/me',
      as: 'influencer',
      expect: (b) => ((b as { user?: unknown }).user ? null : 'no user in the body'),
    },
    {
      name: 'GET /api/bootstrap, client (session, unread count, categories)',
      key: 'bootstrap',
      path: '/api/bootstrap',
      as: 'client',
      expect: (b) => ((b as { user?: unknown }).user ? null : 'no user in the body'),
    },
    {
      name: `GET /api/campaigns, influencer, first page (${label})`,
      key: 'list-first',
      path: '/api/campaigns',
      as: 'influencer',
      expect: items(20),
    },
    {
      name: `GET /api/campaigns, influencer, half-way (${label}, row ${deep.depth.toLocaleString('en')} of ${deep.visible.toLocaleString('en')})`,
      key: 'list-half',
      path: `/api/campaigns?cursor=${deep.cursor}`,
      as: 'influencer',
      expect: items(20),
    },
    {
      name: 'GET /api/campaigns, client, own list',
      key: 'list-own',
      path: '/api/campaigns',
      as: 'client',
      // At 1,000 campaigns the client owns 20, some of them canceled.
      expect: items(10),
    },
    {
      name: 'GET /api/campaigns/:id, owner (the most applications)',
      key: 'detail',
      path: `/api/campaigns/${await richestOwnCampaign(inst)}`,
      as: 'client',
      expect: (b) => ((b as { id?: string }).id ? null : 'no campaign in the body'),
    },
    {
      name: 'GET /api/influencers, client',
      key: 'directory',
      path: '/api/influencers',
      as: 'client',
      expect: items(20),
    },
    {
      name: 'GET /api/influencers?category&social, client',
      key: 'directory-filtered',
      path: `/api/influencers?category=${fashion!.id}&social=instagram`,
      as: 'client',
      expect: items(10),
    },
    { name: 'GET /api/chats, client', key: 'chats', path: '/api/chats?limit=20', as: 'client', expect: items(1) },
    {
      name: 'GET /api/chat/unread-count, client',
      key: 'unread',
      path: '/api/chat/unread-count',
      as: 'client',
      expect: (b) => (typeof (b as { count?: unknown }).count === 'number' ? null : 'no count'),
    },
  ];
}

// ---- measuring --------------------------------------------------------------------------------------------------

/**
 * The statements one request runs, read off the driver drizzle calls (`db.$client`: PGlite's query(text, params)
 * or node-postgres' pool.query(config | text, params)).
 */
async function capture(inst: Instance, t: Target): Promise<{ query: string; params: unknown[] }[]> {
  type Query = (q: string | { text: string }, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
  const client = (inst.db as unknown as { $client: { query: Query } }).$client;
  const seen: { query: string; params: unknown[] }[] = [];
  const original = client.query;
  client.query = (q, params, ...rest) => {
    seen.push({ query: typeof q === 'string' ? q : q.text, params: params ?? [] });
    return original.call(client, q, params, ...rest);
  };
  try {
    await request(inst, t);
  } finally {
    client.query = original;
  }
  return seen;
}

/** EXPLAIN ANALYZE of the reads a request runs beyond the session lookup every signed-in request makes. */
async function explain(inst: Instance, t: Target, session: Set<string>): Promise<string[]> {
  const plans: string[] = [];
  for (const s of await capture(inst, t)) {
    if (session.has(s.query) || !/^\s*(select|with)\b/i.test(s.query)) continue;
    const res = await rows<{ 'QUERY PLAN': string }>(
      inst.db,
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
async function drain({ database, inFlight }: Instance) {
  const giveUp = Date.now() + 60_000;
  let quick = 0;
  let said = Date.now();
  while (quick < 3 && Date.now() < giveUp) {
    if (Date.now() - said > 5000) {
      log(`waiting for the server to finish ${inFlight()} queued requests`);
      said = Date.now();
    }
    const start = performance.now();
    await database.ping();
    quick = inFlight() === 0 && performance.now() - start < 5 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function request({ base, cookies }: Instance, t: Target) {
  // A fresh connection each time: after a long data load the server has closed the idle keep-alive one.
  const res = await fetch(base + t.path, {
    headers: { connection: 'close', ...(t.as ? { cookie: cookies[t.as] } : {}) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

async function measure(inst: Instance, t: Target): Promise<Measured> {
  const { base, cookies } = inst;
  debug(`${inst.label}, ${t.name}: first request`);
  const first = await request(inst, t);
  const problem =
    first.status !== 200 ? `status ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}` : t.expect(first.body);
  if (problem) {
    log(`SKIP ${inst.label}, ${t.name}: ${problem}`);
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
  await drain(inst);
  debug(`${t.name}: load`);
  const result = await load(opts.duration);
  await drain(inst);
  debug(`${t.name}: alone`);
  const alone = await load(opts.aloneDuration, 1);
  const bad = [result, alone].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  log(
    `${inst.label}, ${t.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; alone ${alone.latency.average} ms${bad ? `; ${bad} failed` : ''}`,
  );
  return {
    target: t,
    result,
    alone,
    problem: bad ? `${bad} of ${result.requests.total + alone.requests.total} requests failed` : null,
    explain: [],
  };
}

const bare: Target = {
  name: 'GET /__bench/bare (no database, no session)',
  key: 'bare',
  path: '/__bench/bare',
  as: null,
  expect: () => null,
};

/**
 * Waits until the machine is quiet: after a data load V8 keeps compiling PGlite's WebAssembly (and collecting the
 * load's garbage) on background threads for seconds, and PostgreSQL vacuums and writes out what was loaded; on two
 * cores that work took half of a bare route's throughput away from the first endpoints measured (7k vs 15k req/s,
 * same build). Quiet = the whole machine busy for less than a tenth of a core over half a second, three times in a
 * row; gives up after 90 s and says so (something else is running: read the figures with that in mind).
 */
async function quiet(label: string) {
  const busy = () =>
    cpus().reduce(
      (a, c) => ({ idle: a.idle + c.times.idle, total: a.total + Object.values(c.times).reduce((x, y) => x + y, 0) }),
      {
        idle: 0,
        total: 0,
      },
    );
  const started = Date.now();
  let calm = 0;
  while (calm < 3 && Date.now() - started < 90_000) {
    const before = busy();
    await new Promise((r) => setTimeout(r, 500));
    const after = busy();
    const cores = (1 - (after.idle - before.idle) / Math.max(1, after.total - before.total)) * cpus().length;
    calm = cores < 0.1 ? calm + 1 : 0;
  }
  log(`${label}: quiet after ${((Date.now() - started) / 1000).toFixed(1)} s${calm < 3 ? ' (gave up waiting)' : ''}`);
}

const small = await openInstance('small', opts.small);
const large = await openInstance('large', opts.campaigns);
const smallLabel = small.label;
const bigLabel = large.label;
await quiet('after loading both');

// Side by side: each endpoint on both sizes, back to back, `repeat` times with the order alternating (small, large,
// large, small, …), and the median run of each size reported. Two runs of the same read seconds apart differ by up to
// 2× on this shared machine, so one run per size says little about the ratio between them.
const smallRuns: Measured[] = [];
const bigRuns: Measured[] = [await measure(large, bare)];
const smallTargets = await scaleTargets(small);
const bigTargets = await scaleTargets(large);
for (const big of bigTargets) {
  const pair = [
    { inst: small, target: smallTargets.find((t) => t.key === big.key)!, tries: [] as Measured[] },
    { inst: large, target: big, tries: [] as Measured[] },
  ];
  for (let r = 0; r < opts.repeat; r++)
    for (const run of r % 2 === 0 ? pair : [...pair].reverse()) run.tries.push(await measure(run.inst, run.target));
  smallRuns.push(medianRun(pair[0]!.tries));
  bigRuns.push(medianRun(pair[1]!.tries));
}
const me = bigRuns.find((m) => m.target.key === 'me')!.target;
const session = new Set((await capture(large, me)).map((s) => s.query));
for (const m of bigRuns)
  if (m.result && !['bare', 'ping', 'me'].includes(m.target.key)) m.explain = await explain(large, m.target, session);

// ---- serialization ----------------------------------------------------------------------------------------------

/**
 * What turning one response into JSON costs, on the real bodies of this run: the zod serializer the routes use now
 * (fastify-type-provider-zod: encode with zod, then JSON.stringify), JSON.stringify alone, and fast-json-stringify
 * compiled from the JSON Schema zod generates (what Fastify's own serializer would do).
 */
const serialization: { key: string; bytes: number; zodMs: number; stringifyMs: number; compiledMs: number | null }[] =
  [];
const schemas: Record<string, ZodType> = {
  me: meResponse,
  'list-first': campaignListResponse,
  detail: campaignDetail,
  directory: directoryResponse,
  chats: chatListResponse,
};
const perCall = (fn: () => unknown) => {
  for (let i = 0; i < 200; i++) fn();
  const n = 2000;
  const start = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - start) / n;
};
for (const m of bigRuns) {
  const schema = schemas[m.target.key];
  if (!schema || !m.result) continue;
  const { body } = await request(large, m.target);
  const zodSerialize = serializerCompiler({ schema, method: 'GET', url: m.target.path });
  let compiledMs: number | null = null;
  try {
    const compiled = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as object);
    compiledMs = perCall(() => compiled(body));
  } catch (e) {
    log(`fast-json-stringify could not compile ${m.target.key}: ${(e as Error).message}`);
  }
  serialization.push({
    key: m.target.key,
    bytes: JSON.stringify(body).length,
    zodMs: perCall(() => zodSerialize(body)),
    stringifyMs: perCall(() => JSON.stringify(body)),
    compiledMs,
  });
}

// ---- report -----------------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pingOf = (runs: Measured[]) => runs.find((m) => m.target.key === 'ping')?.result?.requests.average ?? 0;
type Figures = {
  reqPerSec?: number;
  /** req/s of each run; reqPerSec is their median. */
  runs?: number[];
  /** req/s ÷ the ping's req/s at the same size. */
  shareOfPing?: number;
  p50Ms?: number;
  p99Ms?: number;
  aloneMeanMs?: number;
  problem: string | null;
};
const figures = (m: Measured | undefined, ping: number): Figures =>
  m?.result && m.alone
    ? {
        reqPerSec: Math.round(m.result.requests.average),
        runs: m.runs,
        shareOfPing: ping > 0 ? m.result.requests.average / ping : undefined,
        p50Ms: m.result.latency.p50,
        p99Ms: m.result.latency.p99,
        aloneMeanMs: m.alone.latency.average,
        problem: m.problem,
      }
    : { problem: m?.problem ?? 'not measured' };
const smallPing = pingOf(smallRuns);
const bigPing = pingOf(bigRuns);
const rowsOut = bigRuns.map((m) => {
  const small = smallRuns.find((s) => s.target.key === m.target.key);
  return {
    key: m.target.key,
    endpoint: m.target.name,
    small: small ? figures(small, smallPing) : null,
    big: figures(m, bigPing),
  };
});

const pct = (f: Figures | null) => (f?.shareOfPing !== undefined ? `${fmt(f.shareOfPing * 100)}%` : '');
const cell = (v: number | undefined) => (v !== undefined ? fmt(v) : '');
const growth = (a: Figures | null, b: Figures | null) =>
  a?.reqPerSec && b?.reqPerSec ? `${fmt(a.reqPerSec / b.reqPerSec, 2)}×` : '';
/** The same ratio on each size's fastest run: the one least disturbed by whatever else the machine was doing. */
const bestGrowth = (a: Figures | null, b: Figures | null) =>
  a?.runs?.length && b?.runs?.length ? `${fmt(Math.max(...a.runs) / Math.max(...b.runs), 2)}×` : '';

function describeCache() {
  const [a, b] = [small.app.readCache.stats(), large.app.readCache.stats()];
  const s = { hits: a.hits + b.hits, misses: a.misses + b.misses, shared: a.shared + b.shared };
  return `${fmt(s.hits)} answers from memory, ${fmt(s.misses)} reads of the database, ${fmt(s.shared)} shared with an identical read in flight`;
}

const { engine: engineKey } = large.database;
const engine = engineKey === 'pglite' ? 'PGlite (in process)' : 'PostgreSQL';
const lines: string[] = [];
lines.push(`# Benchmark ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${engine}`, '');
lines.push(
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; ` +
    `${opts.connections} connections, ${opts.duration} s per endpoint after ${opts.warmup} s of warm-up, then one connection for ${opts.aloneDuration} s ("alone"); ` +
    `${opts.repeat} runs per endpoint and size, the median run shown; ` +
    `each endpoint on both sizes back to back (two databases, two servers in this process; the order alternates); the load generator runs in a worker thread of the same process. Load average ${startLoad} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (anything else running on the machine skews every figure).`,
  '',
  `Session cache ${config.sessionCacheMs ? `${config.sessionCacheMs / 1000} s` : 'off'}; read cache ${config.readCacheMs ? `${config.readCacheMs / 1000} s` : 'off'} (${describeCache()}).`,
  '',
);
const describeCounts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(', ');
lines.push(`Small: ${describeCounts(small.counts)}.`, '', `Large: ${describeCounts(large.counts)}.`, '');
lines.push(`Loaded in ${loadTimes.map((l) => `${l.label} ${fmt(l.s, 1)} s`).join('; ')}.`, '');
lines.push(
  `"share of ping" is the endpoint's req/s ÷ \`/api/health\`'s req/s at the same size (one \`select 1\`); "small ÷ large" is req/s at ${smallLabel} ÷ req/s at ${bigLabel} (1.0× = no slower with more rows), on the median runs; "fastest ÷ fastest" the same on each size's fastest run, the one least disturbed by anything else on the machine.`,
  '',
  `| endpoint | req/s ${smallLabel} | share of ping | p99 ms | req/s ${bigLabel} | share of ping | p99 ms | alone ms | small ÷ large | fastest ÷ fastest | every run's req/s, small; large |`,
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
);
for (const r of rowsOut) {
  const alone = r.big.aloneMeanMs !== undefined ? fmt(r.big.aloneMeanMs, 2) : '';
  const note = r.big.problem ?? r.small?.problem ?? '';
  lines.push(
    `| ${r.endpoint} | ${cell(r.small?.reqPerSec)} | ${pct(r.small)} | ${cell(r.small?.p99Ms)} | ${cell(r.big.reqPerSec)} | ${pct(r.big)} | ${cell(r.big.p99Ms)} | ${alone} | ${growth(r.small, r.big)} | ${bestGrowth(r.small, r.big)} | ${r.small?.runs ? [r.small.runs, r.big.runs ?? []].map((x) => x.map((n) => fmt(n)).join(' ')).join('; ') : ''} |${note ? ` ${note}` : ''}`,
  );
}
lines.push(
  '',
  "Serializing one response (this run's real bodies, mean of 2,000 calls in this process):",
  '',
  '| endpoint | bytes | zod encode + JSON.stringify (now) | JSON.stringify alone | fast-json-stringify from the JSON Schema |',
  '| --- | ---: | ---: | ---: | ---: |',
);
for (const r of serialization)
  lines.push(
    `| ${r.key} | ${fmt(r.bytes)} | ${fmt(r.zodMs, 3)} ms | ${fmt(r.stringifyMs, 3)} ms | ${r.compiledMs === null ? 'n/a' : `${fmt(r.compiledMs, 3)} ms`} |`,
  );
const table = `${lines.join('\n')}\n`;

const plans = bigRuns
  .filter((m) => m.explain.length)
  .map((m) => `## ${m.target.name}\n\n\`\`\`\n${m.explain.join('\n\n')}\n\`\`\`\n`)
  .join('\n');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const json = {
  at: new Date().toISOString(),
  engine: engineKey,
  machine: { cpus: cpus().length, model: cpus()[0]?.model.trim(), node: process.version, loadStart: startLoad },
  options: { ...opts, databaseUrl: opts.databaseUrl ? 'postgres' : null },
  rows: { small: small.counts, large: large.counts },
  endpoints: rowsOut,
  serialization,
  caches: {
    sessionMs: config.sessionCacheMs,
    readMs: config.readCacheMs,
    read: { small: small.app.readCache.stats(), large: large.app.readCache.stats() },
  },
};
writeFileSync(join(resultsDir, `${engineKey}-${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(join(resultsDir, `latest-${engineKey}.json`), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(join(resultsDir, `latest-${engineKey}.md`), table);
if (plans)
  writeFileSync(
    join(resultsDir, `latest-${engineKey}-plans.md`),
    `# Query plans (EXPLAIN ANALYZE, one request each)\n\n${plans}`,
  );
console.log(`\n${table}`);
log(`written to bench/results/${engineKey}-${stamp}.json and latest-${engineKey}.{json,md}`);

for (const inst of [small, large]) {
  await drain(inst);
  await inst.app.close();
  await inst.database.close();
}
throwaway?.stop();
rmSync(work, { recursive: true, force: true });
