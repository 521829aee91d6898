import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { DAY, fakeClock, HOUR, SECOND } from '../test/fake-clock.ts';
import { withDatabase } from '../test/global-setup.ts';
import { createJobRunner, type JobRunnerOptions } from './job-runner.ts';

/**
 * One database per file, opened twice: on PostgreSQL two pools (two "instances" that really race);
 * on PGlite one in-process database on disk, so a restart is a real close and reopen.
 */
let a: Database;
let b: Database;
let reopen: () => Promise<Database>;
let dropDatabase = async () => {};
const onPostgres = !!process.env.DATABASE_URL;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `t_jobs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
    await admin.end();
    const own = withDatabase(url, name);
    reopen = () => openPostgres(own, { onIdleError: () => {} });
    a = await reopen();
    b = await reopen();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = join(mkdtempSync(join(tmpdir(), 'influence-jobs-')), 'db');
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    a = await openPglite(dir, { loadDataDir: template, migrate: false });
    b = a;
    reopen = () => openPglite(dir, { migrate: false });
  }
  await a.db.execute(sql`create table job_runs (job_id bigint not null, worker text not null, note text)`);
});

afterAll(async () => {
  await a.close();
  if (b !== a) await b.close();
  await dropDatabase();
});

let n = 0;
/** A kind no other test uses, so each test sees only its own jobs. */
const kindOf = (name: string) => `test.${name}.${n++}`;

function runner(database: Database, o: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({ db: database.db, retentionDays: false, ...o });
}

async function rowsOf(kind: string) {
  return a.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
}

async function runsOf(kind: string) {
  const rows = await a.db.execute(
    sql`select r.job_id, r.worker, r.note from job_runs r join jobs j on j.id = r.job_id where j.kind = ${kind}`,
  );
  return (rows as unknown as { rows: { job_id: string; worker: string; note: string | null }[] }).rows;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('enqueue and run', () => {
  it('runs an enqueued job once with its payload and marks it done', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const r = runner(a, { clock });
    const kind = kindOf('hello');
    const seen: unknown[] = [];
    r.define<{ n: number }>(kind, async ({ job, attempt }) => {
      seen.push({ payload: job.payload, attempt });
    });
    const id = await r.enqueue(kind, { n: 1 });
    expect(id).toEqual(expect.any(Number));

    expect(await r.runDue()).toEqual([{ id, kind, attempt: 1, outcome: 'done' }]);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lockedUntil: null });
    expect(row!.finishedAt?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(await r.runDue()).toEqual([]);
  });

  it('gives strictly increasing ids in the order of enqueueing', async () => {
    const r = runner(a);
    const kind = kindOf('order');
    r.define(kind, async () => {});
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await r.enqueue(kind, { i }));
    expect(ids).toEqual([...ids].sort((x, y) => x! - y!));
    expect(new Set(ids).size).toBe(5);
  });

  it('writes the job in the caller transaction: a rollback leaves no job, a commit leaves one', async () => {
    const r = runner(a);
    const kind = kindOf('tx');
    r.define(kind, async () => {});
    await expect(
      a.db.transaction(async (tx) => {
        await r.enqueue(kind, { keep: false }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(kind)).toHaveLength(0);

    await a.db.transaction(async (tx) => {
      await r.enqueue(kind, { keep: true }, { tx });
    });
    expect((await rowsOf(kind)).map((j) => j.payload)).toEqual([{ keep: true }]);
  });

  it('enqueues once per dedupe key, even after the job ran', async () => {
    const r = runner(a);
    const kind = kindOf('dedupe');
    let runs = 0;
    r.define(kind, async () => {
      runs++;
    });
    const first = await r.enqueue(kind, {}, { dedupeKey: `${kind}:order-1` });
    expect(first).toEqual(expect.any(Number));
    expect(await r.enqueue(kind, {}, { dedupeKey: `${kind}:order-1` })).toBeNull();
    await r.runDue();
    expect(await r.enqueue(kind, {}, { dedupeKey: `${kind}:order-1` })).toBeNull();
    expect(await r.enqueue(kind, {}, { dedupeKey: `${kind}:order-2` })).toEqual(expect.any(Number));
    await r.runDue();
    expect(runs).toBe(2);
    expect(await rowsOf(kind)).toHaveLength(2);
  });

  it('runs a job with a future runAt only when the clock reaches it (a 3-day review window)', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const r = runner(a, { clock });
    const kind = kindOf('later');
    let runs = 0;
    r.define(kind, async () => {
      runs++;
    });
    await r.enqueue(kind, { orderId: 'o1' }, { runAt: new Date(clock().getTime() + 3 * DAY) });
    clock.advance(3 * DAY - 1);
    expect(await r.runDue()).toEqual([]);
    clock.advance(1);
    expect((await r.runDue()).map((x) => x.outcome)).toEqual(['done']);
    expect(runs).toBe(1);
  });

  it('refuses an unknown kind, a kind defined twice and a bad name', () => {
    const r = runner(a);
    const kind = kindOf('twice');
    r.define(kind, async () => {});
    expect(() => r.define(kind, async () => {})).toThrow(/already defined/);
    expect(() => r.define('has space', async () => {})).toThrow(/may contain only/);
    return expect(r.enqueue('test.nobody', {})).rejects.toThrow('No job kind "test.nobody" is defined');
  });
});

describe('failures', () => {
  it('retries with exponential backoff, then keeps the job dead with its last error', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const r = runner(a, { clock });
    const kind = kindOf('flaky');
    const attempts: number[] = [];
    r.define(
      kind,
      async ({ attempt }) => {
        attempts.push(attempt);
        throw new Error(`SMTP refused, attempt ${attempt}`);
      },
      { maxAttempts: 3, backoff: { baseMs: 1000 } },
    );
    await r.enqueue(kind, {});

    expect((await r.runDue()).map((x) => x.outcome)).toEqual(['retry']);
    let [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null });
    expect(row!.runAt.toISOString()).toBe('2026-11-24T10:00:01.000Z'); // 1 s after the first failure
    expect(row!.lastError).toContain('SMTP refused, attempt 1');

    clock.advance(999);
    expect(await r.runDue()).toEqual([]);
    clock.advance(1);
    expect((await r.runDue()).map((x) => x.outcome)).toEqual(['retry']);
    [row] = await rowsOf(kind);
    expect(row!.runAt.toISOString()).toBe('2026-11-24T10:00:03.000Z'); // then 2 s

    clock.advance(2000);
    const [last] = await r.runDue();
    expect(last).toMatchObject({ outcome: 'dead', attempt: 3 });
    expect(last!.error).toContain('SMTP refused, attempt 3');
    [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(row!.lastError).toContain('SMTP refused, attempt 3');
    expect(row!.finishedAt?.toISOString()).toBe('2026-11-24T10:00:03.000Z');

    clock.advance(DAY);
    expect(await r.runDue()).toEqual([]);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('takes over a job whose runner crashed mid-run once the lease runs out, and runs it once more', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const kind = kindOf('crash');
    const crashedHangs = deferred();
    const crashedStarted = deferred();
    const survivorHolds = deferred();
    const survivorStarted = deferred();
    const crashed = runner(a, { clock, workerId: 'crashed' });
    crashed.define(
      kind,
      async ({ job }) => {
        await a.db.execute(sql`insert into job_runs (job_id, worker) values (${job.id}, 'crashed')`);
        crashedStarted.resolve();
        await crashedHangs.promise; // never finishes while the test wants it "crashed"
      },
      { leaseMs: 30_000 },
    );
    const survivor = runner(b, { clock, workerId: 'survivor' });
    survivor.define(
      kind,
      async ({ job, attempt }) => {
        await b.db.execute(sql`insert into job_runs (job_id, worker, note) values (${job.id}, 'survivor', ${attempt})`);
        survivorStarted.resolve();
        await survivorHolds.promise;
      },
      { leaseMs: 30_000 },
    );
    await survivor.enqueue(kind, {});

    const crashedRun = crashed.runDue();
    await crashedStarted.promise;
    expect(await survivor.runDue()).toEqual([]); // the lease is still held
    clock.advance(30_000);
    expect(await survivor.runDue()).toEqual([]); // held until strictly past it
    clock.advance(1);
    const survivorRun = survivor.runDue();
    await survivorStarted.promise;

    // The "crashed" runner comes back while the survivor runs the job: its late result must not count.
    crashedHangs.resolve();
    expect((await crashedRun)[0]).toMatchObject({ attempt: 1, outcome: 'lost' });
    expect((await rowsOf(kind))[0]).toMatchObject({ status: 'running', attempts: 2, lockedBy: 'survivor' });

    survivorHolds.resolve();
    expect((await survivorRun)[0]).toMatchObject({ attempt: 2, outcome: 'done' });
    expect((await rowsOf(kind))[0]).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect((await runsOf(kind)).map((x) => x.worker).sort()).toEqual(['crashed', 'survivor']);
  });

  it('a handler that overruns its lease sees its signal aborted', async () => {
    const r = runner(a);
    const kind = kindOf('overrun');
    let reason: unknown;
    r.define(
      kind,
      ({ signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            reject(signal.reason);
          });
        }),
      { leaseMs: 20, maxAttempts: 2 },
    );
    await r.enqueue(kind, {});
    const [result] = await r.runDue();
    expect(result).toMatchObject({ outcome: 'retry' });
    expect(String(reason)).toContain('lease ran out');
  });

  it('does not run again a job whose lease ran out on its last attempt: it is dead', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const kind = kindOf('last');
    const hang = deferred();
    const started = deferred();
    let runs = 0;
    const handler = async () => {
      runs++;
      started.resolve();
      await hang.promise;
    };
    const crashed = runner(a, { clock, workerId: 'crashed-last' });
    crashed.define(kind, handler, { leaseMs: 1000, maxAttempts: 1 });
    const other = runner(b, { clock, workerId: 'other-last' });
    other.define(kind, handler, { leaseMs: 1000, maxAttempts: 1 });
    await other.enqueue(kind, {});
    const crashedRun = crashed.runDue();
    await started.promise;
    clock.advance(1001);
    const [result] = await other.runDue();
    expect(result).toMatchObject({ outcome: 'dead', attempt: 2 });
    expect(result!.error).toMatch(/lease ran out on the last attempt/);
    expect(runs).toBe(1);
    hang.resolve();
    expect((await crashedRun)[0]).toMatchObject({ outcome: 'lost' });
    expect((await rowsOf(kind))[0]).toMatchObject({ status: 'dead' });
  });
});

describe('many runners', () => {
  it('two polling runners (on PostgreSQL: separate pools) run each of 200 jobs exactly once', async () => {
    const kind = kindOf('race');
    const make = (database: Database, worker: string) => {
      const r = runner(database, { workerId: worker, pollMs: 10, concurrency: 4 });
      r.define(kind, async ({ job }) => {
        await database.db.execute(sql`insert into job_runs (job_id, worker) values (${job.id}, ${worker})`);
      });
      return r;
    };
    const one = make(a, 'one');
    const two = make(b, 'two');
    for (let i = 0; i < 200; i++) await one.enqueue(kind, { i });
    await Promise.all([one.start(), two.start()]);
    try {
      await expect
        .poll(async () => (await rowsOf(kind)).filter((j) => j.status === 'done').length, { timeout: 20_000 })
        .toBe(200);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    const runs = await runsOf(kind);
    expect(runs).toHaveLength(200);
    expect(new Set(runs.map((x) => x.job_id)).size).toBe(200);
    if (onPostgres) expect(new Set(runs.map((x) => x.worker))).toEqual(new Set(['one', 'two']));
  });

  it('wakes an idle runner on NOTIFY when a job is enqueued for now, without waiting for its poll', async () => {
    const kind = kindOf('wake');
    const ran: number[] = [];
    const r = runner(a, { pollMs: 60_000, listen: a.listen });
    r.define(kind, async ({ job }) => {
      ran.push(job.id);
    });
    await r.start();
    try {
      await r.runDue(); // nothing due; the poll now sleeps a minute
      const other = runner(b, {});
      other.define(kind, async () => {});
      const id = await b.db.transaction((tx) => other.enqueue(kind, {}, { tx })); // from another "instance"
      await expect.poll(() => ran, { timeout: 5000 }).toEqual([id]);
    } finally {
      await r.stop();
    }
  });
});

describe('recurring schedules', () => {
  it('makes exactly one occurrence per period across two runners and a restart, and no backlog after downtime', async () => {
    const clock = fakeClock('2026-11-24T10:30:00Z');
    const kind = kindOf('hourly');
    const make = (database: Database, worker: string) => {
      const r = runner(database, { clock, workerId: worker });
      r.define(kind, async ({ job }) => {
        await database.db.execute(
          sql`insert into job_runs (job_id, worker, note) values (${job.id}, ${worker}, ${job.runAt.toISOString()})`,
        );
      });
      r.schedule(`${kind}-every-hour`, { every: '1h' }, kind);
      return r;
    };
    const one = make(a, 'one');
    const two = make(b, 'two');
    await Promise.all([one.runDue(), two.runDue()]); // both set up the schedule at once
    expect((await rowsOf(kind)).map((j) => [j.status, j.runAt.toISOString()])).toEqual([
      ['queued', '2026-11-24T11:00:00.000Z'],
    ]);

    clock.set('2026-11-24T11:00:00Z');
    await Promise.all([one.runDue(), two.runDue()]);

    // "one" restarts: a new runner for the same schedule (on PostgreSQL on a new pool)
    const restarted = make(await anotherInstance(), 'restarted');
    await restarted.ensureSchedules();
    clock.set('2026-11-24T12:00:00Z');
    await Promise.all([restarted.runDue(), two.runDue()]);

    // down from 12:00 to 17:30: the 13:00 occurrence runs late, once, and the next is 18:00
    clock.set('2026-11-24T17:30:00Z');
    await Promise.all([restarted.runDue(), two.runDue()]);

    expect((await runsOf(kind)).map((x) => x.note).sort()).toEqual([
      '2026-11-24T11:00:00.000Z',
      '2026-11-24T12:00:00.000Z',
      '2026-11-24T13:00:00.000Z',
    ]);
    expect((await rowsOf(kind)).map((j) => [j.status, j.dedupeKey])).toEqual([
      ['done', `schedule:${kind}-every-hour:2026-11-24T11:00:00.000Z`],
      ['done', `schedule:${kind}-every-hour:2026-11-24T12:00:00.000Z`],
      ['done', `schedule:${kind}-every-hour:2026-11-24T13:00:00.000Z`],
      ['queued', `schedule:${kind}-every-hour:2026-11-24T18:00:00.000Z`],
    ]);
  });

  it('fires a cron in Asia/Tbilisi on the 1st of the month at 06:00 local (02:00 UTC), and then next month', async () => {
    const clock = fakeClock('2026-11-24T12:00:00Z');
    const r = runner(a, { clock });
    const kind = kindOf('payouts');
    const ran: string[] = [];
    r.define(kind, async ({ job }) => {
      ran.push(job.runAt.toISOString());
    });
    r.schedule(`${kind}-monthly`, { cron: '0 6 1 * *', tz: 'Asia/Tbilisi' }, kind, { batch: 'monthly' });
    expect(await r.runDue()).toEqual([]);
    expect((await rowsOf(kind)).map((j) => j.runAt.toISOString())).toEqual(['2026-12-01T02:00:00.000Z']);

    clock.set('2026-12-01T01:59:59.999Z');
    expect(await r.runDue()).toEqual([]);
    clock.set('2026-12-01T02:00:00Z');
    expect((await r.runDue()).map((x) => x.outcome)).toEqual(['done']);
    expect(ran).toEqual(['2026-12-01T02:00:00.000Z']);
    expect((await rowsOf(kind)).map((j) => [j.status, j.runAt.toISOString(), j.payload])).toEqual([
      ['done', '2026-12-01T02:00:00.000Z', { batch: 'monthly' }],
      ['queued', '2027-01-01T02:00:00.000Z', { batch: 'monthly' }],
    ]);
  });

  it('keeps a schedule going after an occurrence fails for good', async () => {
    const clock = fakeClock('2026-11-24T10:59:00Z');
    const r = runner(a, { clock });
    const kind = kindOf('doomed');
    r.define(
      kind,
      async () => {
        throw new Error('no');
      },
      { maxAttempts: 1 },
    );
    r.schedule(`${kind}-hourly`, { every: '1h' }, kind);
    await r.runDue();
    clock.set('2026-11-24T11:00:00Z');
    expect((await r.runDue()).map((x) => x.outcome)).toEqual(['dead']);
    expect((await rowsOf(kind)).map((j) => [j.status, j.runAt.toISOString()])).toEqual([
      ['dead', '2026-11-24T11:00:00.000Z'],
      ['queued', '2026-11-24T12:00:00.000Z'],
    ]);
  });

  it('refuses a bad interval, cron, time zone or unknown kind', () => {
    const r = runner(a);
    const kind = kindOf('bad');
    r.define(kind, async () => {});
    expect(() => r.schedule('s1', { every: '5 minutes' }, kind)).toThrow(/Invalid interval/);
    expect(() => r.schedule('s2', { cron: '0 99 * * *', tz: 'Asia/Tbilisi' }, kind)).toThrow();
    expect(() => r.schedule('s3', { cron: '0 6 1 * *', tz: 'Asia/Nowhere' }, kind)).toThrow();
    expect(() => r.schedule('s4', { every: '5m' }, 'test.undefined')).toThrow(/no job kind/);
  });
});

describe('lifecycle', () => {
  it('stop() waits for a running handler to finish', async () => {
    const kind = kindOf('graceful');
    const release = deferred();
    const started = deferred();
    const r = runner(a, { pollMs: 10 });
    r.define(kind, async () => {
      started.resolve();
      await release.promise;
    });
    await r.enqueue(kind, {});
    await r.start();
    await started.promise;
    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect((await rowsOf(kind))[0]).toMatchObject({ status: 'done' });
  });

  it('stop() hands back a handler that outlives its timeout, for another runner to take at once', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const kind = kindOf('straggler');
    const started = deferred();
    let aborted = false;
    const r = runner(a, { clock, pollMs: 10, stopTimeoutMs: 20 });
    r.define(
      kind,
      ({ signal }) =>
        new Promise<void>(() => {
          started.resolve();
          signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
    );
    await r.enqueue(kind, {});
    await r.start();
    await started.promise;
    await r.stop();
    expect(aborted).toBe(true);
    expect((await rowsOf(kind))[0]).toMatchObject({ status: 'queued', lockedBy: null, attempts: 1 });

    const next = runner(b, { clock });
    next.define(kind, async () => {});
    expect((await next.runDue()).map((x) => [x.outcome, x.attempt])).toEqual([['done', 2]]);
  });

  it('jobs survive a restart: a new runner on the reopened database runs what the old one left', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const kind = kindOf('durable');
    const before = runner(a, { clock });
    before.define(kind, async () => {});
    await before.enqueue(kind, { n: 1 });
    await before.enqueue(kind, { n: 2 }, { runAt: new Date('2026-11-25T10:00:00Z') });
    await before.stop();

    const reopened = await restartDatabase();
    const ran: unknown[] = [];
    const after = runner(reopened, { clock });
    after.define(kind, async ({ job }) => {
      ran.push(job.payload);
    });
    await after.runDue();
    clock.set('2026-11-25T10:00:00Z');
    await after.runDue();
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('deletes done jobs older than the retention with its built-in hourly job, and keeps dead ones', async () => {
    const clock = fakeClock('2026-11-24T10:00:00Z');
    const kind = kindOf('old');
    const r = createJobRunner({ db: a.db, clock, retentionDays: 7 });
    r.define(
      kind,
      async ({ job }) => {
        if ((job.payload as { fail?: boolean }).fail) throw new Error('kept for investigation');
      },
      { maxAttempts: 1 },
    );
    await r.enqueue(kind, {});
    await r.enqueue(kind, { fail: true });
    await r.runDue();
    clock.advance(7 * DAY + HOUR);
    const ran = await r.runDue();
    expect(ran.filter((x) => x.kind === 'jobs.cleanup').map((x) => x.outcome)).toEqual(['done']);
    expect((await rowsOf(kind)).map((j) => j.status)).toEqual(['dead']);
    const cleanups = await a.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'jobs.cleanup'), eq(jobs.status, 'queued')));
    expect(cleanups).toHaveLength(1); // the next hour's run
    expect(cleanups[0]!.runAt.getTime() - clock().getTime()).toBeLessThanOrEqual(HOUR);
    expect(cleanups[0]!.runAt.getTime()).toBeGreaterThan(clock().getTime() - SECOND);
  });
});

const extraPools: Database[] = [];
afterAll(async () => {
  for (const d of extraPools) await d.close();
});

/** Another server instance: on PostgreSQL its own pool; PGlite is one in-process database, so the same one. */
async function anotherInstance(): Promise<Database> {
  if (!onPostgres) return a;
  const d = await reopen();
  extraPools.push(d);
  return d;
}

/** A restart: on PostgreSQL a new pool; on PGlite the database is closed and its directory opened again. */
async function restartDatabase(): Promise<Database> {
  if (onPostgres) return anotherInstance();
  await a.close();
  a = await reopen();
  b = a;
  return a;
}
