import { chatRoutes } from '@app/shared/chat/chat.routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * Total unread messages for the Chat tab badge. Live frames refresh it (RealtimeProvider); the slow poll is a
 * safety net for a socket that is down.
 */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: () => call(chatRoutes.unreadCount),
    select: (data) => data.count,
    // Fresh from the app's bootstrap or a live frame: mounting the badge does not ask again.
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled,
  });
}
