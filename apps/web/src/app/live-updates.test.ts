// Issue 24 §1: a frame from the server marks stale exactly what the screens show of it, and the bell counts up.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { orderKeys } from '@/features/orders/api/use-orders';
import { payoutKeys } from '@/features/payouts/api/use-payouts';
import { applyLiveUpdate } from './live-updates';

function cacheWith(...keys: (readonly unknown[])[]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, { seeded: true });
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, stale };
}

describe('applyLiveUpdate', () => {
  it('an order that moved: its campaign, the lists, Orders; not another campaign, not payouts', () => {
    const { qc, stale } = cacheWith(
      campaignKeys.detail('c1'),
      campaignKeys.detail('c2'),
      orderKeys.lists(),
      payoutKeys.earnings(),
    );
    applyLiveUpdate(qc, { type: 'order.changed', orderId: 'o1', campaignId: 'c1' });
    expect(stale(campaignKeys.detail('c1'))).toBe(true);
    expect(stale(orderKeys.lists())).toBe(true);
    expect(stale(campaignKeys.detail('c2'))).toBe(false);
    expect(stale(payoutKeys.earnings())).toBe(false);
  });

  it('a notification counts the bell up at once; reading them refetches it', () => {
    const { qc, stale } = cacheWith();
    qc.setQueryData(notificationKeys.count(), { count: 2 });
    applyLiveUpdate(qc, {
      type: 'notification.created',
      notification: {
        id: 'n1',
        kind: 'order',
        subject: 'Paid',
        link: '/campaigns/c1',
        readAt: null,
        createdAt: '2026-11-26T10:00:00.000Z',
      },
    });
    expect(qc.getQueryData(notificationKeys.count())).toEqual({ count: 3 });
    qc.setQueryData(notificationKeys.count(), { count: 3 });
    applyLiveUpdate(qc, { type: 'notifications.read' });
    expect(stale(notificationKeys.count())).toBe(true);
  });

  it('after a reconnect every screen’s data is fetched again', () => {
    const { qc, stale } = cacheWith(campaignKeys.detail('c9'), payoutKeys.batches(), notificationKeys.list());
    applyLiveUpdate(qc, { type: 'reconnected' });
    expect(stale(campaignKeys.detail('c9'))).toBe(true);
    expect(stale(payoutKeys.batches())).toBe(true);
    expect(stale(notificationKeys.list())).toBe(true);
  });
});
