import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createSharedListener, type Listen, type ListenerOptions, type SharedListener } from './listener.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const dialect = new PgDialect();

/**
 * `db.execute` as a named prepared statement: PostgreSQL parses and plans its text once per connection instead of
 * at every call (the chat's send statement: issue 28 §1). The text must be the same at every call under one name
 * (values only in parameters). PGlite runs it as `execute` does. Drizzle's own `.prepare(name)` is the same thing for
 * its query builders; raw SQL has no such method, hence this.
 */
export async function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<{ rows: Row[] }> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (await prepared.execute()) as { rows: Row[] };
}

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Raw SQL for health checks and tests. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * LISTEN on a channel (in-process on PGlite, one shared connection on PostgreSQL: db/listener.ts); resolves to an
   * unsubscribe. `events.lost` hears that the connection ended (notifications may be missed), `events.restored`
   * that it listens again (catch up).
   */
  listen?: Listen;
  /** The LISTEN connection's state and its changes (PostgreSQL only: PGlite's notifications are in-process). */
  listener?: Pick<SharedListener, 'state' | 'onChange'>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * node-postgres re-emits a failed *idle* connection (a server restart, a failover, a terminated backend) as an
 * 'error' on the pool; unhandled, that event crashes the process. The pool drops the connection and opens a new
 * one on the next query, so it is logged, not fatal.
 */
const logIdleError = (err: Error) =>
  console.error(`[db] an idle PostgreSQL connection failed and was dropped: ${err.message}`);

/** How long an unused pooled connection stays open (see openPostgres). */
const IDLE_CONNECTION_MS = 5 * 60_000;

export async function openPostgres(
  url: string,
  opts: { onIdleError?: (err: Error) => void; listener?: ListenerOptions } = {},
): Promise<Database> {
  // A request waits at most this long for a connection: during an outage it answers 503 instead of hanging.
  // Connections stay open through five idle minutes (node-postgres closes them after 10 s by default): a backend
  // reopened under load is forked and starts with cold catalogue caches, so its first statements (and each named
  // statement, prepared again) take 25-50 ms, and under the chat's 1,000 messages a second the pool's churn was a
  // 150-250 ms stall every ten seconds, the p99's largest part (bench:chat, docs/performance.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  pool.on('error', opts.onIdleError ?? logIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migrateLocked(pool);
  const listener = createSharedListener(url, opts.listener);
  return {
    db,
    engine: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
    listen: listener.listen,
    listener,
  };
}

/** Any fixed key: the session-level advisory lock every instance takes to migrate. */
const MIGRATION_LOCK = 727_073_690;

/**
 * Instances that start together (a deploy of N replicas) take turns: the first migrates, the others then find
 * nothing to do. The lock is held by one connection for the whole run and released however it ends.
 */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** Opens (creating and migrating when new) the embedded database; `dataDir` null means in memory. */
export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDirectory(dataDir);
  }
  try {
    const client = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir: opts.loadDataDir });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      client,
      engine: 'pglite',
      ping: async () => void (await client.query('select 1')),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * PGlite happily opens one directory twice and then corrupts it, so one process owns a data directory:
 * a lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDirectory(dir: string): () => void {
  const file = join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The database in ${dir} is in use by another process (pid ${pid}). Stop it, or give this one its own DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(cfg: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(join(cfg.dataDir, 'db'));
}
