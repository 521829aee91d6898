// node --import tsx bench/jobs.ts: throughput of the job runner (apps/server/src/jobs) on PGlite and PostgreSQL,
// with one and two runners. PostgreSQL comes from BENCH_DATABASE_URL, else a throwaway cluster (scripts/pg-throwaway.mjs);
// BENCH_JOBS_ENGINES=pglite skips it. Reports, asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { jobs } from '../apps/server/src/db/schema.ts';
import { createJobRunner } from '../apps/server/src/jobs/job-runner.ts';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';

const N = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 4);
const engines = (process.env.BENCH_JOBS_ENGINES ?? 'pglite,postgres').split(',');
const log = (msg: string) => console.log(`[bench:jobs] ${msg}`);
const rows: string[] = [];

/** Enqueues N jobs one by one (as features do), then lets `runners` polling runners work them off. */
async function measure(engine: string, open: () => Promise<Database>, runners: number) {
  const databases = [await open()];
  // PGlite is one in-process connection: two runners share it. PostgreSQL: one pool per runner, as two instances.
  for (let i = 1; i < runners; i++) databases.push(engine === 'pglite' ? databases[0]! : await open());
  const kind = `bench.noop.${runners}`;
  const made = databases.map((d, i) => {
    const r = createJobRunner({
      db: d.db,
      pollMs: 50,
      concurrency: CONCURRENCY,
      retentionDays: false,
      workerId: `w${i}`,
    });
    r.define(kind, async () => {});
    return r;
  });
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await made[0]!.enqueue(kind, { i });
  const enqueueS = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  await Promise.all(made.map((r) => r.start()));
  const db = databases[0]!.db;
  const left = async () =>
    (
      (await db.execute(
        sql`select count(*)::int as n from ${jobs} where ${jobs.kind} = ${kind} and ${jobs.status} <> 'done'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  while ((await left()) > 0) await new Promise((r) => setTimeout(r, 20));
  const runS = (performance.now() - t1) / 1000;
  await Promise.all(made.map((r) => r.stop()));
  await db.delete(jobs).where(eq(jobs.kind, kind));
  for (const d of new Set(databases)) await d.close();

  const line = `| ${engine} | ${runners} | ${N} | ${Math.round(N / enqueueS)} | ${Math.round(N / runS)} |`;
  rows.push(line);
  log(line);
}

const cleanups: (() => unknown)[] = [];
try {
  if (engines.includes('pglite')) {
    const work = mkdtempSync(join(tmpdir(), 'influence-bench-jobs-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const dir = join(work, 'db');
    for (const runners of [1, 2]) await measure('pglite', () => openPglite(dir), runners);
  }
  if (engines.includes('postgres')) {
    let url = process.env.BENCH_DATABASE_URL;
    if (!url) {
      const server = await startThrowawayPostgres({ quiet: true });
      cleanups.push(server.stop);
      url = server.url as string;
    }
    const name = `bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const u = new URL(url);
    u.pathname = `/${name}`;
    for (const runners of [1, 2])
      await measure('postgres', () => openPostgres(u.toString(), { onIdleError: () => {} }), runners);
  }
} finally {
  for (const c of cleanups.reverse()) await c();
}
console.log(
  `\nno-op jobs, concurrency ${CONCURRENCY} per runner, poll 50 ms\n\n| engine | runners | jobs | enqueued/s (one by one) | run/s |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
);
