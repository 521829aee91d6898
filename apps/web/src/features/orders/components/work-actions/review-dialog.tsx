import { WORK_MESSAGES } from '@app/shared/orders/order.constants';
import type { RejectWorkInput } from '@app/shared/orders/order.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, MessageCircle, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useApproveWork, useRejectWork } from '../../api/order-mutations';
import { orderKeys } from '../../api/use-orders';
import { ProofCheckMark } from './proof-check-mark';
import type { Place, WorkOrder } from './work-order';

const resolver = lazyZodResolver<RejectWorkInput>(() =>
  import('@app/shared/orders/order.schemas').then((m) => m.rejectWorkInput),
);

/** How often a screen waiting for the bank's word on an approval asks for the order again. */
const CONFIRMING_REFRESH_MS = 3_000;

/**
 * Spec §2 Review & Approve: the proof and notes, then Approve (captures the payment) or send it back with feedback.
 * review-button.tsx's dialog, with the form's code: loaded when first opened (lazyUntilOpen).
 */
export function ReviewDialog({
  order,
  place,
  open,
  onOpenChange,
}: {
  order: WorkOrder;
  place: Place;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  // Spec §7: a failed payment confirmation in the review dialog warns (here, in the dialog) and approves nothing.
  const [captureFailed, setCaptureFailed] = useState(false);
  // The bank's word on the capture is not in yet (a lost answer): the server settles it from the bank's receipt
  // within seconds; the screen says so and asks again until the order shows the outcome (issue 21 §4).
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    }, CONFIRMING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [confirming, queryClient]);
  const approve = useApproveWork(order.id);
  const reject = useRejectWork(order.id);
  const busy = approve.isPending || reject.isPending;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RejectWorkInput>({ resolver, defaultValues: { feedback: '' } });
  const close = () => {
    onOpenChange(false);
    setRejecting(false);
    setCaptureFailed(false);
    setConfirming(false);
    reset();
  };
  const approveNow = () => {
    setCaptureFailed(false);
    setConfirming(false);
    approve.mutate(undefined, {
      onSuccess: close,
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : null;
        setCaptureFailed(code === 'PAYMENT_CONFIRMATION_FAILED');
        setConfirming(code === 'APPROVAL_IN_PROGRESS');
      },
    });
  };
  const sendBack = handleSubmit((values) =>
    reject.mutate(values, {
      onSuccess: close,
      onError: (error) => applyServerFieldErrors(error, setError, ['feedback']),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('work.reviewTitle')}</DialogTitle>
          <DialogDescription>{t('work.reviewDescription')}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 rounded-lg border border-border p-4 text-sm">
          <div className="grid gap-1">
            <dt className="text-xs text-muted-foreground">{t('work.proofUrl')}</dt>
            <dd>
              {order.proofUrl ? (
                <a
                  href={order.proofUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium break-all text-primary underline-offset-4 hover:underline"
                >
                  <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                  {order.proofUrl}
                  <span className="sr-only"> {t('common.opensInNewTab')}</span>
                </a>
              ) : (
                '—'
              )}
            </dd>
            {order.proofCheck && (
              <dd>
                <ProofCheckMark check={order.proofCheck} />
              </dd>
            )}
          </div>
          <div className="grid gap-1">
            <dt className="text-xs text-muted-foreground">{t('work.notes')}</dt>
            <dd className="break-words whitespace-pre-line">{order.completionNotes || t('work.noNotes')}</dd>
          </div>
        </dl>
        {rejecting ? (
          <form noValidate onSubmit={sendBack} className="grid gap-4" aria-label={t('work.rejectTitle')}>
            <Field label={t('work.feedback')} error={errors.feedback?.message} required hint={t('work.feedbackHint')}>
              {(p) => <Textarea {...p} rows={3} autoFocus {...register('feedback')} />}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRejecting(false)} disabled={busy}>
                {t('common.back')}
              </Button>
              <Button type="submit" variant="destructive" loading={reject.isPending}>
                {t('work.sendBack')}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <DialogFooter>
            {place === 'chat' ? (
              <Button variant="ghost" onClick={close} disabled={busy}>
                <MessageCircle aria-hidden="true" />
                {t('work.chat')}
              </Button>
            ) : (
              order.chatId && (
                <Button asChild variant="ghost">
                  <Link to={paths.chat.href(order.chatId)}>
                    <MessageCircle aria-hidden="true" />
                    {t('work.chat')}
                  </Link>
                </Button>
              )
            )}
            <Button variant="outline" onClick={() => setRejecting(true)} disabled={busy}>
              <X aria-hidden="true" />
              {t('work.reject')}
            </Button>
            <Button onClick={approveNow} loading={approve.isPending}>
              {t('work.approve')}
            </Button>
          </DialogFooter>
        )}
        {captureFailed && (
          <p
            role="alert"
            className="flex gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm font-medium"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            {WORK_MESSAGES.captureFailed}
          </p>
        )}
        {confirming && (
          <p role="status" className="flex gap-2 rounded-lg border border-border bg-muted p-3 text-sm font-medium">
            <Spinner className="mt-0.5 size-4 shrink-0" />
            {WORK_MESSAGES.approvalInProgress}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t('work.approveExplained')}</p>
      </DialogContent>
    </Dialog>
  );
}
