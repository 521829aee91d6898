// The server's side of the app (issue 11 §3): renders a page's HTML with the data it shows, so a phone paints the
// screen itself from the first response instead of after ~250 KB of JavaScript, and the browser hydrates that markup
// (app/boot.tsx `hydrate`) with the same data, which the page carries. Built by Vite as its `ssr` environment into
// <dist>/ssr/ and loaded by the server (apps/server/src/lib/server-render.ts), which hands it the person's bootstrap
// and a way to make the screen's GET requests as that person.
import { AsyncLocalStorage } from 'node:async_hooks';
import { AUTH_FORM_POST_KEY, type AuthFormPost } from '@app/shared/auth/auth-form-post';
import type { Bootstrap } from '@app/shared/common/bootstrap.schemas';
import type { Language } from '@app/shared/i18n/language';
import { dehydrate, type Query, QueryClient, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import i18n, { loadLanguage } from '@/lib/i18n';
import { StaticRouter } from '@/lib/router';
import { App } from './app/app';
import { seedBootstrap } from './app/prefetch-session';
import { ServerRedirect } from './app/redirect';
import { preloadPages } from './app/router';
import type { ServerState } from './app/server-state';
import { type AppConfig, appConfig } from './config/env';
import { type ServerGet, setServerGet } from './lib/server-answers';
import { AssumedWide } from './lib/use-media-query';
import { ServerPageTitle } from './lib/use-page-title';
import { TranslatorProvider } from './lib/use-translation';

export { serializeServerState } from './app/server-state';
/** A GET request made as the person the page is rendered for: its status and JSON text. */
export type { ServerGet };

/** What the server does with a request for a page. */
export type ServerRender =
  /** `title`: what the page names itself (its tab title), for the HTML's <title>. */
  | { kind: 'page'; html: string; title: string | null; state: ServerState }
  /** The page sends the person elsewhere (signed out, another role's screen): answer with an HTTP redirect. */
  | { kind: 'redirect'; to: string }
  /** Not rendered here (a render failed or took too long): the browser renders the page itself. */
  | { kind: 'browser'; reason: string };

/** The server's runtime settings (the same as in <meta name="app-config">), once at start. */
export function configure(config: Partial<AppConfig>) {
  Object.assign(appConfig, config);
}

// Each render's way to ask (the API client's `serverAnswer` reads it): renders of two requests interleave
// while they wait for modules and data.
const requests = new AsyncLocalStorage<ServerGet>();
setServerGet(() => requests.getStore());

/** A render that waits longer than this for modules or data is given up: the browser renders the page. */
const RENDER_TIMEOUT_MS = 3_000;
/** Rounds of "render, then answer what it asked for": the screen's data, then what that data leads to. */
const DATA_ROUNDS = 2;

async function renderToHtml(element: React.ReactNode, signal: AbortSignal): Promise<string> {
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    signal,
    // Every boundary inline, in document order: React would otherwise move large ones to the end of the page with
    // an inline script to put them back, which the CSP (script-src 'self') refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failures.push(error);
    },
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  // A part that failed would be rendered by the browser anyway; the page is handed over whole instead.
  if (failures.length) throw failures[0];
  return html;
}

/** A query the page made that nobody has asked yet, and that the browser would ask as soon as it mounts. */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.options.queryFn === skipToken) return false;
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * Renders the page at `url` (path and query) for the person `boot` describes. A render makes the screen's queries
 * (the same keys and functions as in the browser); those are then asked through `get` and the page rendered again
 * with their answers. A query answered with a refusal stays loading here and is asked again by the browser, which
 * shows that answer as it would have.
 */
export async function render({
  url,
  boot,
  get,
  wide = false,
  form,
}: {
  url: string;
  boot: Bootstrap;
  get: ServerGet;
  /** Whether the screen is likely wide (two columns on a detail screen); the browser corrects a wrong guess. */
  wide?: boolean;
  /** The sign-in or registration the browser posted itself and the server refused: drawn with its messages. */
  form?: AuthFormPost;
}): Promise<ServerRender> {
  const { pathname } = new URL(url, 'http://server');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  seedBootstrap(queryClient, boot, { withUser: true });
  // In the page's data, so the browser's take-over draws the same messages (features/auth/api/auth-form-post.ts).
  if (form) queryClient.setQueryData(AUTH_FORM_POST_KEY, form);
  // The page in the person's language: an instance of its own (pages for two people render interleaved), sharing
  // the catalogues.
  await loadLanguage(boot.language);
  const texts = i18n.cloneInstance({ lng: boot.language });
  let redirect: string | null = null;
  let title: string | null = null;
  const redirectTo = (to: string) => {
    redirect ??= to;
  };
  const named = (page: string) => {
    title = page;
  };
  const element = (
    <StrictMode>
      <TranslatorProvider i18n={texts}>
        <ServerRedirect.Provider value={redirectTo}>
          <ServerPageTitle.Provider value={named}>
            <AssumedWide.Provider value={wide}>
              <App
                queryClient={queryClient}
                pathname={pathname}
                Router={({ children }) => <StaticRouter location={url}>{children}</StaticRouter>}
              />
            </AssumedWide.Provider>
          </ServerPageTitle.Provider>
        </ServerRedirect.Provider>
      </TranslatorProvider>
    </StrictMode>
  );
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);

  try {
    return await requests.run(get, async () => {
      await preloadPages(pathname);
      let html = await renderToHtml(element, signal);
      const cache = queryClient.getQueryCache();
      const askedBefore = new Set<string>();
      for (let round = 0; round < DATA_ROUNDS && !redirect; round++) {
        const asked = cache.findAll({ predicate: (q) => waiting(q) && !askedBefore.has(q.queryHash) });
        if (!asked.length) break;
        for (const q of asked) askedBefore.add(q.queryHash);
        await Promise.allSettled(asked.map((q) => q.fetch()));
        // What was refused (or could not be asked) is asked again by the browser, which shows its answer.
        for (const q of cache.findAll({ predicate: (q) => q.state.status === 'error' })) cache.remove(q);
        if (!asked.some((q) => q.state.status === 'success')) break;
        html = await renderToHtml(element, signal);
      }
      if (redirect) return { kind: 'redirect', to: redirect } as const;
      return { kind: 'page', html, title, state: { queries: dehydrate(queryClient), wide } } as const;
    });
  } catch (error) {
    return { kind: 'browser', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    queryClient.clear();
  }
}

/** A text of the catalogue in `language`: the server writes the entry's loading screen with it (decision 034). */
export async function translate(language: Language, key: string): Promise<string> {
  await loadLanguage(language);
  return i18n.getFixedT(language)(key);
}
