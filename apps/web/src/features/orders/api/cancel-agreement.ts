import type { ProposeCancelInput } from '@app/shared/orders/cancel-agreement.schemas';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useOrderStep } from './order-mutations';
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

export const useProposeCancel = (orderId: string) =>
  useOrderStep<ProposeCancelInput>(orderId, (t) => ({
    route: orderTransitionRoutes.proposeCancel,
    success: { title: t('cancelAgreement.proposed'), description: t('cancelAgreement.proposedDescription') },
    failed: t('cancelAgreement.proposeFailed'),
  }));

const ANSWERS = {
  accept: orderTransitionRoutes.acceptCancel,
  decline: orderTransitionRoutes.declineCancel,
  withdraw: orderTransitionRoutes.withdrawCancel,
} as const;

/** Accept or decline the other party's proposal, or withdraw one's own. */
export const useAnswerCancel = (orderId: string, how: keyof typeof ANSWERS) =>
  useOrderStep<void>(orderId, (t) => ({
    route: ANSWERS[how],
    success: { title: t(`cancelAgreement.done.${how}`) },
    failed: t(`cancelAgreement.failed.${how}`),
  }));

/** The client cancels once the deadline passed with no work submitted: the whole hold goes back. */
export const useCancelAfterDeadline = (orderId: string) =>
  useOrderStep<void>(orderId, (t) => ({
    route: orderTransitionRoutes.cancelAfterDeadline,
    success: { title: t('cancelAgreement.deadlineCanceled') },
    failed: t('cancelAgreement.deadlineFailed'),
  }));
