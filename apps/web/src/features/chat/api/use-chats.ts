import { chatListResponse } from '@app/shared/chat/chat.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_PAGE } from '@/lib/page-sizes';
import { chatKeys } from './chat-keys';

/** The caller's conversations, newest first, one page per 'Load more' (clients and influencers only). */
export function useChats({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: chatKeys.lists(),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(CHAT_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/chats?${query}`, { schema: chatListResponse, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
