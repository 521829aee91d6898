import { disputeRoutes } from '@app/shared/disputes/dispute.routes';
import type { OpenDisputeInput, ResolveSplitInput } from '@app/shared/disputes/dispute.schemas';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { useQuery } from '@tanstack/react-query';
import { useOrderStep } from '@/features/orders/api/order-mutations';
import { call } from '@/lib/api-client';

export const disputeKeys = {
  all: ['disputes'] as const,
  ofOrder: (orderId: string) => [...disputeKeys.all, 'order', orderId] as const,
  queue: (status: 'open' | 'closed' | 'all') => [...disputeKeys.all, 'queue', status] as const,
  one: (id: string) => [...disputeKeys.all, 'one', id] as const,
};

/** The order's disputes, newest first (its parties and admins). */
export function useOrderDisputes(orderId: string, enabled = true) {
  return useQuery({
    queryKey: disputeKeys.ofOrder(orderId),
    queryFn: ({ signal }) => call(disputeRoutes.ofOrder, { params: { id: orderId }, signal }),
    select: (d) => d.items,
    enabled,
  });
}

export const useOpenDispute = (orderId: string) =>
  useOrderStep<OpenDisputeInput>(orderId, (t) => ({
    route: orderTransitionRoutes.openDispute,
    success: { title: t('disputes.opened'), description: t('disputes.openedDescription') },
    failed: t('disputes.openFailed'),
    alsoRefresh: [disputeKeys.all],
  }));

export const useWithdrawDispute = (orderId: string) =>
  useOrderStep<void>(orderId, (t) => ({
    route: orderTransitionRoutes.withdrawDispute,
    success: { title: t('disputes.withdrawn') },
    failed: t('disputes.withdrawFailed'),
    alsoRefresh: [disputeKeys.all],
  }));

/** Admin: the queue, open first and oldest first. */
export function useDisputeQueue(status: 'open' | 'closed' | 'all') {
  return useQuery({
    queryKey: disputeKeys.queue(status),
    queryFn: ({ signal }) => call(disputeRoutes.adminList, { query: { status }, signal }),
    select: (d) => d.items,
  });
}

export function useAdminDispute(id: string) {
  return useQuery({
    queryKey: disputeKeys.one(id),
    queryFn: ({ signal }) => call(disputeRoutes.adminDetail, { params: { id }, signal }),
  });
}

export type Decision = { how: 'release' | 'refund'; decision: string } | ({ how: 'split' } & ResolveSplitInput);

/** Admin: decide a dispute; the bank moves the money before the answer comes back. */
export const useResolveDispute = (orderId: string) =>
  useOrderStep<Decision>(orderId, (t) => ({
    run: (d) =>
      d.how === 'split'
        ? call(orderTransitionRoutes.resolveSplit, {
            params: { id: orderId },
            body: { decision: d.decision, influencerAmountMinor: d.influencerAmountMinor },
          })
        : call(d.how === 'release' ? orderTransitionRoutes.resolveRelease : orderTransitionRoutes.resolveRefund, {
            params: { id: orderId },
            body: { decision: d.decision },
          }),
    success: { title: t('disputes.admin.resolved') },
    failed: t('disputes.admin.resolveFailed'),
    alsoRefresh: [disputeKeys.all],
  }));
