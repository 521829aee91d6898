// Without zod: the browser's date formatting imports this on every page (issue 28 §2); `isoDate` is in
// campaigns/campaign.schemas.ts, its one user.

/** The company operates in Georgia: "today" for deadlines is the date in Tbilisi, on the server and on the screen. */
export const BUSINESS_TIME_ZONE = 'Asia/Tbilisi';

// en-CA formats as yyyy-MM-dd. Built once, on first use: constructing a formatter costs ~50x more than using it (every
// list call), and the first one for a time zone loads its rules (~60 ms on a phone), which a browser should not pay
// while it evaluates the schemas on the way to the first screen.
let dayFormat: Intl.DateTimeFormat | undefined;

/** yyyy-MM-dd of `now` in Tbilisi. */
export function businessToday(now: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(now);
}

/** A moment's calendar date and wall-clock time in a time zone (month 1–12, hour 0–23). */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

// Tbilisi has kept UTC+4 all year since 27 March 2005 (the tz database's Asia/Tbilisi); dates.test.ts compares this
// with Intl's zone rules. Reading the wall clock with Date's own getters instead of Intl keeps a page's first render
// from loading ICU's data (~12 ms on a fast core, 50–110 ms at 4× CPU: issue 28 §2), as the server's pages are drawn
// in Tbilisi's time and the browser draws them the same while it takes them over.
const TBILISI_FIXED_SINCE = Date.UTC(2005, 2, 27);
const TBILISI_OFFSET_MS = 4 * 3600_000;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `date` in `zone`: the reader's own when undefined. */
export function wallClock(date: Date, zone?: string): WallClock {
  if (zone === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  if (zone === 'UTC' || (zone === BUSINESS_TIME_ZONE && date.getTime() >= TBILISI_FIXED_SINCE)) {
    const at = zone === 'UTC' ? date : new Date(date.getTime() + TBILISI_OFFSET_MS);
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      day: at.getUTCDate(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
    };
  }
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
