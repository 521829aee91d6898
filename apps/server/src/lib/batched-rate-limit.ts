// A per-person limit counted in the instance's memory and reconciled through PostgreSQL in batches (issue 28 §1).
// The chat's send path took one upsert of `rate_limit_counters` per message: a third of its round trips. Here a hit
// is a Map lookup; every `flushMs` the hits counted since the last flush go to the same table in ONE statement (all
// keys at once), whose answer is every instance's total, which the next hits are checked against. So the limit still
// holds across instances, late by at most one flush: each other instance can let through what it counts in `flushMs`
// before the totals meet (at 60 a minute and a 250 ms flush, a person on two instances gets at most one or two more).
// The counters are the same rows the other limits use (pg-rate-limit-store.ts), under the key's own prefix.
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, executePrepared } from '../db/client.ts';
import { AppError } from './app-error.ts';

type Window = {
  /** Hits counted here and not yet written. */
  pending: number;
  /** Every instance's hits in the window, as the last flush read them (this instance's written ones included). */
  shared: number;
  resetAt: number;
  windowMs: number;
};

/** How many flushes between two sweeps of windows that ended over an hour ago. */
const SWEEP_EVERY = 600;

export function createBatchedLimiter(deps: {
  db: Db;
  flushMs?: number;
  log: { warn: (obj: object, msg: string) => void };
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // Four small flushes a second rather than one large one: the same rows, but PostgreSQL's work comes in pieces of a
  // few ms instead of a 20-40 ms burst a second at 1,000 senders, which other statements waited behind (bench:chat).
  const flushMs = deps.flushMs ?? 250;
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let flushes = 0;

  async function write() {
    const t = now();
    const batch: { key: string; hits: number; w: Window }[] = [];
    for (const [key, w] of windows) {
      if (w.pending > 0) {
        batch.push({ key, hits: w.pending, w });
        w.shared += w.pending;
        w.pending = 0;
      } else if (w.resetAt <= t) windows.delete(key);
    }
    if (!batch.length) return;
    try {
      // One JSON parameter, whatever the batch's size, under one name: PostgreSQL parses and plans the statement
      // once per connection. Written as one VALUES row per key (three parameters each) it cost 50-200 ms of parse,
      // bind and plan a second at 1,000 senders, and those bursts were the chat's p99 (docs/performance.md).
      const { rows } = await executePrepared<{ key: string; hits: number | string; ttl: number | string }>(
        deps.db,
        'rate_limit_flush',
        sql`
        insert into rate_limit_counters as c (key, hits, expires_at)
        select k, h, now() + w * interval '1 millisecond'
        from json_to_recordset(${JSON.stringify(batch.map((b) => ({ k: b.key, h: b.hits, w: b.w.windowMs })))}::json)
          as u(k text, h int, w int)
        on conflict (key) do update set
          hits = case when c.expires_at <= now() then excluded.hits else c.hits + excluded.hits end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning key, hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
      );
      const at = now();
      for (const r of rows) {
        const w = windows.get(r.key);
        if (!w) continue;
        w.shared = Number(r.hits);
        w.resetAt = at + Number(r.ttl);
      }
      if (++flushes % SWEEP_EVERY === 0) {
        await deps.db.execute(sql`delete from rate_limit_counters where expires_at < now() - interval '1 hour'`);
      }
    } catch (err) {
      // Not written: counted again with the next flush, so a database hiccup loses no hits.
      for (const b of batch) {
        b.w.shared -= b.hits;
        b.w.pending += b.hits;
      }
      deps.log.warn({ err }, 'rate limit: the batch of counts could not be written; retried with the next');
    }
  }

  /** Writes what was counted (one statement); calls made meanwhile wait for the same one. */
  function flush(): Promise<void> {
    flushing ??= write().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushMs);
    timer.unref();
  }

  /** One more hit under `key`: false (and nothing counted) once the window holds `max`; the ms until it ends. */
  function take(key: string, limit: { max: number; windowMs: number }): { ok: boolean; ttl: number } {
    const t = now();
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { pending: 0, shared: 0, resetAt: t + limit.windowMs, windowMs: limit.windowMs };
      windows.set(key, w);
    }
    if (w.shared + w.pending >= limit.max) return { ok: false, ttl: w.resetAt - t };
    w.pending++;
    schedule();
    return { ok: true, ttl: w.resetAt - t };
  }

  return {
    take,

    /**
     * A route's preHandler, after its auth guard (`req.actor` set): past `max` hits in the window a 429 whose
     * message says how long to wait, in the words of the other limits (lib/platform.ts).
     */
    perUser(name: string, limit: { max: number; windowMs: number }) {
      return async (req: FastifyRequest, _reply: FastifyReply) => {
        const who = req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`;
        const hit = take(`${name}:${who}`, limit);
        if (!hit.ok) {
          throw new AppError(
            'RATE_LIMITED',
            `Too many attempts. Please wait ${Math.max(1, Math.ceil(hit.ttl / 1000))} seconds and try again.`,
            429,
          );
        }
      };
    },

    flush,

    /** Writes what is left; called when the instance closes. */
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
export type BatchedLimiter = ReturnType<typeof createBatchedLimiter>;
