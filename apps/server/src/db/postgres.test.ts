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

it.skipIf(!process.env.DATABASE_URL)(
  'listens on every channel through one connection: notifications keep their order, a lost connection tells all',
  async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, { onIdleError: () => {} });
    try {
      const heard: string[] = [];
      const lost: string[] = [];
      await db.listen!('first_channel', (p) => heard.push(`first:${p}`), { lost: () => lost.push('first') });
      const offSecond = await db.listen!('second_channel', (p) => heard.push(`second:${p}`), {
        lost: () => lost.push('second'),
      });
      await db.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('second_channel', '1'), pg_notify('first_channel', '2')`);
        await tx.execute(sql`select pg_notify('second_channel', '3')`);
      });
      await expect.poll(() => heard).toEqual(['second:1', 'first:2', 'second:3']);
      const { rows } = (await db.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like 'listen %' and datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(1);
      // Unsubscribing one channel leaves the other listening.
      await offSecond();
      await db.db.execute(sql`select pg_notify('second_channel', 'x'), pg_notify('first_channel', '4')`);
      await expect.poll(() => heard.at(-1)).toBe('first:4');
      expect(heard).not.toContain('second:x');
      // The listening backend ends: every listener hears it.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like '%listen %' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      await admin.end();
      await expect.poll(() => lost).toEqual(['first']);
      // …and it listens again by itself: the next notification arrives (db/listener.ts).
      await expect
        .poll(
          async () => {
            await db.db.execute(sql`select pg_notify('first_channel', 'back')`);
            return heard.at(-1);
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe('first:back');
      expect(db.listener!.state()).toBe('up');
    } finally {
      await db.close();
    }
  },
);
