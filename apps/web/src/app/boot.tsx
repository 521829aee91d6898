import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { holdHydration } from '@/components/hydrate-later';
import { hydrateWithServedClasses } from '@/lib/cn';
import { applyLanguage, pageLanguage } from '@/lib/i18n';
import { BrowserRouter } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { beginTakeOver } from '@/lib/use-hydrated';
import { AssumedWide } from '@/lib/use-media-query';
import { App } from './app';
import { createQueryClient, hydrateServerQueries } from './query-client';
import { preloadPages } from './router';
import type { ServerState } from './server-state';

/** React and the app's shell, rendering a page in the browser: loaded by the entry beside the screen's own modules. */
export async function boot(container: HTMLElement) {
  // The texts of the language the server wrote the page in, before anything is drawn (no flash of English).
  await applyLanguage(pageLanguage());
  const queryClient = createQueryClient();
  // The session query starts here, before any screen asks for it, so a screen that asks meanwhile waits for this
  // answer instead of sending its own request. Its code (the API client and zod) is loaded apart from the shell;
  // if that fails, the session guard's own query asks for the session (or the error boundary says what happened).
  void queryClient.prefetchQuery({
    queryKey: meKeys.me,
    queryFn: () => import('./prefetch-session').then(({ fetchBootstrap }) => fetchBootstrap(queryClient)),
  });
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices and lets the browser in between (a phone's main
  // thread is not blocked for the whole first render); index.html's loading screen stays up until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} pathname={window.location.pathname} Router={BrowserRouter} />
      </StrictMode>,
    );
  });
}

/**
 * The page arrived rendered by the server (entry-server.tsx): React takes over that markup with the data it was
 * rendered with, once the screen's modules are here, so nothing is fetched or drawn again.
 */
export async function hydrate(container: HTMLElement, state: ServerState) {
  performance.mark('app:shell');
  await applyLanguage(pageLanguage());
  const queryClient = createQueryClient();
  hydrateServerQueries(queryClient, state.queries);
  // With its pages' modules loaded, the router renders them at once instead of suspending mid-hydration.
  await preloadPages(window.location.pathname).catch(() => undefined);
  performance.mark('app:screen');
  // The cards below the fold are taken over once the page is live (components/hydrate-later.tsx), and what only the
  // browser knows is drawn from then (lib/use-hydrated.ts).
  holdHydration();
  beginTakeOver();
  // A transition: React hydrates in slices and lets the browser in between (a tap is not held up for the whole page).
  // The classes are the server's until each part renders again (lib/cn.ts).
  hydrateWithServedClasses(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AssumedWide.Provider value={state.wide}>
            <App queryClient={queryClient} pathname={window.location.pathname} Router={BrowserRouter} />
          </AssumedWide.Provider>
        </StrictMode>,
        {
          // The server's markup did not match (a bug, or a browser extension that edited the page): React renders
          // that part again in the browser, which the person does not notice; say so for whoever looks.
          onRecoverableError: (error) => console.error('The page was rendered again in the browser:', error),
        },
      );
    }),
  );
}
