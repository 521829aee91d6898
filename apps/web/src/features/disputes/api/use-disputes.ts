import { disputeRoutes } from '@app/shared/disputes/dispute.routes';
import type { OpenDisputeInput, ResolveSplitInput } from '@app/shared/disputes/dispute.schemas';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';

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

/** After any dispute step the order's screens ask again: the campaign, Orders, the disputes. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
  };
}

export function useOpenDispute(orderId: string) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OpenDisputeInput) => call(orderTransitionRoutes.openDispute, { params: { id: orderId }, body }),
    onSuccess: () => {
      refresh();
      toast({ title: t('disputes.opened'), description: t('disputes.openedDescription'), variant: 'success' });
    },
    onError: (error) => {
      refresh();
      if (hasFieldErrors(error)) return;
      toast({ title: t('disputes.openFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}

export function useWithdrawDispute(orderId: string) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(orderTransitionRoutes.withdrawDispute, { params: { id: orderId } }),
    onSuccess: () => {
      refresh();
      toast({ title: t('disputes.withdrawn'), variant: 'success' });
    },
    onError: (error) => {
      refresh();
      toast({ title: t('disputes.withdrawFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}

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
export function useResolveDispute(orderId: string) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (d: Decision) =>
      d.how === 'split'
        ? call(orderTransitionRoutes.resolveSplit, {
            params: { id: orderId },
            body: { decision: d.decision, influencerAmountMinor: d.influencerAmountMinor },
          })
        : call(d.how === 'release' ? orderTransitionRoutes.resolveRelease : orderTransitionRoutes.resolveRefund, {
            params: { id: orderId },
            body: { decision: d.decision },
          }),
    onSuccess: () => {
      refresh();
      toast({ title: t('disputes.admin.resolved'), variant: 'success' });
    },
    onError: (error) => {
      refresh();
      if (hasFieldErrors(error)) return;
      toast({ title: t('disputes.admin.resolveFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}
