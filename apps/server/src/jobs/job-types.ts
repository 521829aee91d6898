// The job runner's public types: what a feature defines, enqueues and receives (README.md beside this file).
import type { Db, Tx } from '../db/client.ts';
import type { Listen } from '../db/listener.ts';
import type { Clock } from '../lib/clock.ts';

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
