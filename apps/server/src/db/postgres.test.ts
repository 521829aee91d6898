import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openPostgres } from './client.ts';

// Only meaningful on the production engine: CI runs the server suite a second time with DATABASE_URL.
it.skipIf(!process.env.DATABASE_URL)('survives PostgreSQL terminating an idle pooled connection', async () => {
  const errors: Error[] = [];
  const db = await openPostgres(process.env.DATABASE_URL!, { onIdleError: (e) => errors.push(e) });
  try {
    // The pool's one connection, now idle: terminate exactly that backend from another session.
    const { rows } = (await db.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await db.ping(); // the pool reconnects
  } finally {
    await db.close();
  }
});
