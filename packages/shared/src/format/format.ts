import { LIMITS } from '../constants.ts';
import { enNumber } from '../i18n/en-format.ts';
import { kaGel, kaNumber } from '../i18n/ka-format.ts';
import type { Language } from '../i18n/language.ts';

/** "Nino Beridze" → "NB"; falls back to "?" so an avatar is never blank. */
export function initials(name?: string | null, lastname?: string | null): string {
  const letters = [name, lastname]
    .map((p) => p?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || '?';
}

/**
 * Follower counts: 950 → "950", 1234 → "1.2K", 2_500_000 → "2.5M" (one decimal, trailing .0 dropped). Georgian
 * readers see the same: "K" and "M" are how Georgian social apps write counts too.
 */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  const fmt = (v: number, suffix: string) => `${(Math.floor(v * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  if (abs >= 1_000_000) return fmt(n / 1_000_000, 'M');
  if (abs >= 1_000) return fmt(n / 1_000, 'K');
  return String(n);
}

/** Cuts at `max` characters and adds an ellipsis; whole strings are left alone. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** Unread badge: the number up to 9, then "9+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);
}

/** Minor units (tetri) to a display amount: 150000 → "1,500.00" (ka: "1500,00"). */
export function formatMinor(amountMinor: number, language: Language = 'en'): string {
  // Written by us, not by Intl, in both languages: Georgian because browsers lack Intl's ka data (ka-format.ts),
  // English because a page's first Intl format loads ICU's data on its way to the first tap (en-format.ts).
  return language === 'ka' ? kaNumber(amountMinor / 100, 2, 2) : enNumber(amountMinor / 100, 2, 2);
}

/**
 * Social handles worth showing (spec §2 social presence): string values with a visible character; blanks and
 * anything that is not a string are dropped. The directory's SQL filter (`hasHandleSql`) applies the same rule.
 */
export function visibleSocials(raw: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [platform, handle] of Object.entries(raw ?? {})) {
    if (typeof handle === 'string' && /\S/.test(handle)) out[platform] = handle;
  }
  return out;
}

/** An amount in tetri as the screens show money: "1,500.00 GEL" (ka: "1500,00 ₾"). */
export const formatGel = (amountMinor: number, language: Language = 'en') =>
  language === 'ka' ? kaGel(amountMinor / 100) : `${formatMinor(amountMinor)} GEL`;

/**
 * A GEL amount typed by a person ("250", "250.5", "1,250.50") to tetri, exactly (through the digits, not a float), or
 * null when it is not a non-negative amount with at most two decimals.
 */
export function parseGelToMinor(text: string): number | null {
  const clean = text.trim().replaceAll(',', '');
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Tetri to the plain decimal an input shows: 25050 → "250.50". */
export const minorToInput = (amountMinor: number) => (amountMinor / 100).toFixed(2);
