// The payouts' pure pieces: months in Tbilisi, the commission, the bank transfer file's cells, the list's cursor.
import type { Language } from '@app/shared/i18n/language';
import { AppError } from '../../lib/app-error.ts';

const TBILISI_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tbilisi', year: 'numeric', month: '2-digit' });
const MONTH_LABEL = {
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ka: new Intl.DateTimeFormat('ka-GE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
} as const;

/** 'YYYY-MM' of an instant, in Tbilisi. */
export function tbilisiMonth(at: Date): string {
  return TBILISI_MONTH.format(at).slice(0, 7);
}

/** 'November 2026' (ka: 'ნოემბერი, 2026') for a period's first day 'YYYY-MM-01'. */
export function periodLabel(period: string, language: Language = 'en'): string {
  return MONTH_LABEL[language].format(new Date(`${period}T00:00:00Z`));
}

/** The commission on an amount in basis points, rounded half up to the tetri (the influencer never loses a fraction). */
export function commissionOf(grossMinor: number, bps: number): number {
  return Math.floor((grossMinor * bps) / 10_000);
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value safe in a CSV cell, never read as a formula by a spreadsheet (OWASP's CSV injection advice): always quoted,
 * and every piece that could become a cell of its own starts with `'` if it would start a formula. A piece is the
 * value and whatever follows a list separator of any locale or a line break: Excel in a locale whose separator is
 * `;` (ka-GE, de-DE) reads `Ana;=cmd|…` as two cells, the second a formula, whatever our file's own separator is.
 */
export function csvCell(value: string): string {
  const safe = value
    .split(/(?<=[,;\t\r\n])/)
    .map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join('');
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Lines keyed by their payout (Node 20 has no Map.groupBy). */
export function byPayout<L extends { payoutId: string }>(lines: L[]): Map<string, L[]> {
  const m = new Map<string, L[]>();
  for (const l of lines) {
    const list = m.get(l.payoutId);
    if (list) list.push(l);
    else m.set(l.payoutId, [l]);
  }
  return m;
}

export const toCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
export function fromCursor(cursor: string) {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const valid =
    createdAt &&
    id &&
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/.test(createdAt) &&
    /^[0-9a-f-]{36}$/.test(id);
  if (!valid) throw new AppError('VALIDATION_ERROR', 'This list position is not valid: reload the list', 400);
  return { createdAt, id };
}
