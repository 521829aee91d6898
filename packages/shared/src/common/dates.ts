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
