// The `jobs` table as the runner uses it: every statement the runner sends, and nothing it decides. The leasing
// rules live in these statements (claim under FOR UPDATE SKIP LOCKED; settle only while holding the lease), so they
// are read in one place; job-runner.ts decides what to run, when, and what an outcome means.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Job } from './job-types.ts';

/** The NOTIFY channel that wakes every runner when a job is due now. */
export const WAKE_CHANNEL = 'jobs_wakeup';
const MAX_ERROR_CHARS = 4000;

type Exec = Tx | Db;
type Row = {
  id: string | number;
  kind: string;
  payload: unknown;
  run_at: string | Date;
  attempts: number;
  max_attempts: number;
  dedupe_key: string | null;
};

export type JobStore = ReturnType<typeof createJobStore>;

export function createJobStore(db: Db, workerId: string) {
  /** Only the runner that still holds the job's lease may settle it; a job taken over is not settled twice. */
  const holding = (job: Job) =>
    and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempt), eq(jobs.status, 'running'));

  return {
    /** The new job's id, or null when its dedupe key is taken. */
    async insert(
      exec: Exec,
      v: { kind: string; payload: unknown; runAt: Date; maxAttempts: number; dedupeKey: string | null },
    ): Promise<number | null> {
      const [row] = await exec
        .insert(jobs)
        .values({ ...v, payload: v.payload ?? {} })
        .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
        .returning({ id: jobs.id });
      return row?.id ?? null;
    },

    /** Delivered on commit, to every runner listening (and to none if the caller's transaction rolls back). */
    async wakeRunners(exec: Exec) {
      await exec.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`);
    },

    /** Whether a job of `kind` whose dedupe key starts with `prefix` is queued or running. */
    async hasWaiting(kind: string, prefix: string): Promise<boolean> {
      const waiting = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            sql`${jobs.status} in ('queued', 'running')`,
            eq(jobs.kind, kind),
            sql`starts_with(${jobs.dedupeKey}, ${prefix})`,
          ),
        )
        .limit(1);
      return waiting.length > 0;
    },

    /** One statement: take up to `limit` due jobs (or jobs whose lease ran out) of the kinds in `leaseMs`. */
    async claim(leaseMs: Record<string, number>, limit: number, now: Date): Promise<Job[]> {
      const leases = JSON.stringify(leaseMs);
      const at = now.toISOString();
      const res = await db.execute(sql`
        with lease as (select key as kind, value::int as lease_ms from jsonb_each_text(${leases}::jsonb)),
        due as (
          select id from jobs
          where kind in (select kind from lease)
            and ((status = 'queued' and run_at <= ${at}::timestamptz)
              or (status = 'running' and locked_until < ${at}::timestamptz))
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        update jobs j
        set status = 'running', locked_by = ${workerId}, attempts = j.attempts + 1, updated_at = now(),
            locked_until = ${at}::timestamptz + lease.lease_ms * interval '1 millisecond'
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
    },

    /**
     * Records a run's end while this runner holds the lease: done or dead (`finishedAt`), or queued again for
     * `retryAt`. False when the lease was taken over meanwhile (nothing is written).
     */
    async settle(
      exec: Exec,
      job: Job,
      s: { status: 'done' | 'dead' | 'queued'; failure: string | null; retryAt?: Date; finishedAt?: Date },
    ): Promise<boolean> {
      const settled = await exec
        .update(jobs)
        .set({
          status: s.status,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: sql`now()`,
          ...(s.failure === null ? {} : { lastError: s.failure.slice(0, MAX_ERROR_CHARS) }),
          ...(s.status === 'queued' ? { runAt: s.retryAt } : { finishedAt: s.finishedAt }),
        })
        .where(holding(job))
        .returning({ id: jobs.id });
      return settled.length > 0;
    },

    /** Hands a job this runner holds back to the queue, due at `runAt` (the runner is stopping). */
    async release(job: Job, runAt: Date) {
      await db
        .update(jobs)
        .set({ status: 'queued', lockedBy: null, lockedUntil: null, runAt, updatedAt: sql`now()` })
        .where(holding(job));
    },

    async deleteDoneBefore(cutoff: Date) {
      await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, cutoff)));
    },
  };
}
