import type { QueryClient } from '@tanstack/react-query';
import { fetchMe } from '@/features/auth/api/use-me';
import { meKeys } from '@/lib/session-cache';

/** Ask who is signed in while the splash is still up, so the first screen does not wait for it. */
export function prefetchSession(queryClient: QueryClient) {
  return queryClient.prefetchQuery({ queryKey: meKeys.me, queryFn: fetchMe });
}
