import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { endSessionOnUnauthorized } from '@/lib/session-cache';

/**
 * Retry a failed query once, but never a 4xx: asking again will not change the answer.
 * Reads `status` off the error (ApiError has it) instead of importing ApiError, which would pull zod into the
 * initial bundle.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  // A 401 from any request means the session ended elsewhere (expiry, another tab, deactivation): clean up as a
  // sign-out does, so the next person sees nothing of this one; the session guard then shows /auth.
  const onError = (error: unknown) => {
    if (!endSessionOnUnauthorized(queryClient, error)) return;
    // The toast module is lazy (it is not part of the shell); the notice waits for it.
    void import('@/components/ui/toast')
      // The session guard then shows /auth, where this belongs.
      .then(({ toast }) => toast({ title: i18n.t('errors.sessionEnded'), followsNavigation: true }))
      .catch(() => undefined);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
