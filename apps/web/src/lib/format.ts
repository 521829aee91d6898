import { BUSINESS_TIME_ZONE, readsAsTbilisi } from '@app/shared/common/dates';
import { formatGel } from '@app/shared/format/format';
import { clock, EN_SHORT_MONTHS, enAgo, enDay, enMonth, enNumber } from '@app/shared/i18n/en-format';
import { kaAgo, kaDay, kaMonth, kaNumber, type SinceUnit } from '@app/shared/i18n/ka-format';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/i18n/language';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useHydrated } from './use-hydrated';

/** "Nino" and "Beridze" → "Nino Beridze"; a missing part is left out rather than leaving a stray space. */
export function fullName(name?: string | null, lastname?: string | null): string {
  return [name, lastname].filter(Boolean).join(' ');
}

// One way to write dates on every screen.

// Written by us in both languages, not by Intl (en-format.ts, ka-format.ts say why): "Jul 23, 2025" / "23 ივл. 2025",
// "09:05" (a 24-hour clock in both), "July 2025" / "ივლისი, 2025".

/** A timestamp (createdAt) as "Jul 23, 2025" in `zone`: the reader's own unless given (see `useDates`). */
export const formatDay = (iso: string, zone?: string, language: Language = DEFAULT_LANGUAGE) =>
  (language === 'ka' ? kaDay : enDay)(new Date(iso), zone);

/** A timestamp as "09:05" (24-hour clock) in `zone`. */
export const formatClock = (iso: string, zone?: string) => clock(new Date(iso), zone);

/** A timestamp as "July 2025" in `zone`. */
export const formatMonth = (iso: string, zone?: string, language: Language = DEFAULT_LANGUAGE) =>
  (language === 'ka' ? kaMonth : enMonth)(new Date(iso), zone);

/**
 * `formatDay`, `formatClock` and `formatMonth` in the zone this render writes timestamps in: the reader's own, except
 * while the browser takes over a page the server rendered. The server knows no reader's zone and writes Tbilisi's
 * (the marketplace's, as `businessToday`), so the browser writes the same first and its own zone once the page is
 * live (lib/use-hydrated.ts). A reader whose clock reads as Tbilisi's (Georgia) has nothing drawn again.
 */
export function useDates() {
  const zone = useHydrated(!readsAsTbilisi()) ? undefined : BUSINESS_TIME_ZONE;
  const language = useLanguage();
  return useMemo(
    () => ({
      day: (iso: string) => formatDay(iso, zone, language),
      clock: (iso: string) => formatClock(iso, zone),
      month: (iso: string) => formatMonth(iso, zone, language),
      /** A calendar date (yyyy-MM-dd, a deadline): the same day everywhere, in the reader's language. */
      calendar: (date: string) => formatCalendarDate(date, language),
      /** How long ago, in words: "5 minutes ago", "5 წუთის წინ". */
      since: (iso: string) => formatSince(iso, language),
    }),
    [zone, language],
  );
}

/** A calendar date (a deadline, yyyy-MM-dd) as "Jul 23, 2025", the same day everywhere. */
export const formatCalendarDate = (date: string, language: Language = DEFAULT_LANGUAGE) =>
  language === 'en' ? englishCalendarDate(date) : formatDay(`${date}T00:00:00Z`, 'UTC', language);

// date-fns's `format(parseISO(date), 'MMM d, yyyy')` without date-fns (issue 28 §2: 6 KB br on every signed-in page
// for this one line): a yyyy-MM-dd date is that day; a timestamp is read as parseISO does (no offset: local time).
function englishCalendarDate(date: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (day) return `${EN_SHORT_MONTHS[Number(day[2]) - 1]} ${Number(day[3])}, ${day[1]}`;
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  return enDay(at);
}

/** The reader's language as the render has it (the server's per-render instance, or the browser's). */
function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Money as the reader writes it (issue 26): `formatGel` in the render's language, "1,500.00 GEL" in English and
 * "1 500,00 ₾" in Georgian (CLDR's ka-GE: the lari sign after the amount, a space between thousands).
 */
export function useGel(): (amountMinor: number) => string {
  const language = useLanguage();
  return useCallback((amountMinor: number) => formatGel(amountMinor, language), [language]);
}

const SPANS: [SinceUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A past timestamp as "5 minutes ago" / "5 წუთის წინ" (under a minute: "now"). */
export function formatSince(iso: string, language: Language = DEFAULT_LANGUAGE, now = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  // Written by us in both languages (ka-format.ts, en-format.ts), as Intl.RelativeTimeFormat with numeric 'auto'.
  const ago = language === 'ka' ? kaAgo : enAgo;
  for (const [unit, size] of SPANS) if (seconds >= size) return ago(Math.floor(seconds / size), unit);
  return ago(0, 'second');
}

/** Whole numbers as the reader writes them: "12,500" (en), "12 500" (ka). */
export function useNumber(): (n: number) => string {
  const language = useLanguage();
  return useCallback((n: number) => (language === 'ka' ? kaNumber(n) : enNumber(n)), [language]);
}
