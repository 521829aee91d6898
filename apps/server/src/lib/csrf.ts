import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own origin. SameSite=Lax already stops most cross-site posts;
 * this closes the rest (same-site subdomains, older browsers): the browser's Origin (or Sec-Fetch-Site) must
 * name us. Requests with no cookie carry no ambient authority and pass.
 */
export function installCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (!req.headers.cookie) return;
    const origin = req.headers.origin;
    const host = req.headers.host;
    const sameHost = origin && host && safeHost(origin) === host;
    if (origin && (allowed.has(origin) || sameHost)) return;
    if (!origin && req.headers['sec-fetch-site'] === 'same-origin') return;
    throw new AppError('CSRF_REJECTED', 'This request did not come from the app. Reload the page and try again.', 403);
  });
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
