import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { releaseHeld } from '@/components/hydrate-later';
import { appConfig } from '@/config/env';
import { endTakeOver } from '@/lib/use-hydrated';
import { LayoutCookie } from '@/lib/use-media-query';
import { ErrorBoundary, RootErrorBoundary } from './error-boundary';
import { AppRouter } from './router';
import { SplashGate, splashMsFor } from './splash';

// Toasts raised before this chunk arrives wait in the toast store and appear once it has loaded.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

type AppProps = {
  queryClient: QueryClient;
  /** The address the page was loaded at (the splash shows only on the app's entry, `/`). */
  pathname: string;
  /** BrowserRouter in the browser; on the server a StaticRouter at the requested address (entry-server.tsx). */
  Router: ComponentType<{ children: ReactNode }>;
};

/** The whole app; app/boot.tsx renders or hydrates it in the browser, entry-server.tsx renders it on the server. */
export function App({ queryClient, pathname, Router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveMarker />
      <LayoutCookie />
      <Router>
        <SplashGate showMs={splashMsFor(pathname, appConfig.splashMs)} fadeMs={appConfig.splashFadeMs}>
          <RootErrorBoundary>
            <AppRouter />
          </RootErrorBoundary>
        </SplashGate>
        {/* Inside the router: a toast is cleared when its screen is left. Without its chunk there are no toasts,
            but the app itself keeps working. */}
        <Toasts />
      </Router>
    </QueryClientProvider>
  );
}

/**
 * Toasts are raised in the browser only: a page rendered on the server has none. Their code (Radix Toast and the
 * dialogs' stack it shares, ~45 KB br) loads in a task after the page is live, not on its way there (issue 28 §2);
 * a toast raised before waits in the toast store.
 */
function Toasts() {
  // Its own component: becoming true re-renders this alone, not the app around it.
  const [live, setLive] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLive(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!live) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Marks <html data-live> once React runs the page (rendered it, or took over the server's markup): until then a
 * form is not sent by the browser itself (main.tsx), and the end-to-end tests wait for it before they interact.
 */
function LiveMarker() {
  // The page's markup is React's (its handlers attached); Preact runs the effect below after the next paint.
  useLayoutEffect(() => {
    performance.mark('app:hydrated');
  }, []);
  useEffect(() => {
    document.documentElement.setAttribute('data-live', '');
    releaseHeld();
    endTakeOver();
  }, []);
  return null;
}
