import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Tx } from '../db/client.ts';
import { createJobStore, WAKE_CHANNEL } from './job-store.ts';
import type {
  Backoff,
  EnqueueOptions,
  Job,
  JobHandler,
  JobLog,
  JobOptions,
  JobOutcome,
  JobResult,
  JobRunnerOptions,
  JobType,
} from './job-types.ts';
import { type NextOccurrence, nextOccurrenceOf, type ScheduleSpec } from './schedule-spec.ts';

export type * from './job-types.ts';

/**
 * One durable job mechanism for all timed work (docs/decisions/015-durable-jobs.md, README.md beside this file).
 * Jobs are rows in `jobs`; any number of runners (one per server instance) claim due rows with
 * `FOR UPDATE SKIP LOCKED` under a lease, so a job runs on one runner at a time, survives restarts, and is taken
 * over when its runner dies. Delivery is at least once: handlers must be idempotent.
 */

export type JobRunner = ReturnType<typeof createJobRunner>;

const SCHEDULE_KEY = /^schedule:([\w.-]+):(.+)$/;
const NAME = /^[\w.-]+$/;
const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

type Definition = {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  leaseMs: number;
};
type Schedule = { name: string; kind: string; payload: unknown; next: NextOccurrence; prefix: string };
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
  const store = createJobStore(db, workerId);

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
    const id = await store.insert(exec, {
      kind,
      payload,
      runAt,
      maxAttempts: o.maxAttempts ?? def.maxAttempts,
      dedupeKey: o.dedupeKey ?? null,
    });
    if (id !== null && runAt <= clock()) await store.wakeRunners(exec);
    return id;
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
    if (!(await store.hasWaiting(s.kind, s.prefix))) await enqueueOccurrence(db, s, s.next(clock()));
  }

  async function ensureSchedules() {
    for (const s of schedules.values()) await ensureSchedule(s);
  }

  /** Up to `limit` due jobs (or jobs whose lease ran out) of the kinds this runner knows, each under its lease. */
  async function claim(limit: number): Promise<Job[]> {
    if (!definitions.size || limit <= 0) return [];
    return store.claim(Object.fromEntries([...definitions].map(([kind, d]) => [kind, d.leaseMs])), limit, clock());
  }

  async function settle(job: Job, failure: string | null): Promise<JobOutcome> {
    const def = definitions.get(job.kind)!;
    const now = clock();
    const dead = failure !== null && job.attempt >= job.maxAttempts;
    const outcome: Exclude<JobOutcome, 'lost'> = failure === null ? 'done' : dead ? 'dead' : 'retry';
    const update = async (exec: Tx | Db): Promise<JobOutcome> => {
      const held = await store.settle(exec, job, {
        status: outcome === 'retry' ? 'queued' : outcome,
        failure,
        ...(outcome === 'retry'
          ? { retryAt: new Date(now.getTime() + def.backoff(job.attempt)) }
          : { finishedAt: now }),
      });
      return held ? outcome : 'lost';
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
      await store
        .release(r.job, clock())
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
        await store.deleteDoneBefore(cutoff);
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
