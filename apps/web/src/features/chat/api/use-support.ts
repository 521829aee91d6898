import { okResponse } from '@app/shared/auth/auth.schemas';
import { chatHeader } from '@app/shared/chat/message.schemas';
import { supportChatResponse, supportInboxResponse } from '@app/shared/chat/support.schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** Under `chatKeys.all`, so a reconnect refreshes them with everything else. */
export const supportKeys = {
  all: [...chatKeys.all, 'support'] as const,
  current: () => [...supportKeys.all, 'current'] as const,
  inbox: (status: 'active' | 'closed') => [...supportKeys.all, 'inbox', status] as const,
};

/** The signed-in user's open support chat id, or null. */
export function useSupportChat() {
  return useQuery({
    queryKey: supportKeys.current(),
    queryFn: () => api('/api/support/chat', { schema: supportChatResponse }),
    select: (d) => d.chatId,
  });
}

/** get_or_create_admin_chat. */
export function useStartSupportChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/support/chat', { method: 'POST', schema: supportChatResponse }),
    onSuccess: (data) => qc.setQueryData(supportKeys.current(), data),
  });
}

/** close_admin_chat (its user or an admin). */
export function useCloseChat(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/chats/${chatId}/close`, { method: 'POST', schema: okResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}

/** The admins' inbox, one status at a time, newest activity first. */
export function useSupportInbox(status: 'active' | 'closed') {
  return useInfiniteQuery({
    queryKey: supportKeys.inbox(status),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ status, limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/admin/support?${query}`, { schema: supportInboxResponse, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** 'Ask support to join' an order's chat (its client or influencer): the header says so once it is done. */
export function useAskSupport(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/chats/${chatId}/support`, { method: 'POST', schema: chatHeader }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}
