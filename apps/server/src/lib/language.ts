// The language of a request (issue 26, decision 034): the person's own choice, else this browser's cookie, else its
// Accept-Language, else English. Pages, server messages and mails are written in it.
import { LANGUAGE_COOKIE, type Language, resolveLanguage } from '@app/shared/i18n/language';
import type { FastifyRequest } from 'fastify';
import { cookieValue } from './cookies.ts';

/** The language a request asks for by its browser alone (cookie, then Accept-Language), or the account's when given. */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>, account?: string | null): Language {
  return resolveLanguage({
    account,
    cookie: cookieValue(req.headers.cookie, LANGUAGE_COOKIE),
    acceptLanguage: req.headers['accept-language'],
  });
}

/** The cookie that keeps a browser's language for a year (readable by the app: it is no secret). */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
