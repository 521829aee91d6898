// Without zod: the browser's date formatting imports this on every page (issue 28 §2); `isoDate` is in
// campaigns/campaign.schemas.ts, its one user.

/** The company operates in Georgia: "today" for deadlines is the date in Tbilisi, on the server and on the screen. */
export const BUSINESS_TIME_ZONE = 'Asia/Tbilisi';

/** yyyy-MM-dd of `now` in Tbilisi. */
export function businessToday(now: Date = new Date()): string {
  const { year, month, day } = wallClock(now, BUSINESS_TIME_ZONE);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A moment's calendar date and wall-clock time in a time zone (month 1–12, hour 0–23). */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

// Tbilisi has kept UTC+4 all year since 27 March 2005 (the tz database's Asia/Tbilisi); dates.test.ts compares this
// with Intl's zone rules. Reading the wall clock with Date's own getters instead of Intl keeps a page's first render
// from loading ICU's data (~12 ms on a fast core, 50–110 ms at 4× CPU: issue 28 §2), as the server's pages are drawn
// in Tbilisi's time and the browser draws them the same while it takes them over.
const TBILISI_FIXED_SINCE = Date.UTC(2005, 2, 27);
const TBILISI_OFFSET_MS = 4 * 3600_000;

/**
 * Whether the reader's clock (the runtime's zone) writes every recent timestamp as Tbilisi's: UTC+4 in winter and in
 * summer this year. Then a page drawn in Tbilisi's time reads the same in the reader's own.
 */
export function readsAsTbilisi(now: Date = new Date()): boolean {
  const year = now.getFullYear();
  const offset = -TBILISI_OFFSET_MS / 60_000;
  return new Date(year, 0, 1).getTimezoneOffset() === offset && new Date(year, 6, 1).getTimezoneOffset() === offset;
}
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `date` in `zone`: the reader's own when undefined. */
export function wallClock(date: Date, zone?: string): WallClock {
  const offsetMs = fixedOffsetMs(date, zone);
  if (offsetMs === null) return wallClockByIntl(date, zone!);
  // Date's UTC getters on the moment moved by the zone's offset.
  const at = new Date(date.getTime() + offsetMs);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
  };
}

/** The offset of the reader's zone, UTC or Tbilisi since 2005; null for a zone only Intl's rules know. */
function fixedOffsetMs(date: Date, zone: string | undefined): number | null {
  if (zone === undefined) return -date.getTimezoneOffset() * 60_000;
  if (zone === 'UTC') return 0;
  if (zone === BUSINESS_TIME_ZONE && date.getTime() >= TBILISI_FIXED_SINCE) return TBILISI_OFFSET_MS;
  return null;
}

/** Any other zone, or Tbilisi before 2005: Intl's zone rules. */
function wallClockByIntl(date: Date, zone: string): WallClock {
  let format = zoneFormats.get(zone);
  if (!format) {
    const numeric = 'numeric' as const;
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: numeric,
      month: numeric,
      day: numeric,
      hour: numeric,
      minute: numeric,
      hourCycle: 'h23',
    });
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}
