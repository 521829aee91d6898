import { chatRoutes } from '@app/shared/chat/chat.routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { CHAT_PAGE } from '@/lib/page-sizes';
import { chatKeys } from './chat-keys';

/** The caller's conversations, newest first, one page per 'Load more' (clients and influencers only). */
export function useChats({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: chatKeys.lists(),
    queryFn: ({ pageParam, signal }) =>
      call(chatRoutes.list, { query: { limit: CHAT_PAGE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
