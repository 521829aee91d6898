import {
  type DehydratedState,
  hydrate,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { endSessionOnUnauthorized } from '@/lib/session-cache';

/** A 503 (the database restarting, the service shedding load) is retried for about this long before the screen errs. */
export const UNAVAILABLE_RETRIES = 6;
const UNAVAILABLE_MAX_DELAY_MS = 10_000;

/**
 * Retry a failed query once, but never a 4xx: asking again will not change the answer. A 503 says "briefly
 * unavailable, come back after Retry-After": the screen keeps showing its loading state (or the data it has) while
 * it asks again, for up to a minute, rather than an error.
 * Reads `status` off the error (ApiError has it) instead of importing ApiError, which would pull zod into the
 * initial bundle.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 503) return failureCount < UNAVAILABLE_RETRIES;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** The server's Retry-After when it gave one (capped), otherwise TanStack's doubling from 1 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  const after = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof after === 'number') return Math.min(after, UNAVAILABLE_MAX_DELAY_MS);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * How long the data a page was rendered with on the server counts as fresh in the browser: the screens that mount
 * while it hydrates show it without asking again (as a cold load's bootstrap answer is taken within 10 s).
 */
export const SERVER_DATA_FRESH_MS = 10_000;

/** Queries whose data came with the page: that data and when it arrived (it counts only until it is replaced). */
const fromServer = new WeakMap<Query, { data: unknown; at: number }>();
const isFromServer = (query: Query) => {
  const arrived = fromServer.get(query);
  return arrived !== undefined && arrived.data === query.state.data && arrived.at === query.state.dataUpdatedAt;
};

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
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
        // Fresh as soon as it is stale, except the page's own data for a moment after it arrived with the page.
        staleTime: (query) => (isFromServer(query) ? SERVER_DATA_FRESH_MS : 0),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * Puts the queries a server-rendered page was rendered with into the cache, as of now (the server's clock may differ
 * from this one), before React hydrates that page.
 */
export function hydrateServerQueries(queryClient: QueryClient, state: DehydratedState) {
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
  for (const { queryHash } of state.queries) {
    const query = queryClient.getQueryCache().get(queryHash);
    if (query) fromServer.set(query, { data: query.state.data, at: now });
  }
}
