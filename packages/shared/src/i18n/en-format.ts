// English numbers and "how long ago", written here rather than by Intl, as ka-format.ts writes Georgian. A page's first
// Intl number, date or relative-time format loads ICU's data: ~12 ms on a fast core, 50–110 ms at 4× CPU, measured on
// the first screens that write an amount or a count while the browser takes them over (issue 28 §2). The output is
// Intl's en-US (en-format.test.ts compares the two under Node's full ICU).

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
