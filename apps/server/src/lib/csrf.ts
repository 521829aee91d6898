import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own origin. SameSite=Lax already stops cross-site posts, but not
 * same-site ones (another port of this host, a sibling subdomain); this closes them: the browser's Origin (or
 * Sec-Fetch-Site) must name us. Requests with no cookie carry no ambient authority and pass (the bank's callbacks).
 *
 * It judges every unsafe method whatever the path: the router decodes and normalises what it matches
 * (`/%61pi/…`, `//api/…`, `/x/../api/…`, an absolute-form target), so a test of the raw URL string is a bypass.
 */
export function installCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const fromUs = ownOrigin(publicUrl);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.headers.cookie) return;
    if (fromUs(req)) return;
    throw new AppError('CSRF_REJECTED', 'This request did not come from the app. Reload the page and try again.', 403);
  });
}

/**
 * Whether the browser says the request comes from our own page: the Origin names the public URL or this host, or
 * (no Origin) Sec-Fetch-Site says same-origin. Also the WebSocket upgrade's check (no cross-site hijacking).
 */
export function ownOrigin(publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  return (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    const host = req.headers.host;
    const sameHost = origin && host && safeHost(origin) === host;
    if (origin && (allowed.has(origin) || sameHost)) return true;
    return !origin && req.headers['sec-fetch-site'] === 'same-origin';
  };
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
