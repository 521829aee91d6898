// Georgian numbers, money, dates and "how long ago", written here rather than by Intl's `ka` data. Node's full ICU
// has Georgian, but browsers built with a smaller ICU do not (Debian's Chromium: `Intl.DateTimeFormat.supportedLocalesOf
// ('ka')` is empty, and Intl quietly writes English): the browser then wrote "Nov 20, 2026" where the server's page
// said "20 ნოე. 2026", and React threw the page away on hydration. The output is CLDR's ka-GE, as Node writes it.

import { wallClock } from '../common/dates.ts';
import { writeNumber } from './number-writer.ts';

const NBSP = '\u00a0';
const SHORT_MONTHS = ['იან', 'თებ', 'მარ', 'აპრ', 'მაი', 'ივნ', 'ივლ', 'აგვ', 'სექ', 'ოქტ', 'ნოე', 'დეკ'];
const LONG_MONTHS = [
  'იანვარი',
  'თებერვალი',
  'მარტი',
  'აპრილი',
  'მაისი',
  'ივნისი',
  'ივლისი',
  'აგვისტო',
  'სექტემბერი',
  'ოქტომბერი',
  'ნოემბერი',
  'დეკემბერი',
];

/** "1500", "12 345,5", "1 234 567,89": a comma for decimals, a no-break space between thousands from five digits. */
export const kaNumber = (value: number, minFraction = 0, maxFraction = 3) =>
  writeNumber(value, minFraction, maxFraction, { group: NBSP, decimal: ',', groupFrom: 5 });

/** GEL as Georgian writes it: "1500,00 ₾", "12 500,00 ₾". */
export const kaGel = (amount: number) => `${kaNumber(amount, 2, 2)}${NBSP}₾`;

/** "20 ნოე. 2026". */
export function kaDay(date: Date, zone?: string): string {
  const { day, month, year } = wallClock(date, zone);
  return `${day} ${SHORT_MONTHS[month - 1]}. ${year}`;
}

/** "ნოემბერი, 2026". */
export function kaMonth(date: Date, zone?: string): string {
  const { month, year } = wallClock(date, zone);
  return `${LONG_MONTHS[month - 1]}, ${year}`;
}

/** "ნოე.": a month on a chart's axis. */
export function kaShortMonth(date: Date, zone?: string): string {
  return `${SHORT_MONTHS[wallClock(date, zone).month - 1]}.`;
}

export type SinceUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';
const GENITIVE: Record<SinceUnit, string> = {
  year: 'წლის',
  month: 'თვის',
  day: 'დღის',
  hour: 'საათის',
  minute: 'წუთის',
  second: 'წამის',
};
const NAMED: Partial<Record<string, string>> = {
  'year 1': 'გასულ წელს',
  'month 1': 'გასულ თვეს',
  'day 1': 'გუშინ',
  'day 2': 'გუშინწინ',
  'second 0': 'ახლა',
};

/** `count` units ago, as Intl.RelativeTimeFormat('ka', { numeric: 'auto' }) writes it: "5 წუთის წინ", "გუშინ". */
export function kaAgo(count: number, unit: SinceUnit): string {
  return NAMED[`${unit} ${count}`] ?? `${kaNumber(count)} ${GENITIVE[unit]} წინ`;
}
