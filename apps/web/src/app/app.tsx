import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { appConfig } from '@/config/env';
import { ErrorBoundary, RootErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { SplashGate, splashMsFor } from './splash';

// Toasts raised before this chunk arrives wait in the toast store and appear once it has loaded.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Loaded apart from the shell (it brings the API client and zod); it runs while the splash is up. If the chunk
    // cannot be loaded, the session guard asks for the session itself (or the error boundary says what happened).
    void import('./prefetch-session')
      .then(({ prefetchSession }) => prefetchSession(client))
      .catch((error: unknown) => console.warn('Session prefetch failed', error));
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SplashGate showMs={splashMsFor(window.location.pathname, appConfig.splashMs)} fadeMs={appConfig.splashFadeMs}>
          <RootErrorBoundary>
            <AppRouter />
          </RootErrorBoundary>
        </SplashGate>
        {/* Inside the router: a toast is cleared when its screen is left. Without its chunk there are no toasts,
            but the app itself keeps working. */}
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
