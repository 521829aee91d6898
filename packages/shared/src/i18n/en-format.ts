// English numbers, dates and "how long ago", written here rather than by Intl, as ka-format.ts writes Georgian. A
// page's first Intl number, date or relative-time format loads ICU's data: ~12 ms on a fast core, 50–110 ms at 4×
// CPU, measured on the first screens that write an amount, a count or a time while the browser takes them over (issue
// 28 §2). The output is Intl's (en-format.test.ts compares the two under Node's full ICU).
import { wallClock } from '../common/dates.ts';
import type { SinceUnit } from './ka-format.ts';
import { writeNumber } from './number-writer.ts';

const EN = { group: ',', decimal: '.', groupFrom: 4 };

/** "1,500", "12,345.5", "1,234,567.89": as `Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })`. */
export const enNumber = (value: number, minFraction = 0, maxFraction = 3) =>
  writeNumber(value, minFraction, maxFraction, EN);

const NAMED: Partial<Record<string, string>> = {
  'year 1': 'last year',
  'month 1': 'last month',
  'day 1': 'yesterday',
  'second 0': 'now',
};

/** `count` units ago, as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) writes it: "5 minutes ago", "yesterday". */
export function enAgo(count: number, unit: SinceUnit): string {
  return NAMED[`${unit} ${count}`] ?? `${enNumber(count)} ${unit}${count === 1 ? '' : 's'} ago`;
}

export const EN_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const two = (n: number) => String(n).padStart(2, '0');

/** "Jul 23, 2025": Intl's en-US `{ month: 'short', day: 'numeric', year: 'numeric' }`, in `zone`. */
export function enDay(date: Date, zone?: string): string {
  const { year, month, day } = wallClock(date, zone);
  return `${EN_SHORT_MONTHS[month - 1]} ${day}, ${year}`;
}

/** "July 2025": Intl's en-US `{ month: 'long', year: 'numeric' }`, in `zone`. */
export function enMonth(date: Date, zone?: string): string {
  const { year, month } = wallClock(date, zone);
  return `${LONG_MONTHS[month - 1]} ${year}`;
}

/** "09:05": Intl's en-GB `{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }`, in `zone`. */
export function clock(date: Date, zone?: string): string {
  const { hour, minute } = wallClock(date, zone);
  return `${two(hour)}:${two(minute)}`;
}
