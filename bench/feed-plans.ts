// npm run bench:feed — the campaign list's search, sorts and budget range on 100,000 campaigns: EXPLAIN (ANALYZE,
// BUFFERS) of the statements each list request runs, and a check that every one of them reaches the campaigns
// through an index (no sequential scan of the table). Exits 1 when one does not. About 30 s on PGlite; on PostgreSQL:
// node scripts/pg-throwaway.mjs -- sh -c 'BENCH_DATABASE_URL=$DATABASE_URL npm run bench:feed'
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { campaignListQuery } from '@app/shared/campaigns/campaign.schemas';
import { businessToday } from '@app/shared/common/dates';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { categories, clients, influencers } from '../apps/server/src/db/schema.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import type { Actor } from '../apps/server/src/features/auth/auth.service.ts';
import { createCampaignsRepository } from '../apps/server/src/features/campaigns/campaigns.repository.ts';
import { createCampaignsService } from '../apps/server/src/features/campaigns/campaigns.service.ts';
import { createChatsRepository } from '../apps/server/src/features/chat/chats.repository.ts';
import { createOrdersRepository } from '../apps/server/src/features/orders/orders.repository.ts';
import { insertCampaigns, insertPeople } from './dataset.ts';

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const INFLUENCERS = Number(process.env.BENCH_INFLUENCERS ?? 5_000);
const url = process.env.BENCH_DATABASE_URL || null;
const log = (msg: string) => console.log(`[feed] ${msg}`);

const work = mkdtempSync(join(tmpdir(), 'influence-feed-'));
let dropDatabase = async () => {};
async function open(): Promise<Database> {
  if (!url) return openPglite(join(work, 'db'));
  const name = `bench_feed_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return openPostgres(u.toString(), { onIdleError: () => {} });
}

const database = await open();
const { db } = database;
const started = performance.now();
await seedReference(db);
const auth = createAuthRepository(db);
const passwordHash = await hashPassword('bench-password-1');
const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
const account = (role: 'client' | 'influencer') => ({
  id: crypto.randomUUID(),
  role,
  email: `${role}@feed.bench`,
  passwordHash,
  name: 'Bench',
  lastname: role,
  mobile: null,
  companyId: null,
  categoryIds: role === 'influencer' ? [category!.id] : [],
  emailVerified: true,
  isOnboarded: true,
});
const clientAccount = account('client');
const influencerAccount = account('influencer');
await auth.createAccount(clientAccount);
await auth.createAccount(influencerAccount);
const [c] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, clientAccount.id));
const [i] = await db
  .select({ id: influencers.id })
  .from(influencers)
  .where(eq(influencers.userId, influencerAccount.id));
const bench = { clientId: c!.id, influencerId: i!.id };
await insertPeople(db, INFLUENCERS);
await insertCampaigns(db, { from: 1, to: CAMPAIGNS }, bench, INFLUENCERS);
// The benchmark's texts use some 26 words. Real briefs use thousands, a few often and most rarely, and PostgreSQL
// estimates a prefix search from the most common words only once it has 100 of them (below that it assumes 2 % of
// the rows for any prefix, and may walk a sort's index for a word that matches nothing). Three words per
// description from a 5,000-word vocabulary, Zipf-like (word k with probability falling as k grows), give the
// statistics a realistic shape; the words follow from the campaign's id, so they are the same on every run.
await db.execute(
  sql.raw(`update campaigns set description = description || ' ' || (
     select string_agg('w' || substr(md5(floor(5000 * power((hashtext(campaigns.id::text || k) & 2147483647) / 2147483647.0, 3))::text), 1, 6), ' ')
     from generate_series(1, 3) k)`),
);
await db.execute(sql.raw('vacuum analyze campaigns'));
log(
  `${database.engine}: ${CAMPAIGNS.toLocaleString('en')} campaigns loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// Lists only: deleting (the ports to orders and chats) never runs here.
const service = createCampaignsService({
  db,
  repo: createCampaignsRepository(db),
  orders: createOrdersRepository(db),
  chats: createChatsRepository(db),
});
const actors: Record<'influencer' | 'client', Actor> = {
  influencer: { userId: influencerAccount.id, role: 'influencer', profileId: bench.influencerId, email: '' },
  client: { userId: clientAccount.id, role: 'client', profileId: bench.clientId, email: '' },
};

/** The statements one list call runs, read off the driver drizzle calls (as bench/run.ts does). */
async function capture(as: keyof typeof actors, query: Record<string, string>) {
  type Query = (q: string | { text: string }, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const seen: { query: string; params: unknown[] }[] = [];
  const original = client.query;
  client.query = (q, params, ...rest) => {
    seen.push({ query: typeof q === 'string' ? q : q.text, params: params ?? [] });
    return original.call(client, q, params, ...rest);
  };
  try {
    const page = await service.list(actors[as], campaignListQuery.parse(query));
    return { seen, page };
  } finally {
    client.query = original;
  }
}

function inline(query: string, params: unknown[]) {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

async function explain(statement: string): Promise<string[]> {
  const res = (await db.execute(sql.raw(`explain (analyze, buffers) ${statement}`))) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return res.rows.map((r) => r['QUERY PLAN']);
}

/** A cursor half-way down a sort, taken by paging as a person would (in pages of 50). */
async function deepCursor(as: keyof typeof actors, query: Record<string, string>, pages: number) {
  let cursor: string | null = null;
  for (let n = 0; n < pages; n++) {
    const page = await service.list(
      actors[as],
      campaignListQuery.parse({ ...query, limit: '50', ...(cursor ? { cursor } : {}) }),
    );
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return cursor ?? undefined;
}

// The vocabulary's most frequent word (k = 0).
const FREQUENT = `w${createHash('md5').update('0').digest('hex').slice(0, 6)}`;
const scenarios: { name: string; as: keyof typeof actors; query: Record<string, string> }[] = [
  { name: 'influencer, newest (baseline)', as: 'influencer', query: {} },
  { name: 'influencer, highest budget', as: 'influencer', query: { sort: 'budget' } },
  { name: 'influencer, soonest deadline', as: 'influencer', query: { sort: 'deadline' } },
  { name: 'influencer, search a common word ("summer", 1 in 6)', as: 'influencer', query: { q: 'summer' } },
  { name: 'influencer, search a prefix ("unbox")', as: 'influencer', query: { q: 'unbox', sort: 'budget' } },
  { name: 'influencer, search a rare word ("12345")', as: 'influencer', query: { q: '12345' } },
  {
    name: 'influencer, search a rare prefix ("1234", 11 rows)',
    as: 'influencer',
    query: { q: '1234', sort: 'deadline' },
  },
  { name: 'influencer, search a word nobody used ("xylophone")', as: 'influencer', query: { q: 'xylophone' } },
  { name: 'influencer, search the most frequent brief word', as: 'influencer', query: { q: FREQUENT } },
  {
    name: 'influencer, budget 400–450 GEL (1 in 48), newest',
    as: 'influencer',
    query: { minBudget: '400', maxBudget: '450' },
  },
  {
    name: 'influencer, budget ≥ 4,000 GEL, highest budget',
    as: 'influencer',
    query: { minBudget: '4000', sort: 'budget' },
  },
  {
    name: 'influencer, all at once (summer, YouTube, 1,000–3,000 GEL, deadline)',
    as: 'influencer',
    query: { q: 'summer', platform: 'youtube', minBudget: '1000', maxBudget: '3000', sort: 'deadline' },
  },
  { name: 'influencer, budget ≥ 10,000 GEL (none), newest', as: 'influencer', query: { minBudget: '10000' } },
  { name: 'client (2,040 own), highest budget', as: 'client', query: { sort: 'budget' } },
  { name: 'client, soonest deadline', as: 'client', query: { sort: 'deadline' } },
  { name: 'client, search "review"', as: 'client', query: { q: 'review' } },
];

const deep = [
  { name: 'influencer, highest budget, page ~50 (row 2,500)', as: 'influencer' as const, query: { sort: 'budget' } },
  {
    name: 'influencer, soonest deadline, page ~50 (row 2,500)',
    as: 'influencer' as const,
    query: { sort: 'deadline' },
  },
];
for (const d of deep) {
  const cursor = await deepCursor(d.as, d.query, 50);
  scenarios.push({ ...d, query: { ...d.query, ...(cursor ? { cursor } : {}) } });
}

const report: string[] = [`# Campaign feed plans: ${database.engine}, ${CAMPAIGNS.toLocaleString('en')} campaigns`, ''];
const summary: string[] = [
  '| scenario | cards | execution ms | indexes on campaigns | ok |',
  '| --- | --- | --- | --- | --- |',
];
let failures = 0;
for (const s of scenarios) {
  const { seen, page } = await capture(s.as, { limit: '20', ...s.query });
  const statements = seen.filter((q) => /^\s*(select|with)\b/i.test(q.query) && /"campaigns"/.test(q.query));
  let ms = 0;
  const used = new Set<string>();
  let seqScan = false;
  report.push(`## ${s.name}`, '', `\`${new URLSearchParams(s.query).toString() || '(no parameters)'}\``, '', '```');
  for (const q of statements) {
    const plan = await explain(inline(q.query, q.params));
    ms += Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    for (const line of plan) {
      const index =
        /Index (?:Only )?Scan(?: Backward)? using (campaigns_\w+)|Bitmap Index Scan on (campaigns_\w+)/.exec(line);
      if (index) used.add(index[1] ?? index[2]!);
      if (/Seq Scan on campaigns\b/.test(line)) seqScan = true;
    }
    report.push(plan.join('\n'), '');
  }
  report.push('```', '');
  const ok = !seqScan && used.size > 0;
  if (!ok) failures++;
  summary.push(
    `| ${s.name} | ${page.items.length} | ${ms.toFixed(2)} | ${[...used].join(', ')} | ${ok ? 'yes' : '**NO**'} |`,
  );
}

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `feed-plans-${database.engine}.md`);
writeFileSync(file, [report[0], '', `today: ${businessToday()}`, '', ...summary, '', ...report.slice(2)].join('\n'));
console.log(summary.join('\n'));
log(`plans in ${file}`);

await database.close();
await dropDatabase();
rmSync(work, { recursive: true, force: true });
if (failures) {
  log(`${failures} scenario(s) read the campaigns table without an index`);
  process.exit(1);
}
