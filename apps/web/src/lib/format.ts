import { BUSINESS_TIME_ZONE } from '@app/shared/common/dates';
import { format, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useHydrated } from './use-hydrated';

/** "Nino" and "Beridze" → "Nino Beridze"; a missing part is left out rather than leaving a stray space. */
export function fullName(name?: string | null, lastname?: string | null): string {
  return [name, lastname].filter(Boolean).join(' ');
}

// One way to write dates on every screen.

// How each kind is written: "Jul 23, 2025", "09:05" (24-hour clock), "July 2025".
const KINDS = {
  day: ['en-US', { month: 'short', day: 'numeric', year: 'numeric' }],
  clock: ['en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  month: ['en-US', { month: 'long', year: 'numeric' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const writers = new Map<string, Intl.DateTimeFormat>();
/** One formatter per kind and zone, built on first use (building one costs far more than using it). */
function writer(kind: keyof typeof KINDS, zone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${zone ?? ''}`;
  let found = writers.get(key);
  if (!found) {
    const [locale, options] = KINDS[kind];
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    writers.set(key, found);
  }
  return found;
}

/** A timestamp (createdAt) as "Jul 23, 2025" in `zone`: the reader's own unless given (see `useDates`). */
export const formatDay = (iso: string, zone?: string) => writer('day', zone).format(new Date(iso));

/** A timestamp as "09:05" (24-hour clock) in `zone`. */
export const formatClock = (iso: string, zone?: string) => writer('clock', zone).format(new Date(iso));

/** A timestamp as "July 2025" in `zone`. */
export const formatMonth = (iso: string, zone?: string) => writer('month', zone).format(new Date(iso));

/**
 * `formatDay`, `formatClock` and `formatMonth` in the zone this render writes timestamps in: the reader's own, except
 * while the browser takes over a page the server rendered. The server knows no reader's zone and writes Tbilisi's
 * (the marketplace's, as `businessToday`), so the browser writes the same first and its own zone right after (no
 * change for a reader in Georgia).
 */
export function useDates() {
  const zone = useHydrated() ? undefined : BUSINESS_TIME_ZONE;
  return useMemo(
    () => ({
      day: (iso: string) => formatDay(iso, zone),
      clock: (iso: string) => formatClock(iso, zone),
      month: (iso: string) => formatMonth(iso, zone),
    }),
    [zone],
  );
}

/** A calendar date (a deadline, yyyy-MM-dd) as "Jul 23, 2025", the same day everywhere. */
export const formatCalendarDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');
