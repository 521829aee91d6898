// A store for @fastify/rate-limit that keeps its counters in PostgreSQL (issue 12 §1): several server instances
// behind a balancer share one count per route and key, so ten sign-in attempts or sixty messages a minute mean the
// same with one instance or five. One statement per limited request: an upsert that starts a new window when the
// old one has passed. Works the same on PGlite (one process) and PostgreSQL.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Row = { hits: number; ttl: number };
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin passes to `child`: the route's merged options, with the route itself. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** How often (in counted requests) a store also deletes windows that ended over an hour ago. */
const SWEEP_EVERY = 500;

/**
 * One more hit under `key`, in a window of `timeWindowMs` that starts with the first hit (a new one once it has
 * passed): the hits so far in the window and the ms left of it. The store below uses it, and so do the limits a
 * service counts itself (lib/rate-limit.ts `hitCounter`).
 */
export async function countHit(db: Db, key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = (await db.execute(sql`
      insert into rate_limit_counters as c (key, hits, expires_at)
      values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
        expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
      returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`)) as unknown as {
    rows: Row[];
  };
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

export function pgRateLimitStore(db: Db) {
  let counted = 0;

  async function incr(key: string, timeWindowMs: number) {
    const hit = await countHit(db, key, timeWindowMs);
    if (++counted % SWEEP_EVERY === 0) {
      void db
        .execute(sql`delete from rate_limit_counters where expires_at < now() - interval '1 hour'`)
        .catch(() => {});
    }
    return hit;
  }

  async function read(key: string) {
    const { rows } = (await db.execute(sql`
      select hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
      from rate_limit_counters where key = ${key} and expires_at > now()`)) as unknown as { rows: Row[] };
    const row = rows[0];
    return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  }

  /** The plugin builds one store, then a child per limited route: the route names its counters. */
  class PgStore {
    constructor(
      _global?: unknown,
      private readonly prefix = '',
    ) {}
    incr(key: string, cb: Callback, timeWindow: number) {
      incr(`${this.prefix}${key}`, timeWindow).then((r) => cb(null, r), cb);
    }
    read(key: string, cb: Callback) {
      read(`${this.prefix}${key}`).then((r) => cb(null, r), cb);
    }
    child(params: RouteParams) {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new PgStore(undefined, `${method} ${params.routeInfo?.url ?? ''}|`);
    }
  }
  return PgStore;
}
