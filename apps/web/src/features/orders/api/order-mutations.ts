import { WORK_MESSAGES } from '@app/shared/orders/order.constants';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import type { RateInput, RejectWorkInput, SubmitWorkInput } from '@app/shared/orders/order.schemas';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { ApiError, call } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';
import { offerPush } from '@/lib/push-offer-event';
import type { TFunction } from '@/lib/translator';
import { useTranslation } from '@/lib/use-translation';
import { orderKeys } from './use-orders';

const SAID_IN_THE_DIALOG = new Set(['PAYMENT_CONFIRMATION_FAILED', 'APPROVAL_IN_PROGRESS']);

type Route = (typeof orderTransitionRoutes)[keyof typeof orderTransitionRoutes] | typeof orderRoutes.rate;
type Step<B> = {
  /** The endpoint (its shared contract), called with the order's id and the body; or `run` when it depends on it. */
  route?: Route;
  run?: (body: B) => Promise<unknown>;
  success: { title: string; description?: string };
  /** The spec's words when it fails (spec §8). */
  failed: string;
  /** Queries besides the campaign's and the orders' that show this step (a dispute's, say). */
  alsoRefresh?: readonly QueryKey[];
};

/**
 * One step of an order (a transition of its machine): on success and on failure the campaign screens, Orders and
 * whatever else shows the step are asked again (the server's word); a toast says what happened, or the spec's message
 * with the server's reason when a person can act on it. Field errors stay under their fields (the dialog shows them).
 */
export function useOrderStep<B>(orderId: string, step: (t: TFunction) => Step<B>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const s = step(t);
  const refresh = () => {
    for (const queryKey of [['campaigns'], orderKeys.all, ...(s.alsoRefresh ?? [])]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return useMutation({
    mutationFn: (body: B) =>
      s.run ? s.run(body) : call(s.route as typeof orderRoutes.rate, { params: { id: orderId }, body: body as never }),
    onSuccess: () => {
      refresh();
      toast({ ...s.success, variant: 'success' });
      offerPush();
    },
    onError: (error) => {
      refresh();
      if (hasFieldErrors(error)) return;
      // A refused capture is said inside the review dialog, as a warning beside the Approve it blocked (spec §7); so
      // is a capture the bank is still confirming (issue 21 §4), which is no failure.
      if (error instanceof ApiError && SAID_IN_THE_DIALOG.has(error.code)) return;
      toast({ title: s.failed, description: failureReason(error), variant: 'destructive' });
    },
  });
}

export const useStartWork = (orderId: string) =>
  useOrderStep<void>(orderId, (t) => ({
    route: orderTransitionRoutes.startWork,
    success: { title: t('work.started'), description: t('work.startedDescription') },
    failed: WORK_MESSAGES.startFailed,
  }));

export const useSubmitWork = (orderId: string) =>
  useOrderStep<SubmitWorkInput>(orderId, (t) => ({
    route: orderTransitionRoutes.submitWork,
    success: { title: t('work.submitted'), description: t('work.submittedDescription') },
    failed: WORK_MESSAGES.completeFailed,
  }));

export const useApproveWork = (orderId: string) =>
  useOrderStep<void>(orderId, (t) => ({
    route: orderTransitionRoutes.approve,
    success: { title: t('work.approved'), description: t('work.approvedDescription') },
    failed: WORK_MESSAGES.approvalFailed,
  }));

export const useRejectWork = (orderId: string) =>
  useOrderStep<RejectWorkInput>(orderId, (t) => ({
    route: orderTransitionRoutes.rejectWork,
    success: { title: t('work.rejected'), description: t('work.rejectedDescription') },
    failed: WORK_MESSAGES.approvalFailed,
  }));

export const useCancelOrder = (orderId: string) =>
  useOrderStep<void>(orderId, (t) => ({
    route: orderTransitionRoutes.cancel,
    success: { title: t('work.canceled'), description: t('work.canceledDescription') },
    failed: t('work.cancelFailed'),
  }));

export const useRateOrder = (orderId: string) =>
  useOrderStep<RateInput>(orderId, (t) => ({
    route: orderRoutes.rate,
    success: { title: t('work.rated') },
    failed: WORK_MESSAGES.ratingFailed,
  }));
