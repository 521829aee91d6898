// Pages rendered on the server (issue 11 §3): the web app's own renderer (apps/web/src/entry-server.tsx, built by
// `npm run build` into <WEB_DIST>/ssr/) draws the screen with its data, so a phone paints the screen from the first
// response; the browser then hydrates it with the same data (embedded in the page) and asks for nothing on a cold
// load. Without that build (`npm run dev`, where Vite serves the app) pages are rendered in the browser as before.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AuthFormPost } from '@app/shared/auth/auth-form-post';
import type { Bootstrap } from '@app/shared/common/bootstrap.schemas';
import { LAYOUT_COOKIE } from '@app/shared/constants';
import type { Language } from '@app/shared/i18n/language';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from './cookies.ts';
import { escapeHtml } from './html.ts';

/** A GET request made as the person the page is rendered for. */
type Get = (path: string) => Promise<{ status: number; body: string }>;

/** The renderer module's surface (apps/web/src/entry-server.tsx). */
export type Renderer = {
  configure(config: Record<string, unknown>): void;
  render(input: {
    url: string;
    boot: Bootstrap;
    get: Get;
    wide: boolean;
    form?: AuthFormPost;
  }): Promise<
    | { kind: 'page'; html: string; title: string | null; state: unknown }
    | { kind: 'redirect'; to: string }
    | { kind: 'browser'; reason: string }
  >;
  serializeServerState(state: unknown): string;
  /** A text of the app's catalogue in `language` (the entry's loading screen and splash). */
  translate?(language: Language, key: string): Promise<string>;
};

/**
 * Whether the browser likely shows the wide layout (two columns on a detail screen, 1024 px and up): what the app
 * told us in its layout cookie (apps/web/src/lib/use-media-query.ts), else a desktop by Chromium's `Sec-CH-UA-Mobile`
 * (sent by default), else a phone. A wrong guess costs a layout change once the browser has taken the page over.
 */
export function likelyWide(req: FastifyRequest): boolean {
  const said = cookieValue(req.headers.cookie, LAYOUT_COOKIE);
  if (said === 'wide' || said === 'narrow') return said === 'wide';
  return req.headers['sec-ch-ua-mobile'] === '?0';
}

/** The built renderer, or null when the web app was built without it (or not at all). */
export async function loadRenderer(
  webDist: string,
  runtime: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<Renderer | null> {
  const file = join(webDist, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  try {
    const renderer = (await import(pathToFileURL(file).href)) as Renderer;
    renderer.configure(runtime);
    return renderer;
  } catch (err) {
    // A broken build must not take the API down: pages are then rendered in the browser.
    log.error({ err }, `The page renderer in ${file} could not be loaded; pages are rendered in the browser`);
    return null;
  }
}

/** The page's <html lang>: what screen readers read it as, and what the browser's app starts in (decision 034). */
export function inLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}

/** index.html's #root with the loading screen the build put in it, followed by the splash's template. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<template id="entry-shell">)/;

/**
 * index.html for the app's entry `/`, which the browser renders: the splash (the <template id="entry-shell"> markup)
 * as #root's first paint; unchanged without both.
 */
export function entryShell(html: string): string {
  const shell = /<template id="entry-shell">([\s\S]*?)<\/template>/.exec(html)?.[1];
  if (shell === undefined || !ROOT.test(html)) return html;
  return html.replace(ROOT, () => `<div id="root">${shell}</div>`);
}

/**
 * The app's page (index.html) ready for a screen's markup: without the splash template and the shell's preload (a
 * drawn page loads its code after it paints), split around #root's content. Null without the #root the build writes.
 */
export function pageTemplate(index: string): { before: string; after: string } | null {
  const root = ROOT.exec(index);
  if (!root) return null;
  const strip = (html: string) =>
    html
      .replace(/\s*<template id="entry-shell">[\s\S]*?<\/template>/, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return {
    before: `${strip(index.slice(0, root.index))}<div id="root">`,
    after: `</div>${strip(index.slice(root.index + root[0].length))}`,
  };
}

/** A page from its template: the screen's markup in #root, the data it was drawn with beside it, its title. */
export function pageWithScreen(
  template: { before: string; after: string },
  page: { html: string; title: string | null; stateJson: string; language: Language },
): string {
  let before = inLanguage(template.before, page.language);
  if (page.title) before = before.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title!)}</title>`);
  const after = template.after.replace(
    '</body>',
    // The id the browser's entry reads it by (SERVER_STATE_ID, apps/web/src/app/server-state.ts).
    () => `  <script type="application/json" id="server-state">${page.stateJson}</script>\n  </body>`,
  );
  return `${before}${page.html}${after}`;
}

/**
 * Answers a request for a page: the page rendered for whoever is signed in (their bootstrap, asked of this app
 * through its own routes and guards), a redirect where the app would send them elsewhere, or `fallback` (the page
 * the browser renders itself) when the render cannot be done, for whatever reason, which the log then gives.
 */
export async function renderPage(
  app: FastifyInstance,
  renderer: Renderer,
  req: FastifyRequest,
  reply: FastifyReply,
  {
    template,
    fallback,
    form,
  }: {
    template: { before: string; after: string };
    fallback: () => FastifyReply;
    /** A sign-in or registration the browser posted and the server refused: drawn again with its messages. */
    form?: AuthFormPost;
  },
) {
  const browserRenders = (reason: unknown) => {
    req.log.warn({ reason, url: req.url }, 'A page was not rendered on the server; the browser renders it');
    return fallback();
  };
  try {
    // Asked of this app as the person the page is for, through its own routes, guards and read cache, as the
    // browser would ask: who they are (and the static lists), then whatever the screen asks for (GET, /api/ only).
    const ask = (path: string) =>
      app.inject({
        method: 'GET',
        url: path,
        headers: {
          cookie: req.headers.cookie ?? '',
          'accept-language': req.headers['accept-language'] ?? '',
          'x-request-id': req.id,
        },
      });
    const get: Get = async (path) => {
      if (!path.startsWith('/api/')) return { status: 404, body: '' };
      const res = await ask(path);
      return { status: res.statusCode, body: res.body };
    };
    const boot = await ask('/api/bootstrap');
    // A refreshed session cookie goes to the browser as it would with the app's own bootstrap request.
    const cookies = boot.headers['set-cookie'];
    if (cookies) reply.header('set-cookie', cookies);
    if (boot.statusCode !== 200) return browserRenders(`bootstrap answered ${boot.statusCode}`);
    const data = boot.json() as Bootstrap;
    const out = await renderer.render({ url: req.url, boot: data, get, wide: likelyWide(req), form });
    if (out.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(out.to, 302);
    if (out.kind === 'browser') return browserRenders(out.reason);
    const html = pageWithScreen(template, {
      html: out.html,
      title: out.title,
      stateJson: renderer.serializeServerState(out.state),
      language: data.language,
    });
    return (
      reply
        .type('text/html; charset=utf-8')
        // The page carries the person's own data: never kept by a shared cache, and asked again on every load.
        .header('cache-control', data.user ? 'private, no-store' : 'no-cache')
        .header('vary', 'cookie, accept-language')
        .send(html)
    );
  } catch (err) {
    // A renderer that threw, the app closing under an inner request: the browser can render the page.
    return browserRenders(err instanceof Error ? err.message : String(err));
  }
}
