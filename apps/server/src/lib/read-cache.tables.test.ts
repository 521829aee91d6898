// A cached read is forgotten when a table it lists changes (lib/read-cache.ts), so a table it reads but does not list
// leaves its answer stale for up to READ_CACHE_MS. Here every cached read runs its query with a query log, the
// database says which relations each logged statement reads (EXPLAIN (FORMAT JSON): the planner's own view, not a
// guess from the SQL text), and each must be in the list that read gave `reads.through`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { admin, type Person, person } from '../test/fixtures.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness.ts';
import type { ReadCache } from './read-cache.ts';

type Statement = { sql: string; params: unknown[] };
type Read = { key: string; tables: readonly string[]; statements: Statement[] };
/** Both drivers answer `query(text, params)` with `{ rows }`. */
type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

let t: TestApp;
let raw: RawClient;
/**
 * The statements of the read running now, by async context: background work (the job poller, the hub, the limiter's
 * flush) shares the database handle and may send a statement while a read is in flight, and must not count as its.
 */
const current = new AsyncLocalStorage<Statement[]>();
/** Every cached read the requests below ran, in order. */
let reads: Read[] = [];

beforeAll(async () => {
  const database = await openTestDatabase();
  raw = (database.db as unknown as { $client: RawClient }).$client;
  // The app's database handle with a logger on the same connection: drizzle logs every statement it sends.
  const logger: Logger = { logQuery: (sql, params) => void current.getStore()?.push({ sql, params }) };
  const config = { schema, logger };
  const db = (database.engine === 'pglite'
    ? drizzlePglite(raw as unknown as PGlite, config)
    : drizzlePg(raw as unknown as pg.Pool, config)) as unknown as Db;
  t = await createTestApp({}, { database: { ...database, db } });
  // Every cached read goes through here; each runs its query (never an answer from memory) under the log.
  const cache = t.app.readCache as ReadCache;
  cache.through = (async (key: string, tables: readonly string[], load: () => Promise<unknown>) => {
    if (current.getStore()) throw new Error(`cached read ${key} started inside another one`);
    const statements: Statement[] = [];
    try {
      return await current.run(statements, load);
    } finally {
      reads.push({ key, tables, statements });
    }
  }) as ReadCache['through'];
});
afterAll(() => t.close());

/** The relations a statement reads, as the planner resolves them (views, CTEs and subqueries included). */
async function relationsOf(s: Statement): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(s.sql))
    throw new Error(`a cached read sent a statement that is not a read: ${s.sql}`);
  const res = await raw.query(`explain (format json) ${s.sql}`, s.params);
  const plan = Object.values(res.rows[0]!)[0];
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'Relation Name' && typeof v === 'string') found.add(v);
        else walk(v);
      }
    }
  };
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return [...found].sort();
}

/** GETs `url` as `who` and returns the cached reads it ran. */
async function readsOf(url: string, who: { cookie: string }): Promise<Read[]> {
  reads = [];
  const res = await t.req({ url, cookie: who.cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return reads;
}

const post = async (url: string, who: { cookie: string }, body?: object) => {
  const res = await t.req({ method: 'POST', url, cookie: who.cookie, body });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** Call sites of the read cache in the server's code: each must be among the reads this test runs. */
function throughCallSites(): number {
  const src = fileURLToPath(new URL('..', import.meta.url));
  return (readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .reduce((n, f) => n + (readFileSync(join(src, f), 'utf8').match(/\breads\.through\(/g)?.length ?? 0), 0);
}

describe('the read cache’s table lists', () => {
  let client: Person;
  let influencer: Person;
  let support: Awaited<ReturnType<typeof admin>>;
  let campaignId: string;

  beforeAll(async () => {
    client = await person(t, 'client');
    influencer = await person(t, 'influencer');
    support = await admin(t);
    // A campaign with an accepted applicant (an order and its chat), a message the influencer has not read, and a
    // support chat waiting for the admins: the joins a cached read makes have rows to find.
    const campaign = await post('/api/campaigns', client, {
      socials: ['instagram'],
      title: 'Spring lookbook',
      description: 'A carousel',
      budget: 150,
      deadline: null,
    });
    campaignId = campaign.id;
    await post('/api/campaigns', client, {
      socials: ['tiktok'],
      title: 'Summer drinks',
      description: 'Three videos',
      budget: 900,
      deadline: null,
    });
    const applied = await post(`/api/campaigns/${campaignId}/applications`, influencer);
    const accepted = await post(`/api/applications/${applied.application.id}/accept`, client);
    const chats = (await t.req({ url: '/api/chats', cookie: client.cookie })).json().items as { id: string }[];
    await post(`/api/chats/${chats[0]!.id}/messages`, client, { clientId: crypto.randomUUID(), content: 'Hello!' });
    const help = await post('/api/support/chat', influencer);
    await post(`/api/chats/${help.chatId}/messages`, influencer, { clientId: crypto.randomUUID(), content: 'Help?' });
    expect(accepted.order.id).toBeDefined();
  });

  const category = async () => ((await t.req({ url: '/api/categories' })).json().items as { id: string }[])[0]!.id;

  it('lists every table each cached read reads: campaign list and detail, directory, chat list, unread count', async () => {
    const cat = await category();
    const as = { client, influencer, admin: support };
    // Admins have no campaign list or chat list (403); every other cached read is asked by each viewer it serves.
    const requests: [string, keyof typeof as][] = [
      ['/api/campaigns', 'client'],
      ['/api/campaigns?q=lookbook&sort=budget&platform=instagram&minBudget=1&maxBudget=5000', 'client'],
      ['/api/campaigns', 'influencer'],
      ['/api/campaigns?sort=deadline&q=drinks', 'influencer'],
      [`/api/campaigns/${campaignId}`, 'client'],
      [`/api/campaigns/${campaignId}`, 'influencer'],
      [`/api/campaigns/${campaignId}`, 'admin'],
      ['/api/influencers', 'client'],
      [`/api/influencers?category=${cat}&social=instagram&sort=followers&minFollowers=0`, 'admin'],
      ['/api/chats', 'client'],
      ['/api/chats', 'influencer'],
      ['/api/chat/unread-count', 'client'],
      ['/api/chat/unread-count', 'influencer'],
      ['/api/chat/unread-count', 'admin'],
    ];
    const untracked: Record<string, string[]> = {};
    const sites = new Set<string>();
    for (const [url, role] of requests) {
      const ran = await readsOf(url, as[role]);
      expect(ran.length, `${url} is a cached read`).toBeGreaterThan(0);
      for (const read of ran) {
        expect(read.statements.length, `${read.key} queried the database`).toBeGreaterThan(0);
        // Which of the cached reads this is: the key without who asks and the query string.
        sites.add(read.key.replace(/^\S+ /, '').replace(/\?.*$/, '').replace(campaignId, ':id'));
        const touched = new Set<string>();
        for (const s of read.statements) for (const r of await relationsOf(s)) touched.add(r);
        const missing = [...touched].filter((r) => !read.tables.includes(r));
        if (missing.length) untracked[`${url} as ${role}`] = missing.sort();
      }
    }
    expect(untracked, JSON.stringify(untracked)).toEqual({});
    // Five places in the code read through the cache; each of them ran above.
    expect([...sites].sort()).toEqual([
      '/api/campaigns',
      '/api/campaigns/:id',
      '/api/chats',
      '/api/influencers',
      'unread',
    ]);
    expect(throughCallSites()).toBe(sites.size);
  });

  it('sees the tables a statement reads, through joins and subqueries (the check can fail)', async () => {
    const rels = await relationsOf({
      sql: 'select c.id from campaigns c join clients k on k.id = c.client_id where exists (select 1 from ratings r where r.order_id = $1)',
      params: [crypto.randomUUID()],
    });
    expect(rels).toEqual(['campaigns', 'clients', 'ratings']);
  });
});
