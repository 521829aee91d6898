import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { appConfig } from '@/config/env';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { SplashGate } from './splash';

// Toasts raised before this chunk arrives wait in the toast store and appear once it has loaded.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Loaded apart from the shell (it brings the API client and zod); it runs while the splash is up.
    void import('./prefetch-session').then(({ prefetchSession }) => prefetchSession(client));
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SplashGate showMs={appConfig.splashMs} fadeMs={appConfig.splashFadeMs}>
          <AppRouter />
        </SplashGate>
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
