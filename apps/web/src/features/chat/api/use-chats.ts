import { chatListResponse } from '@app/shared/chat/chat.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

const PAGE_SIZE = 20;

/** The caller's conversations, newest first, one page per 'Load more' (clients and influencers only). */
export function useChats({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: chatKeys.lists(),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/chats?${query}`, { schema: chatListResponse, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
