import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { Listen } from '../db/listener.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { type NextOccurrence, nextOccurrenceOf, type ScheduleSpec } from './schedule-spec.ts';

/**
 * One durable job mechanism for all timed work (docs/decisions/015-durable-jobs.md, README.md beside this file).
 * Jobs are rows in `jobs`; any number of runners (one per server instance) claim due rows with
 * `FOR UPDATE SKIP LOCKED` under a lease, so a job runs on one runner at a time, survives restarts, and is taken
 * over when its runner dies. Delivery is at least once: handlers must be idempotent.
 */

export type Job<P = unknown> = {
  id: number;
  kind: string;
  payload: P;
  /** When it was due: for a recurring job, the occurrence it stands for (e.g. the 1st of the month, 06:00 Tbilisi). */
  runAt: Date;
  attempt: number;
  maxAttempts: number;
  dedupeKey: string | null;
};

export type JobContext<P> = {
  job: Job<P>;
  /** 1 on the first run; a retry or a takeover after a lost lease counts up. */
  attempt: number;
  /** Aborted when the lease runs out (another runner may then take the job) or the runner stops. */
  signal: AbortSignal;
};

/** Runs one job. May run more than once for the same job (a retry, a crash after the work): make it idempotent. */
export type JobHandler<P> = (ctx: JobContext<P>) => Promise<void>;

/** Delay before the next attempt: a function of the attempt that failed (1-based), or exponential from baseMs. */
export type Backoff = ((attempt: number) => number) | { baseMs?: number; maxMs?: number };

export type JobOptions = {
  /** Runs before the job is dead (kept with its last error). Default 5. */
  maxAttempts?: number;
  backoff?: Backoff;
  /** How long a run may take before another runner may take the job over. Default 60 s. */
  leaseMs?: number;
};

export type EnqueueOptions = {
  /** Default: now (the runner's clock). */
  runAt?: Date;
  /** A second enqueue with the same key is a no-op while the first job's row exists (done rows are kept `retentionDays`). */
  dedupeKey?: string;
  /** Write the job in the caller's transaction, so it commits (or rolls back) with the change it reports. */
  tx?: Tx | Db;
  maxAttempts?: number;
};

export type JobOutcome = 'done' | 'retry' | 'dead' | 'lost';
export type JobResult = { id: number; kind: string; attempt: number; outcome: JobOutcome; error?: string };

/** A typed handle on one job kind, returned by define(). */
export type JobType<P> = {
  kind: string;
  enqueue: (payload: P, opts?: EnqueueOptions) => Promise<number | null>;
};

type LogFn = (obj: object, msg?: string) => void;
export type JobLog = { info: LogFn; warn: LogFn; error: LogFn };

export type JobRunnerOptions = {
  db: Db;
  clock?: Clock;
  /** Unique per runner; default host:pid:random. */
  workerId?: string;
  /** How often an idle runner looks for due jobs. Default 1000 ms. */
  pollMs?: number;
  /** Default lease for kinds that do not set their own. */
  leaseMs?: number;
  /** Handlers running at once on this runner. Default 4. */
  concurrency?: number;
  log?: JobLog;
  /** NOTIFY wake-ups: a job enqueued for now starts without waiting for the next poll. Optional. */
  listen?: Listen;
  /** Done jobs older than this are deleted by the built-in hourly `jobs.cleanup`. Default 7; false turns it off. */
  retentionDays?: number | false;
  /** How long stop() waits for running handlers before it aborts them and releases their leases. Default 8 s. */
  stopTimeoutMs?: number;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

const WAKE_CHANNEL = 'jobs_wakeup';
const SCHEDULE_KEY = /^schedule:([\w.-]+):(.+)$/;
const NAME = /^[\w.-]+$/;
const MAX_ERROR_CHARS = 4000;
const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

type Definition = {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  leaseMs: number;
};
type Schedule = { name: string; kind: string; payload: unknown; next: NextOccurrence; prefix: string };
type Row = {
  id: string | number;
  kind: string;
  payload: unknown;
  run_at: string | Date;
  attempts: number;
  max_attempts: number;
  dedupe_key: string | null;
};
type Running = { job: Job; abort: AbortController; done: Promise<JobResult> };

export function createJobRunner(opts: JobRunnerOptions) {
  const { db } = opts;
  const clock = opts.clock ?? (() => new Date());
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1000;
  const defaultLeaseMs = opts.leaseMs ?? 60_000;
  const concurrency = opts.concurrency ?? 4;
  const log = opts.log ?? silent;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 8000;

  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, Schedule>();
  const running = new Map<number, Running>();
  let started = false;
  let stopping = false;
  let ticking: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | null = null;

  function define<P>(kind: string, handler: JobHandler<P>, o: JobOptions = {}): JobType<P> {
    if (!NAME.test(kind)) throw new Error(`Job kind "${kind}" may contain only letters, digits, "_", "." and "-"`);
    if (definitions.has(kind)) throw new Error(`Job kind "${kind}" is already defined`);
    definitions.set(kind, {
      handler: handler as JobHandler<unknown>,
      maxAttempts: o.maxAttempts ?? 5,
      backoff: backoffOf(o.backoff),
      leaseMs: o.leaseMs ?? defaultLeaseMs,
    });
    return { kind, enqueue: (payload, eo) => enqueue(kind, payload, eo) };
  }

  async function enqueue(kind: string, payload: unknown, o: EnqueueOptions = {}): Promise<number | null> {
    const def = definitions.get(kind);
    if (!def) throw new Error(`No job kind "${kind}" is defined`);
    const exec = o.tx ?? db;
    const runAt = o.runAt ?? clock();
    const [row] = await exec
      .insert(jobs)
      .values({
        kind,
        payload: payload ?? {},
        runAt,
        maxAttempts: o.maxAttempts ?? def.maxAttempts,
        dedupeKey: o.dedupeKey ?? null,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
      .returning({ id: jobs.id });
    // Delivered on commit, to every runner listening (and to none if the caller's transaction rolls back).
    if (row && runAt <= clock()) await exec.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`);
    return row?.id ?? null;
  }

  function schedule(name: string, spec: ScheduleSpec, kind: string, payload: unknown = {}) {
    if (!NAME.test(name)) throw new Error(`Schedule name "${name}" may contain only letters, digits, "_", "." and "-"`);
    if (schedules.has(name)) throw new Error(`Schedule "${name}" is already registered`);
    if (!definitions.has(kind)) throw new Error(`Schedule "${name}": no job kind "${kind}" is defined`);
    const s: Schedule = { name, kind, payload, next: nextOccurrenceOf(spec), prefix: `schedule:${name}:` };
    schedules.set(name, s);
    if (started) void ensureSchedule(s).catch((err) => log.error({ err, schedule: name }, 'jobs: schedule not set up'));
  }

  /** Each occurrence is one job keyed by its instant, so two runners (or a restart) can never make two of it. */
  async function enqueueOccurrence(exec: Tx | Db, s: Schedule, at: Date) {
    await enqueue(s.kind, s.payload, { tx: exec, runAt: at, dedupeKey: `${s.prefix}${at.toISOString()}` });
  }

  /** Start-up: the next occurrence exists unless one is already waiting (a missed one still runs, late, once). */
  async function ensureSchedule(s: Schedule) {
    const waiting = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          sql`${jobs.status} in ('queued', 'running')`,
          eq(jobs.kind, s.kind),
          sql`starts_with(${jobs.dedupeKey}, ${s.prefix})`,
        ),
      )
      .limit(1);
    if (!waiting.length) await enqueueOccurrence(db, s, s.next(clock()));
  }

  async function ensureSchedules() {
    for (const s of schedules.values()) await ensureSchedule(s);
  }

  /** One statement: take up to `limit` due jobs (or jobs whose lease ran out) for the kinds this runner knows. */
  async function claim(limit: number): Promise<Job[]> {
    if (!definitions.size || limit <= 0) return [];
    const leases = JSON.stringify(Object.fromEntries([...definitions].map(([kind, d]) => [kind, d.leaseMs])));
    const now = clock().toISOString();
    const res = await db.execute(sql`
      with lease as (select key as kind, value::int as lease_ms from jsonb_each_text(${leases}::jsonb)),
      due as (
        select id from jobs
        where kind in (select kind from lease)
          and ((status = 'queued' and run_at <= ${now}::timestamptz)
            or (status = 'running' and locked_until < ${now}::timestamptz))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update jobs j
      set status = 'running', locked_by = ${workerId}, attempts = j.attempts + 1, updated_at = now(),
          locked_until = ${now}::timestamptz + lease.lease_ms * interval '1 millisecond'
      from due, lease
      where j.id = due.id and lease.kind = j.kind
      returning j.id, j.kind, j.payload, j.run_at, j.attempts, j.max_attempts, j.dedupe_key`);
    return (res as unknown as { rows: Row[] }).rows
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        payload: r.payload,
        runAt: new Date(r.run_at),
        attempt: r.attempts,
        maxAttempts: r.max_attempts,
        dedupeKey: r.dedupe_key,
      }))
      .sort((a, b) => +a.runAt - +b.runAt || a.id - b.id);
  }

  /** Only the runner that still holds the job's lease may settle it; a job taken over is not settled twice. */
  const holding = (job: Job) =>
    and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempt), eq(jobs.status, 'running'));

  async function settle(job: Job, failure: string | null): Promise<JobOutcome> {
    const def = definitions.get(job.kind)!;
    const now = clock();
    const dead = failure !== null && job.attempt >= job.maxAttempts;
    const outcome: JobOutcome = failure === null ? 'done' : dead ? 'dead' : 'retry';
    const update = async (exec: Tx | Db) => {
      const settled = await exec
        .update(jobs)
        .set({
          status: outcome === 'retry' ? 'queued' : outcome,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: sql`now()`,
          ...(failure === null ? {} : { lastError: failure.slice(0, MAX_ERROR_CHARS) }),
          ...(outcome === 'retry'
            ? { runAt: new Date(now.getTime() + def.backoff(job.attempt)) }
            : { finishedAt: now }),
        })
        .where(holding(job))
        .returning({ id: jobs.id });
      return settled.length ? outcome : 'lost';
    };
    const m = outcome !== 'retry' && job.dedupeKey ? SCHEDULE_KEY.exec(job.dedupeKey) : null;
    const s = m ? schedules.get(m[1]!) : undefined;
    if (!s) return update(db); // one statement: the common case
    // A recurring job's next occurrence is written with its settling, so exactly one runner writes it.
    return db.transaction(async (tx) => {
      const settled = await update(tx);
      if (settled === 'lost') return settled;
      const occurrence = new Date(m![2]!);
      // Never a backlog: after downtime the schedule resumes from now, not once per missed period.
      await enqueueOccurrence(tx, s, s.next(occurrence > now ? occurrence : now));
      return settled;
    });
  }

  async function execute(job: Job): Promise<JobResult> {
    const def = definitions.get(job.kind)!;
    const base = { id: job.id, kind: job.kind, attempt: job.attempt };
    if (job.attempt > job.maxAttempts) {
      // Its runner died (or overran the lease) on the last attempt: it is not run again.
      const error = `The lease ran out on the last attempt (${job.maxAttempts}): the runner stopped or the handler took longer than ${def.leaseMs} ms`;
      return { ...base, outcome: await settle(job, error).catch((): JobOutcome => 'lost'), error };
    }
    const abort = new AbortController();
    const lease = setTimeout(() => abort.abort(new Error('The job lease ran out')), def.leaseMs);
    lease.unref();
    const done = (async (): Promise<JobResult> => {
      let failure: string | null = null;
      try {
        await def.handler({ job, attempt: job.attempt, signal: abort.signal });
      } catch (err) {
        failure = err instanceof Error ? (err.stack ?? err.message) : String(err);
      } finally {
        clearTimeout(lease);
      }
      let outcome: JobOutcome;
      try {
        outcome = await settle(job, failure);
      } catch (err) {
        // The database is unreachable: the lease runs out and the job is taken again.
        log.error({ err, job: job.id, kind: job.kind }, 'jobs: could not record the outcome');
        outcome = 'lost';
      }
      if (outcome === 'retry')
        log.warn({ job: job.id, kind: job.kind, attempt: job.attempt, err: failure }, 'job failed; will retry');
      if (outcome === 'dead')
        log.error({ job: job.id, kind: job.kind, attempt: job.attempt, err: failure }, 'job failed for the last time');
      if (outcome === 'lost') log.warn({ job: job.id, kind: job.kind }, 'job finished after its lease was taken over');
      return failure === null ? { ...base, outcome } : { ...base, outcome, error: failure };
    })();
    running.set(job.id, { job, abort, done });
    try {
      return await done;
    } finally {
      running.delete(job.id);
    }
  }

  /** Claims and runs everything due now, until nothing is; for tests and CLIs. Starts no timer. */
  async function runDue(): Promise<JobResult[]> {
    await ensureSchedules();
    const results: JobResult[] = [];
    for (;;) {
      const claimed = await claim(concurrency);
      if (!claimed.length) return results;
      results.push(...(await Promise.all(claimed.map(execute))));
    }
  }

  // ---- the background loop: poll, plus NOTIFY wake-ups -----------------------------------------------------

  function wake() {
    if (!started || stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    ticking = tick();
  }

  async function tick() {
    try {
      do {
        again = false;
        const free = concurrency - running.size;
        const claimed = await claim(free);
        for (const job of claimed) void execute(job).finally(wake);
        if (free > 0 && claimed.length === free) again = true; // there may be more due
      } while (again && !stopping);
    } catch (err) {
      log.error({ err }, 'jobs: could not claim jobs; trying again at the next poll');
    } finally {
      ticking = null;
      if (!stopping) {
        timer = setTimeout(wake, pollMs);
        timer.unref();
      }
    }
  }

  async function start() {
    if (started) return;
    started = true;
    stopping = false;
    await ensureSchedules();
    if (opts.listen) {
      // Wake-ups sent while the listener was down are lost: look for due work the moment it is back.
      unlisten = await opts.listen(WAKE_CHANNEL, wake, { restored: wake }).catch((err) => {
        log.warn({ err }, 'jobs: NOTIFY wake-ups unavailable; polling only');
        return null;
      });
    }
    wake();
    log.info({ workerId, pollMs, concurrency, kinds: [...definitions.keys()] }, 'jobs: runner started');
  }

  /** Stops claiming, waits for running handlers, then aborts the stragglers and hands their jobs back. */
  async function stop() {
    stopping = true;
    clearTimeout(timer);
    await unlisten?.().catch(() => {});
    unlisten = null;
    await ticking;
    const pending = [...running.values()];
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending.map((r) => r.done)),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, stopTimeoutMs);
      }),
    ]);
    clearTimeout(timeout);
    for (const r of running.values()) {
      r.abort.abort(new Error('The job runner is stopping'));
      await db
        .update(jobs)
        .set({ status: 'queued', lockedBy: null, lockedUntil: null, runAt: clock(), updatedAt: sql`now()` })
        .where(holding(r.job))
        .catch((err) => log.error({ err, job: r.job.id }, 'jobs: could not release a lease'));
    }
    started = false;
  }

  // ---- housekeeping ---------------------------------------------------------------------------------------

  if (opts.retentionDays !== false) {
    const days = opts.retentionDays ?? 7;
    define(
      'jobs.cleanup',
      async () => {
        const cutoff = new Date(clock().getTime() - days * 86_400_000);
        await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, cutoff)));
      },
      { maxAttempts: 3 },
    );
    schedule('jobs.cleanup', { every: '1h' }, 'jobs.cleanup');
  }

  /** The runner's clock, for handlers that record or compare times the way the runner does. */
  return { workerId, clock, define, enqueue, schedule, start, stop, runDue, wake, ensureSchedules };
}

function backoffOf(b: Backoff | undefined): (attempt: number) => number {
  if (typeof b === 'function') return b;
  const base = b?.baseMs ?? 10_000;
  const max = b?.maxMs ?? 3_600_000;
  return (attempt) => Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}
