// The answers of the hottest signed-in reads, kept for a few seconds per viewer in this process (issue 11 §2): the
// campaign feed and a campaign, the directory, the chat list and the unread badge. A repeated read (a person paging
// back, a list refetched on focus, fifty people's badges) then costs a map lookup instead of a query, which on the
// embedded PGlite runs on the server's only thread.
//
// Never stale beyond what the database says: every table a read depends on has triggers (migration 0018_read_cache)
// that NOTIFY `read_cache` with the table's name whenever a row changes or the table is truncated, by whichever
// code or by hand; every instance LISTENs and forgets every answer that read that table. Each table has a version;
// an answer remembers the versions it was read at and is served only while they are unchanged. A read that began
// before a change arrived is stored under the versions it began with, so it is never served. PostgreSQL delivers
// the notification a moment after commit, so a successful writing request's answer waits on this instance until
// its change has arrived (`sync()`, app.ts): a person always reads their own write. Without the listener the cache
// is off: correctness before speed. Reads that depend on the clock (a deadline passing) are stale for at most the
// lifetime (`READ_CACHE_MS`).

import type { Listen } from '../db/listener.ts';

export const READ_CACHE_CHANNEL = 'read_cache';
/** Payloads that are not table names: `sync()`'s own notifications. */
const SYNC_PREFIX = 'sync:';

/** The tables a marketplace read (campaigns, applications, the directory) may join. Generous on purpose. */
export const MARKETPLACE_TABLES = [
  'users',
  'clients',
  'influencers',
  'categories',
  'influencer_categories',
  'influencer_platforms',
  'influencer_platform_categories',
  'social_verifications',
  'campaigns',
  'campaign_applications',
  'campaign_invitations',
  'orders',
  'payments',
  'ratings',
  'chats',
  'post_checks',
] as const;

/** A chat read also depends on the messages and who read them. */
export const CHAT_TABLES = [...MARKETPLACE_TABLES, 'messages', 'message_read_status'] as const;

export type CachedTable = (typeof CHAT_TABLES)[number];

type Entry = { value: unknown; tables: readonly CachedTable[]; stamp: number; until: number };

/**
 * Every answer the cache has stored. They are handed to many requests and never changed afterwards, so a route's
 * serializer may keep the JSON it made of one (`serializeSharedAnswersOnce`).
 */
const sharedAnswers = new WeakSet<object>();

/**
 * Wraps Fastify's serializer compiler: a response that is a stored answer of the cache is turned into JSON once per
 * route and status, and every later hit sends that text. Serializing a 14 KB campaign page (zod's encode, then
 * JSON.stringify) and collecting its garbage was a third of a cached read's CPU (docs/performance.md). The text is
 * made by the route's own serializer, so it is exactly what the contract allows; an answer not from the cache is
 * serialized every time, as before.
 */
export function serializeSharedAnswersOnce<S>(
  compile: (routeSchema: S) => (data: unknown) => string,
): (routeSchema: S) => (data: unknown) => string {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const made = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !sharedAnswers.has(data)) return serialize(data);
      let json = made.get(data);
      if (json === undefined) {
        json = serialize(data);
        made.set(data, json);
      }
      return json;
    };
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** Writes whose change is known to have reached this instance already (see `markCaughtUp`). */
const caughtUp = new WeakSet<object>();

/**
 * The request's write has come back through this instance's listener already (the chat's send waits for its own
 * event, whose SQL carries a hub.expectEcho token), so its answer needs no `sync()` round trip (lib/caches.ts).
 */
export function markCaughtUp(req: object): void {
  caughtUp.add(req);
}
export const isCaughtUp = (req: object): boolean => caughtUp.has(req);

export function createReadCache(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  /** Reads of the same key already on their way to the database: the other callers wait for that one. */
  const inFlight = new Map<string, { stamp: number; promise: Promise<unknown> }>();
  /** Bumped by `forgetAll`: counts in every stamp. */
  let epoch = 0;
  let enabled = false;
  const stats = { hits: 0, misses: 0, shared: 0 };
  /** `sync()` calls waiting for their own notification to come back. */
  const syncWaiters = new Map<string, () => void>();
  let syncSeq = 0;
  let notify: ((payload: string) => Promise<unknown>) | undefined;

  const stampOf = (tables: readonly CachedTable[]) => {
    let s = epoch;
    for (const t of tables) s += versions.get(t) ?? 0;
    return s;
  };

  function changed(table: string) {
    if (table.startsWith(SYNC_PREFIX)) {
      syncWaiters.get(table)?.();
      syncWaiters.delete(table);
      return;
    }
    versions.set(table, (versions.get(table) ?? 0) + 1);
  }

  function releaseSyncs() {
    for (const done of syncWaiters.values()) done();
    syncWaiters.clear();
  }

  function forgetAll() {
    epoch++;
    entries.clear();
  }

  return {
    /**
     * The answer for `key` (who is asking and what: the caller makes it unique per viewer and request), read by
     * `load` when not known since the last change of any of `tables`.
     */
    async through<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      const stamp = stampOf(tables);
      const e = entries.get(key);
      if (e && e.stamp === stamp && e.until > now()) {
        stats.hits++;
        return e.value as T;
      }
      const pending = inFlight.get(key);
      if (pending && pending.stamp === stamp) {
        stats.shared++;
        return pending.promise as Promise<T>;
      }
      stats.misses++;
      const promise = load();
      inFlight.set(key, { stamp, promise });
      try {
        const value = await promise;
        // Stored under the versions it began with: if a change arrived meanwhile, it is never served.
        // Expired answers go first: every entry lives ttlMs from its insertion, so the map's insertion order is
        // expiry order, and the expired ones are at its front. Without this an answer nobody asks for again (and
        // the JSON kept of it) stayed until maxEntries pushed it out: +30 % memory over the 5-minute load run.
        const t = now();
        for (const [k, old] of entries) {
          if (old.until > t) break;
          entries.delete(k);
        }
        if (entries.size >= opts.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.delete(key);
        entries.set(key, { value, tables, stamp, until: t + opts.ttlMs });
        if (typeof value === 'object' && value !== null) sharedAnswers.add(value);
        return value;
      } finally {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
      }
    },

    /** A table changed (the triggers' notification, or a test). */
    changed,

    /** This instance wrote something: nothing read before is served again. */
    forgetAll,

    /**
     * Resolves once every change committed before the call has reached this instance: it sends a notification of its
     * own on the channel and waits for it to come back, behind every earlier one (one connection keeps their order).
     * For a reader that must see a write made elsewhere at once (tests that write straight to PostgreSQL). Returns
     * at once where notifications arrive before the write returns (PGlite: no `notify`) or the cache is off.
     */
    async sync(): Promise<void> {
      if (!enabled || !notify) return;
      const token = `${SYNC_PREFIX}${process.pid}:${++syncSeq}`;
      const back = new Promise<void>((resolve) => syncWaiters.set(token, resolve));
      await notify(token);
      await back;
    },

    /**
     * Starts serving from memory; `listen` subscribes to the changes of every instance (db/listener.ts). `send`
     * publishes on the channel (for `sync`; PostgreSQL only).
     */
    async start(listen: Listen | undefined, send?: (channel: string, payload: string) => Promise<unknown>) {
      if (!listen) return async () => {};
      notify = send && ((payload) => send(READ_CACHE_CHANNEL, payload));
      // While the listener is down a change could be missed: off, and empty when it listens again.
      const off = () => {
        enabled = false;
        releaseSyncs();
        forgetAll();
      };
      const stop = await listen(READ_CACHE_CHANNEL, changed, {
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

    /** Hits, misses and reads that waited for an identical one in flight, since the start (the benchmarks). */
    stats: () => ({ ...stats, entries: entries.size }),
  };
}
