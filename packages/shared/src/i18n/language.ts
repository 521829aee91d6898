// No zod here: the browser's first screen imports this file (issue 28 §2); the schema is language.schema.ts.

/** The languages the product speaks (issue 26); English is the fallback for anything a catalogue lacks. */
export const LANGUAGES = ['en', 'ka'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale each language formats dates, numbers and money with (Intl). */
export const LOCALES: Record<Language, string> = { en: 'en', ka: 'ka-GE' };

/**
 * The cookie that carries the chosen language for a browser (before sign-in, and for the pages the server renders
 * before it knows who is asking). A signed-in person's choice is also kept on their account.
 */
export const LANGUAGE_COOKIE = 'influence.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of our languages an `Accept-Language` header asks for, by its q-values ("ka-GE,ka;q=0.9,en;q=0.8" → ka),
 * or null when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((a) => a.q > 0 && !Number.isNaN(a.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asked.map((a) => a.base).find(isLanguage) ?? null;
}

/** The language for a request: the person's own choice, else the browser's cookie, else Accept-Language, else English. */
export function resolveLanguage(sources: {
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  if (isLanguage(sources.account)) return sources.account;
  if (isLanguage(sources.cookie)) return sources.cookie;
  return languageFromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** A stored language as one of ours, English when there is none (an account that never chose). */
export const languageOr = (value: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language =>
  isLanguage(value) ? value : fallback;
