import { messageRoutes } from '@app/shared/chat/chat.routes';
import type { ChatListItem } from '@app/shared/chat/chat.schemas';
import type { MessageDto, MessagesPage } from '@app/shared/chat/message.schemas';
import type { Page } from '@app/shared/common/pagination';
import { routeUrl } from '@app/shared/common/route';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, call, upload } from '@/lib/api-client';
import { offerPush } from '@/lib/push-offer-event';
import { chatKeys } from './chat-keys';
import { supportKeys } from './use-support';

const PAGE_SIZE = 30;
type Pages = InfiniteData<MessagesPage, number | undefined>;

/**
 * A chat's header and messages: the newest page first (one request opens a chat), older pages on demand. Pages are
 * kept newest-first; `messagesOf` puts them in reading order.
 */
export function useMessages(chatId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) =>
      call(messageRoutes.page, { params: { id: chatId }, query: { limit: PAGE_SIZE, before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasOlder && last.items[0] ? last.items[0].seq : undefined),
  });
}

/** Oldest first, across the loaded pages. */
export const messagesOf = (data: { pages: MessagesPage[] } | undefined): MessageDto[] =>
  data ? [...data.pages].reverse().flatMap((p) => p.items) : [];

/** Puts a message into a loaded conversation once (a live frame and the send's answer may both bring it). */
export function addMessage(qc: QueryClient, chatId: string, message: MessageDto) {
  qc.setQueryData<Pages>(chatKeys.messages(chatId), (old) => {
    if (!old?.pages[0]) return old;
    const known = old.pages.some((p) => p.items.some((m) => m.id === message.id));
    if (known) return old;
    const [newest, ...rest] = old.pages;
    const items = [...newest.items, message].sort((a, b) => a.seq - b.seq);
    return { ...old, pages: [{ ...newest, items }, ...rest] };
  });
}

/** The other party read the chat up to `seq`: a seen mark on one's own messages. */
export function markSeen(qc: QueryClient, chatId: string, seq: number) {
  qc.setQueryData<Pages>(chatKeys.messages(chatId), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({
            ...p,
            items: p.items.map((m) => (m.mine && !m.seen && m.seq <= seq ? { ...m, seen: true } : m)),
          })),
        }
      : old,
  );
}

/**
 * Sends with the screen's own id, so the one retry after a network failure (or a lost answer) is the same message
 * on the server, never a second one.
 */
export function useSendMessage(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { clientId: string; content: string }) =>
      call(messageRoutes.send, { params: { id: chatId }, body: v }),
    retry: (count, error) => count < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
    retryDelay: 800,
    onSuccess: (message) => {
      addMessage(qc, chatId, message);
      // A first message is a moment push makes sense (decision 040): the offer shows once, where it can work.
      offerPush();
    },
  });
}

/** A file as its own message: multipart, so through `upload()`, which reports its progress (0 to 1). */
export function sendAttachment(
  chatId: string,
  clientId: string,
  file: File,
  onProgress: (fraction: number) => void,
  caption = '',
) {
  const route = messageRoutes.sendAttachment;
  const form = new FormData();
  // Before the file: the server reads the parts that come ahead of it.
  if (caption.trim()) form.append('caption', caption);
  form.append('file', file);
  return upload<MessageDto>(routeUrl(route, { id: chatId }, { clientId }), form, onProgress);
}

/** Opening a chat reads it: the chat's count on the list goes to zero and the badge takes the server's total. */
export function useMarkRead(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(messageRoutes.markRead, { params: { id: chatId } }),
    onSuccess: ({ unreadCount, total }) => {
      qc.setQueryData(chatKeys.unread(), { count: total });
      void qc.invalidateQueries({ queryKey: supportKeys.all });
      qc.setQueryData<InfiniteData<Page<ChatListItem>>>(chatKeys.lists(), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({
                ...p,
                items: p.items.map((c) => (c.id === chatId ? { ...c, unreadCount } : c)),
              })),
            }
          : old,
      );
    },
  });
}
