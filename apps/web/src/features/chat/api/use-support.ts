import { supportRoutes } from '@app/shared/chat/chat.routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** Under `chatKeys.all`, so a reconnect refreshes them with everything else. */
export const supportKeys = {
  all: [...chatKeys.all, 'support'] as const,
  current: () => [...supportKeys.all, 'current'] as const,
  inbox: (status: 'active' | 'closed') => [...supportKeys.all, 'inbox', status] as const,
  history: () => [...supportKeys.all, 'history'] as const,
};

/** The signed-in user's open support chat id, or null. */
export function useSupportChat() {
  return useQuery({
    queryKey: supportKeys.current(),
    queryFn: () => call(supportRoutes.current),
    select: (d) => d.chatId,
  });
}

/** get_or_create_admin_chat. */
export function useStartSupportChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(supportRoutes.open),
    onSuccess: (data) => qc.setQueryData(supportKeys.current(), data),
  });
}

/** close_admin_chat (its user or an admin). */
export function useCloseChat(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(supportRoutes.close, { params: { id: chatId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}

/** The admins' inbox, one status at a time, newest activity first. */
export function useSupportInbox(status: 'active' | 'closed') {
  return useInfiniteQuery({
    queryKey: supportKeys.inbox(status),
    queryFn: ({ pageParam, signal }) =>
      call(supportRoutes.inbox, { query: { status, limit: 20, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** 'Ask support to join' an order's chat (its client or influencer): the header says so once it is done. */
export function useAskSupport(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(supportRoutes.ask, { params: { id: chatId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}

/** The signed-in person's closed support chats, newest first (issue 27: a closed conversation stays readable). */
export function useSupportHistory() {
  return useInfiniteQuery({
    queryKey: supportKeys.history(),
    queryFn: ({ pageParam, signal }) =>
      call(supportRoutes.history, { query: { limit: 10, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
