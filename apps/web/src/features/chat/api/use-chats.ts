import { chatListResponse } from '@app/shared/chat/chat.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys as unreadChatKeys } from './use-unread-count';

/**
 * The chat feature's query keys: the unread badge's factory (which other modules already import from
 * use-unread-count) with the conversation list added, under the same root so `chatKeys.all` covers both.
 */
export const chatKeys = {
  ...unreadChatKeys,
  lists: () => [...unreadChatKeys.all, 'list'] as const,
};

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
