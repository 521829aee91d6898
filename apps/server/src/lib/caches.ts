// The two in-memory caches of an instance (issue 11), started on the database's shared listener: sessions from
// memory, and the hottest reads' answers, each forgotten on every instance the moment what it read changes.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { CachedSession } from '../features/auth/auth.service.ts';
import { createSessionCache, type SessionCache } from '../features/auth/session-cache.ts';
import { createReadCache, isCaughtUp, type ReadCache } from './read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Session cookie → person on this instance (features/auth/session-cache.ts); null when SESSION_CACHE_MS=0. */
    sessionCache: SessionCache<CachedSession> | null;
    /** The hot reads' answers on this instance (lib/read-cache.ts); passes through when READ_CACHE_MS=0. */
    readCache: ReadCache;
  }
}

export async function startCaches(app: FastifyInstance, config: Config, database: Database) {
  const { db } = database;
  const sessionCache =
    config.sessionCacheMs > 0
      ? createSessionCache<CachedSession>({ ttlMs: config.sessionCacheMs, maxEntries: 50_000 })
      : null;
  if (sessionCache) app.addHook('onClose', await sessionCache.start(database.listen));
  app.decorate('sessionCache', sessionCache);
  const reads = createReadCache({ ttlMs: config.readCacheMs, maxEntries: 20_000 });
  if (config.readCacheMs > 0) {
    const send =
      database.engine === 'postgres'
        ? (channel: string, payload: string) => db.execute(sql`select pg_notify(${channel}, ${payload})`)
        : undefined;
    app.addHook('onClose', await reads.start(database.listen, send));
  }
  app.decorate('readCache', reads);
  if (database.engine === 'postgres') {
    // PostgreSQL tells the listener a moment after commit; the writer must read its write at once, so a successful
    // write's answer leaves once its change has reached this instance's cache (PGlite delivers it before the writing
    // statement returns). If the round trip fails, everything is forgotten instead.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && !isCaughtUp(req)) {
        await reads.sync().catch(() => reads.forgetAll());
      }
      return payload;
    });
  }
  return { sessionCache, reads };
}
