// Session cookie → person, kept for a few seconds in this process (issue 11 §1): a signed-in request that hits it
// makes no database round trip for its session. Revocation stays immediate: database triggers (migration
// 0016_perf_session_cache) NOTIFY `session_cache` with the user id whenever a session is deleted or changed, or the
// person's account or profile row changes, whoever does it; every instance LISTENs and forgets that person's entries.
// PGlite delivers the notification before the writing statement returns; PostgreSQL a moment after commit, so the
// auth service also forgets locally at once after the writes it makes itself (the very next request on this instance).
// While the listener is down (db/listener.ts reconnects it) the cache is off: correctness before speed.

import type { Listen } from '../../db/listener.ts';

/** What a cached session stands for; the value is opaque here. */
export type SessionCache<V> = ReturnType<typeof createSessionCache<V>>;

export const SESSION_CACHE_CHANNEL = 'session_cache';

type Entry<V> = { userId: string; value: V; until: number };

export function createSessionCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  /** Bumped by every invalidation: a lookup that began before one must not store what it read. */
  let generation = 0;
  let enabled = false;
  const watchers = new Set<(userId: string) => void>();

  function forget(userId: string) {
    generation++;
    for (const [key, e] of entries) if (e.userId === userId) entries.delete(key);
    for (const w of watchers) w(userId);
  }

  return {
    /** The generation to hand back to `set`, taken before the lookup reads the database. */
    begin: () => generation,

    get(key: string): V | undefined {
      if (!enabled) return undefined;
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },

    /**
     * Keeps `value` for the cache's lifetime, or until `expiresAt` (the session's own end) if sooner. Refused when
     * any invalidation arrived since `begin()`: what the lookup read may be what was just revoked.
     */
    set(key: string, userId: string, value: V, since: number, expiresAt: number) {
      if (!enabled || since !== generation) return;
      if (entries.size >= opts.maxEntries) {
        // Maps iterate in insertion order: the oldest entry goes.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(key);
      entries.set(key, { userId, value, until: Math.min(now() + opts.ttlMs, expiresAt) });
    },

    /** Every entry of this person, on this instance (the triggers reach the others). */
    forget,

    /** Called with each forgotten user id (tests wait on it; a listener could close that person's sockets). */
    onForget(fn: (userId: string) => void): () => void {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },

    /**
     * Starts serving from memory; `listen` subscribes to the invalidations of every instance. While the listener is
     * down an invalidation could be missed, so the cache is off; when it listens again it starts empty.
     */
    async start(listen: Listen | undefined): Promise<() => Promise<void>> {
      if (!listen) return async () => {};
      const off = () => {
        enabled = false;
        generation++;
        entries.clear();
      };
      const stop = await listen(SESSION_CACHE_CHANNEL, (userId) => forget(userId), {
        lost: off,
        restored: () => {
          off();
          enabled = true;
        },
      });
      enabled = true;
      return async () => {
        off();
        await stop().catch(() => {});
      };
    },

    get size() {
      return entries.size;
    },
  };
}
