import type { Clock } from '../lib/clock.ts';

/** A clock a test moves by hand: `clock.set('2026-12-01T02:00:00Z')`, `clock.advance(3 * DAY)`. */
export function fakeClock(start: string | Date) {
  let now = new Date(start);
  const clock: Clock & { set: (t: string | Date) => void; advance: (ms: number) => void } = Object.assign(
    () => new Date(now),
    {
      set: (t: string | Date) => {
        now = new Date(t);
      },
      advance: (ms: number) => {
        now = new Date(now.getTime() + ms);
      },
    },
  );
  return clock;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
