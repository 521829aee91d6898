import { QueryClient } from '@tanstack/react-query';

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
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
