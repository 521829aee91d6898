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

/**
 * Whether an unsafe request was sent by a browser from a page outside `admitted` (origins; this host is always
 * admitted, so a page is at home on whatever name it was opened by). For routes that change something with no
 * cookie at all, where installCsrfGuard has nothing to protect and SameSite nothing to withhold: the development aids
 * and the emulators' controls, which any web page open in the developer's browser could otherwise post a form to.
 * A request with neither `Origin` nor `Sec-Fetch-Site` is no browser's (every browser sends Origin on a cross-origin
 * POST): scripts, tests and the app's own server-to-server calls pass.
 */
export function crossSiteWrite(req: FastifyRequest, admitted: Iterable<string>): boolean {
  if (SAFE.has(req.method)) return false;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin === undefined && site === undefined) return false;
  if (origin === undefined) return site !== 'same-origin';
  const host = req.headers.host;
  if (host && safeHost(origin) === host) return false;
  return ![...admitted].some((o) => safeOrigin(o) === origin);
}

/** onRequest hook: crossSiteWrite refused with the API's CSRF answer. */
export function sameOriginWrites(admitted: string[]) {
  return async (req: FastifyRequest) => {
    if (crossSiteWrite(req, admitted)) {
      throw new AppError('CSRF_REJECTED', 'This request did not come from this page. Reload it and try again.', 403);
    }
  };
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
