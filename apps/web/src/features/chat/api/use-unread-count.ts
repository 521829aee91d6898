import { unreadCountResponse } from '@app/shared/chat/unread.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** Total unread messages for the Chat tab badge; polled every 30 s (live updates arrive with the chat feature). */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: () => api('/api/chat/unread-count', { schema: unreadCountResponse }),
    select: (data) => data.count,
    refetchInterval: 30_000,
    enabled,
  });
}
