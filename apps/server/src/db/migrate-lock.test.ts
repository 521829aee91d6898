import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { openPostgres } from './client.ts';

describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when several instances start together on an empty database', async () => {
    const url = process.env.DATABASE_URL!;
    const name = `m_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openPostgres(withDatabase(url, name), { onIdleError: () => {} })),
      );
      const c = new pg.Client({ connectionString: withDatabase(url, name) });
      await c.connect();
      const applied = await c.query('select hash from drizzle.__drizzle_migrations');
      const distinct = new Set(applied.rows.map((r) => r.hash));
      expect(applied.rowCount).toBeGreaterThan(10);
      expect(distinct.size).toBe(applied.rowCount);
      await c.end();
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
