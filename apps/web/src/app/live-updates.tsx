// Issue 24 §1: what the server says changed, applied to the cache of every screen that shows it, so the campaign page,
// Orders, Home, the directory, the chat header, payouts and the bell follow without a reload. The chat's own frames
// are RealtimeProvider's (features/chat/api/realtime.tsx); this composes the other features' keys, which is the
// app's business, not one feature's.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { useRealtimeEvents } from '@/features/chat/api/realtime';
import { homeKeys } from '@/features/home/api/use-client-home';
import { influencerKeys } from '@/features/influencers/api/influencer-keys';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { orderKeys } from '@/features/orders/api/use-orders';
import { payoutKeys } from '@/features/payouts/api/payout-keys';
import type { RealtimeEvent } from '@/lib/realtime';

/** Everything the marketplace's screens show, by key (the invitations' lists live under 'invitations'). */
const MARKETPLACE = [campaignKeys.all, orderKeys.all, homeKeys.all, ['invitations'], influencerKeys.all] as const;

export function applyLiveUpdate(qc: QueryClient, e: RealtimeEvent) {
  const refetch = (queryKey: readonly unknown[]) => void qc.invalidateQueries({ queryKey });
  switch (e.type) {
    case 'order.changed':
      // The campaign's detail carries the order (its page and the chat header read it), Orders and Home list it.
      refetch(campaignKeys.detail(e.campaignId));
      refetch(campaignKeys.lists());
      refetch(orderKeys.all);
      refetch(homeKeys.all);
      return;
    case 'campaign.changed':
      refetch(campaignKeys.detail(e.campaignId));
      refetch(campaignKeys.lists());
      refetch(homeKeys.all);
      if (e.what === 'invitation' || e.what === 'hire') refetch(['invitations']);
      if (e.what === 'rating') refetch(influencerKeys.all);
      return;
    case 'payouts.changed':
      refetch(payoutKeys.all);
      return;
    case 'notification.created':
      // The bell counts up at once; the server's count follows.
      qc.setQueryData<{ count: number }>(notificationKeys.count(), (d) => (d ? { count: d.count + 1 } : d));
      refetch(notificationKeys.all);
      return;
    case 'notifications.read':
      refetch(notificationKeys.all);
      return;
    case 'reconnected':
      // Whatever happened while the socket was down: fetch what the screens show.
      for (const key of MARKETPLACE) refetch(key);
      refetch(payoutKeys.all);
      refetch(notificationKeys.all);
      return;
  }
}

/** Mounted once inside RealtimeProvider (app layout). */
export function LiveUpdates() {
  const qc = useQueryClient();
  useRealtimeEvents((e) => applyLiveUpdate(qc, e));
  return null;
}
