import { notificationRoutes } from '@app/shared/notifications/notification.routes';
import type { NotificationPage, NotificationPreference } from '@app/shared/notifications/notification.schemas';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';
import { notificationKeys } from './notification-keys';

export { notificationKeys };

const PAGE_SIZE = 20;

/** The bell's count. Live frames refresh it (app/live-updates.ts); the slow poll covers a socket that is down. */
export function useNotificationCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.count(),
    queryFn: ({ signal }) => call(notificationRoutes.unreadCount, { signal }),
    select: (d) => d.count,
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled,
  });
}

/** The person's notifications, newest first, one page per 'Load more'. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      call(notificationRoutes.list, { query: { limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marks one read (at once on screen; the server's count follows), or every one when `id` is null. */
export function useMarkRead() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id ? call(notificationRoutes.markRead, { params: { id } }) : call(notificationRoutes.markAllRead),
    onMutate: (id) => {
      const now = new Date().toISOString();
      qc.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((n) => (id === null || n.id === id ? { ...n, readAt: n.readAt ?? now } : n)),
              })),
            }
          : data,
      );
    },
    onSuccess: ({ count }) => qc.setQueryData(notificationKeys.count(), { count }),
    onError: (error) => {
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      toast({ title: t('notifications.markFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => call(notificationRoutes.preferences, { signal }),
  });
}

export function useSaveNotificationPreferences() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (choice: { items: NotificationPreference[]; digest: boolean; messagesPush: boolean }) =>
      call(notificationRoutes.savePreferences, { body: choice }),
    onSuccess: (saved) => {
      qc.setQueryData(notificationKeys.preferences(), saved);
      toast({ title: t('common.success'), description: t('notifications.preferences.saved'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('notifications.preferences.saveFailed'),
        description: failureReason(error),
        variant: 'destructive',
      }),
  });
}
