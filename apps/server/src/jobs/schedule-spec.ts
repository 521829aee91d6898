import { Cron } from 'croner';

/**
 * When a recurring job runs: a fixed interval (`{ every: '5m' }`, aligned to the Unix epoch so every instance
 * computes the same instants) or a cron expression read in a time zone (`{ cron: '0 6 1 * *', tz: 'Asia/Tbilisi' }`).
 */
export type ScheduleSpec = { every: string } | { cron: string; tz: string };

/** The first occurrence strictly after `after`. */
export type NextOccurrence = (after: Date) => Date;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseEvery(every: string): number {
  const m = /^(\d+)(s|m|h|d)$/.exec(every.trim());
  const ms = m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : 0;
  if (!ms)
    throw new Error(`Invalid interval "${every}": write a whole number and a unit, e.g. "30s", "5m", "1h", "1d"`);
  return ms;
}

export function nextOccurrenceOf(spec: ScheduleSpec): NextOccurrence {
  if ('every' in spec) {
    const ms = parseEvery(spec.every);
    return (after) => new Date((Math.floor(after.getTime() / ms) + 1) * ms);
  }
  // No callback: croner only computes dates and starts no timer.
  const cron = new Cron(spec.cron, { timezone: spec.tz });
  cron.nextRun(new Date(0)); // an unknown time zone fails here, at registration, not at the first run
  return (after) => {
    const next = cron.nextRun(after);
    if (!next) throw new Error(`Cron "${spec.cron}" has no occurrence after ${after.toISOString()}`);
    return next;
  };
}
