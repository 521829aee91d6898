import type { ProposeCancelInput } from '@app/shared/orders/cancel-agreement.schemas';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';
import { orderKeys } from './use-orders';

/** Under the orders' key: the live 'order.changed' frame (every step is a transition) fetches them again. */
export const cancelProposalKeys = {
  ofOrder: (orderId: string) => [...orderKeys.all, 'cancel-proposals', orderId] as const,
};

/** The order's cancellation proposals, newest first (issue 23 §2). */
export function useCancelProposals(orderId: string, enabled = true) {
  return useQuery({
    queryKey: cancelProposalKeys.ofOrder(orderId),
    queryFn: ({ signal }) => call(orderRoutes.cancelProposals, { params: { id: orderId }, signal }),
    select: (d) => d.items,
    enabled,
  });
}

/** After each step the campaign (its order and buttons) and the orders' queries ask the server again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}

export function useProposeCancel(orderId: string) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProposeCancelInput) =>
      call(orderTransitionRoutes.proposeCancel, { params: { id: orderId }, body }),
    onSuccess: () => {
      refresh();
      toast({
        title: t('cancelAgreement.proposed'),
        description: t('cancelAgreement.proposedDescription'),
        variant: 'success',
      });
    },
    onError: (error) => {
      refresh();
      if (hasFieldErrors(error)) return;
      toast({ title: t('cancelAgreement.proposeFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}

const ANSWERS = {
  accept: orderTransitionRoutes.acceptCancel,
  decline: orderTransitionRoutes.declineCancel,
  withdraw: orderTransitionRoutes.withdrawCancel,
} as const;

/** Accept or decline the other party's proposal, or withdraw one's own. */
export function useAnswerCancel(orderId: string, how: keyof typeof ANSWERS) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(ANSWERS[how], { params: { id: orderId } }),
    onSuccess: () => {
      refresh();
      toast({ title: t(`cancelAgreement.done.${how}`), variant: 'success' });
    },
    onError: (error) => {
      refresh();
      toast({ title: t(`cancelAgreement.failed.${how}`), description: failureReason(error), variant: 'destructive' });
    },
  });
}

/** The client cancels once the deadline passed with no work submitted: the whole hold goes back. */
export function useCancelAfterDeadline(orderId: string) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(orderTransitionRoutes.cancelAfterDeadline, { params: { id: orderId } }),
    onSuccess: () => {
      refresh();
      toast({ title: t('cancelAgreement.deadlineCanceled'), variant: 'success' });
    },
    onError: (error) => {
      refresh();
      toast({ title: t('cancelAgreement.deadlineFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
}
