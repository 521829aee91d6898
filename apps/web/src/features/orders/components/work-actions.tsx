import type { OrderSummary } from '@app/shared/campaigns/campaign.schemas';
import {
  RATING_LABELS,
  type RateInput,
  type RejectWorkInput,
  rateInput,
  rejectWorkInput,
  type SubmitWorkInput,
  submitWorkInput,
  WORK_MESSAGES,
} from '@app/shared/orders/order.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleCheckBig,
  ExternalLink,
  MessageCircle,
  MessageSquareWarning,
  Play,
  Send,
  Star,
  TriangleAlert,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Stars } from '@/components/star-rating';
import { Button } from '@/components/ui/button';
import {
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useDates } from '@/lib/format';
import {
  useApproveWork,
  useCancelOrder,
  useRateOrder,
  useRejectWork,
  useStartWork,
  useSubmitWork,
} from '../api/order-mutations';
import { orderKeys } from '../api/use-orders';

/** How often a screen waiting for the bank's word on an approval asks for the order again. */
const CONFIRMING_REFRESH_MS = 3_000;

/** What the work steps need of an order: the campaign's summary has all of it, an Orders row most of it. */
export type WorkOrder = Pick<OrderSummary, 'id' | 'stage' | 'actions' | 'approvalFeedback'> &
  Partial<
    Pick<OrderSummary, 'proofUrl' | 'completionNotes' | 'reviewDeadlineAt' | 'approvedAt' | 'myRating' | 'chatId'>
  >;

/** Where the steps are drawn: a panel (campaign, Orders) stacks them; the chat's order bar lines them up small. */
type Place = 'panel' | 'chat';

/**
 * The order's next steps for this viewer (issue 10, spec §2 actions): one implementation for the campaign page, the
 * Orders page and (later) the chat. The buttons are the server's `actions`; the server refuses anything else.
 */
export function WorkActions({
  order,
  viewer,
  counterpart,
  place = 'panel',
}: {
  order: WorkOrder;
  viewer: 'client' | 'influencer';
  /** Whom the viewer rates ("Rate Giorgi"). */
  counterpart: string;
  place?: Place;
}) {
  const { t } = useTranslation();
  const has = (a: OrderSummary['actions'][number]) => order.actions.includes(a);
  const size = place === 'chat' ? 'sm' : 'default';
  return (
    <div className={place === 'chat' ? 'flex flex-wrap items-center gap-2' : 'grid gap-3'}>
      <StageNote order={order} viewer={viewer} />
      {has('startWork') && <StartWorkButton orderId={order.id} size={size} />}
      {has('submitWork') && (
        <SubmitWorkButton orderId={order.id} again={order.stage === 'changes_requested'} size={size} />
      )}
      {has('approve') && <ReviewButton order={order} place={place} />}
      {has('rate') && <RateButton orderId={order.id} counterpart={counterpart} size={size} />}
      {order.myRating && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('work.yourRating')} <Stars average={order.myRating.rating} size="sm" />
        </p>
      )}
      {has('cancel') && <CancelButton orderId={order.id} size={size} />}
    </div>
  );
}

type Size = 'sm' | 'default';

/** A sentence on where things stand for this viewer: the review window, the client's feedback, the approval. */
function StageNote({ order, viewer }: { order: WorkOrder; viewer: 'client' | 'influencer' }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (order.stage === 'changes_requested' && order.approvalFeedback) {
    return (
      <div className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
        <MessageSquareWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('work.feedbackTitle')}</p>
          <p className="break-words whitespace-pre-line">{order.approvalFeedback}</p>
        </div>
      </div>
    );
  }
  if (order.stage === 'in_review' && order.reviewDeadlineAt) {
    const date = dates.day(order.reviewDeadlineAt);
    return (
      <p className="text-sm text-muted-foreground">
        {viewer === 'client' ? t('work.reviewBy', { date }) : t('work.waitingForReview', { date })}
      </p>
    );
  }
  if (order.stage === 'approved') {
    return (
      <p className="flex items-center gap-2 text-sm">
        <CircleCheckBig className="size-4 text-success" aria-hidden="true" />
        {order.approvedAt ? t('work.approvedOn', { date: dates.day(order.approvedAt) }) : t('work.approvedNote')}
      </p>
    );
  }
  if (order.stage === 'ready_to_start' && viewer === 'client') {
    return <p className="text-sm text-muted-foreground">{t('work.waitingForStart')}</p>;
  }
  if (order.stage === 'in_progress' && viewer === 'client') {
    return <p className="text-sm text-muted-foreground">{t('work.inProgressNote')}</p>;
  }
  return null;
}

function StartWorkButton({ orderId, size }: { orderId: string; size: Size }) {
  const { t } = useTranslation();
  const start = useStartWork(orderId);
  return (
    <Button size={size} onClick={() => start.mutate()} loading={start.isPending}>
      <Play aria-hidden="true" />
      {t('work.start')}
    </Button>
  );
}

function SubmitWorkButton({ orderId, again, size }: { orderId: string; again: boolean; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submit = useSubmitWork(orderId);
  const form = useForm<SubmitWorkInput>({
    resolver: zodResolver(submitWorkInput) as never,
    defaultValues: { proofUrl: '', completionNotes: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        reset();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['proofUrl', 'completionNotes']),
    }),
  );
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {again ? t('work.submitAgain') : t('work.submit')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !submit.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('work.submitTitle')}</DialogTitle>
            <DialogDescription>{t('work.submitDescription')}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('work.submitTitle')}>
            <Field label={t('work.proofUrl')} error={errors.proofUrl?.message} required hint={t('work.proofUrlHint')}>
              {(p) => <Input {...p} type="url" inputMode="url" autoComplete="url" {...register('proofUrl')} />}
            </Field>
            <Field label={t('work.notes')} labelSuffix={t('common.optional')} error={errors.completionNotes?.message}>
              {(p) => <Textarea {...p} rows={3} {...register('completionNotes')} />}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={submit.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={submit.isPending}>
                {t('work.submitButton')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Spec §2 Review & Approve: the proof and notes, then Approve (captures the payment) or send it back with feedback. */
function ReviewButton({ order, place }: { order: WorkOrder; place: Place }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
  } = useForm<RejectWorkInput>({ resolver: zodResolver(rejectWorkInput) as never, defaultValues: { feedback: '' } });
  const close = () => {
    setOpen(false);
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
    <>
      <Button size={place === 'chat' ? 'sm' : 'default'} onClick={() => setOpen(true)}>
        <CircleCheckBig aria-hidden="true" />
        {t('work.review')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !busy && (next ? setOpen(true) : close())}>
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
    </>
  );
}

/** Spec §5 rating: 1-5 stars labelled Poor … Excellent, an optional comment. */
function RateButton({ orderId, counterpart, size }: { orderId: string; counterpart: string; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rate = useRateOrder(orderId);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const parsed = rateInput.safeParse({ rating: stars, comment } satisfies RateInput);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    rate.mutate({ rating: stars, comment }, { onSuccess: () => setOpen(false) });
  };
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Star aria-hidden="true" />
        {t('work.rate', { name: counterpart })}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !rate.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('work.rateTitle', { name: counterpart })}</DialogTitle>
            <DialogDescription>{t('work.rateDescription')}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('work.stars')}</legend>
            <div className="flex flex-wrap gap-1">
              {RATING_LABELS.map((label, i) => {
                const value = i + 1;
                return (
                  <label
                    key={label}
                    className="relative rounded-md p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input
                      type="radio"
                      name="rating-stars"
                      value={value}
                      checked={stars === value}
                      aria-label={`${value} – ${label}`}
                      onChange={() => {
                        setStars(value);
                        setError(null);
                      }}
                      className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                    />
                    <Star
                      aria-hidden="true"
                      className={cn('size-8', value <= stars ? 'fill-warning text-warning' : 'text-muted-foreground')}
                    />
                  </label>
                );
              })}
            </div>
            <p className="text-sm font-medium" aria-live="polite">
              {stars > 0 ? RATING_LABELS[stars - 1] : t('work.chooseStars')}
            </p>
            {error && <p className="text-sm text-destructive">{error}</p>}
          </fieldset>
          <Field label={t('work.comment')} labelSuffix={t('common.optional')}>
            {(p) => <Textarea {...p} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={rate.isPending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={send} loading={rate.isPending}>
              {t('work.sendRating')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function CancelButton({ orderId, size }: { orderId: string; size: Size }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(orderId);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        {t('work.cancel')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title={t('work.cancelTitle')}
        description={t('work.cancelConfirm')}
        confirmLabel={t('work.cancelButton')}
        destructive
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
