// The web app, served (issue 22 §4: out of the composition root): the built files, each page drawn on the server
// by the app's own renderer with its data (lib/server-render.ts, decision 027), the entry's splash, and the API's
// not-found answer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@app/shared/i18n/language';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { authFormPosts } from './auth-form-posts.ts';
import { readBuiltAssets, serveBuiltAssets } from './built-assets.ts';
import { escapeHtml } from './html.ts';
import { requestLanguage } from './language.ts';
import { entryShell, inLanguage, loadRenderer, pageTemplate, type Renderer, renderPage } from './server-render.ts';

/** The words index.html paints before the app runs (apps/web/index.html), by their catalogue keys. */
const SHELL_TEXTS = { 'Loading...': 'common.loading', 'Connecting influencers with brands': 'app.tagline' };

/** `html` for each language: its <html lang>, and the shell's English words in that language where the renderer has them. */
async function inEachLanguage(html: string, renderer: Renderer | null): Promise<Record<Language, string>> {
  const out = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    let page = inLanguage(html, language);
    if (renderer?.translate && language !== 'en') {
      for (const [english, key] of Object.entries(SHELL_TEXTS)) {
        const said = escapeHtml(await renderer.translate(language, key));
        page = page.replaceAll(`>${english}<`, () => `>${said}<`);
      }
    }
    out[language] = page;
  }
  return out;
}

/** The page with the sign-in and registration forms (apps/web/src/config/paths.ts `auth`). */
const AUTH_PAGE = '/auth';

/**
 * helmet's `no-referrer` makes Chrome send `Origin: null` with a form the browser posts itself, which the CSRF guard
 * refuses; `same-origin` still tells other sites nothing (docs/README.md, social accounts).
 */
const sameOriginReferrer = (reply: FastifyReply) => reply.header('referrer-policy', 'same-origin');

/** Serves the built SPA with history fallback; runtime settings go into <meta name="app-config">. */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexFile = join(config.webDist, 'index.html');
  const runtimeConfig = {
    splashMs: config.splashMs,
    splashFadeMs: config.splashFadeMs,
    devMailbox: config.localMailbox,
    devSocial: config.env !== 'production' && config.social.emulatorPort !== null,
  };
  const runtime = JSON.stringify(runtimeConfig);
  const index = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace(
        /<meta name="app-config" content="[^"]*"\s*\/?>/,
        `<meta name="app-config" content="${runtime.replaceAll('"', '&quot;')}">`,
      )
    : `<!doctype html><html lang="en"><head><title>Influence</title></head><body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main></body></html>`;

  // The screens' markup comes from the server where the build has the renderer (lib/server-render.ts); a page
  // without the build's #root (no build at all) is never rendered there.
  const template = pageTemplate(index);
  const pages = template && { template, renderer: await loadRenderer(config.webDist, runtimeConfig, app.log) };
  if (existsSync(config.webDist)) {
    // The hashed files from memory (lib/built-assets.ts); the rest (icons, the service worker, emoji) from disk.
    serveBuiltAssets(app, readBuiltAssets(config.webDist));
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      globIgnore: ['assets/**'],
      // The renderer is the server's own code, not a file for browsers.
      allowedPath: (path) => !path.startsWith('/ssr/'),
      // The build wrote .br and .gz beside each text asset (apps/web/precompress.ts).
      preCompressed: true,
      // index.html is served below and never cached.
      setHeaders: (res, path) => {
        // The service worker and the manifest: a deploy's new ones are seen at the next visit (decision 040).
        if (/\/(sw\.js|manifest\.webmanifest|offline\.html)$/.test(path)) res.header('cache-control', 'no-cache');
      },
    });
  }
  // The app's entry paints the branded splash from its first frame: index.html carries it in <template
  // id="entry-shell"> and it takes the place of #root's loading screen on `/` (apps/web/index.html, issue 11 §3).
  // Both in each language (decision 034): <html lang> and the loading screen's words, so nothing flashes in English.
  const indexIn = await inEachLanguage(index, pages?.renderer ?? null);
  const entryIn = await inEachLanguage(entryShell(index), pages?.renderer ?? null);
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .send(html);
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => sendHtml(reply, indexIn[requestLanguage(req)]);
  app.get('/', { schema: { hide: true } }, (req, reply) => sendHtml(reply, entryIn[requestLanguage(req)]));
  // Every other page address: a route (not the not-found handler) so its HTML leaves compressed like any answer.
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/') || path.startsWith('/uploads/') || /\.\w+$/.test(path)) return reply.callNotFound();
    if (path === AUTH_PAGE) sameOriginReferrer(reply);
    if (!pages?.renderer) return sendIndex(req, reply);
    return renderPage(app, pages.renderer, req, reply, {
      template: pages.template,
      fallback: () => sendIndex(req, reply),
    });
  });
  // The auth page's forms, posted by the browser itself (before the app runs, or without JavaScript).
  await app.register(
    authFormPosts({
      path: AUTH_PAGE,
      render: async (req, reply, form) => {
        sameOriginReferrer(reply);
        if (!pages?.renderer) return sendIndex(req, reply);
        return renderPage(app, pages.renderer, req, reply, {
          template: pages.template,
          fallback: () => sendIndex(req, reply),
          form,
        });
      },
    }),
  );
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${req.method} ${path}` } });
  });
}
