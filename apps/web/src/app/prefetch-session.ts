import { bootstrapResponse } from '@app/shared/common/bootstrap.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from '@/features/categories/api/use-categories';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { api } from '@/lib/api-client';
import { meKeys } from '@/lib/session-cache';

/**
 * The app's first request, made while the splash is still up (issue 11 §3): GET /api/bootstrap answers who is
 * signed in, their unread count and the categories at once, and each goes into the cache under the key its own
 * query uses, so a cold load asks only for the screen's data after it. It runs as the session query: a screen that
 * asks for the session meanwhile waits for this answer instead of sending its own request.
 */
export function prefetchSession(queryClient: QueryClient) {
  return queryClient.prefetchQuery({
    queryKey: meKeys.me,
    queryFn: async () => {
      const boot = await api('/api/bootstrap', { schema: bootstrapResponse });
      queryClient.setQueryData(categoryKeys.all, { items: boot.categories });
      if (boot.unreadCount !== null) queryClient.setQueryData(chatKeys.unread(), { count: boot.unreadCount });
      return boot.user;
    },
  });
}
