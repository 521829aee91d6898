import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { appConfig } from '@/config/env';
import { meKeys } from '@/lib/session-cache';
import { ErrorBoundary, RootErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { SplashGate, splashMsFor } from './splash';

// Toasts raised before this chunk arrives wait in the toast store and appear once it has loaded.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The session query starts here, before any screen asks for it, so a screen that asks meanwhile waits for this
    // answer instead of sending its own request. Its code (the API client and zod) is loaded apart from the shell;
    // if that fails, the session guard's own query asks for the session (or the error boundary says what happened).
    void client.prefetchQuery({
      queryKey: meKeys.me,
      queryFn: () => import('./prefetch-session').then(({ fetchBootstrap }) => fetchBootstrap(client)),
    });
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
