import { CircleCheckBig, MessageSquareWarning } from 'lucide-react';
import { useDates } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import type { WorkOrder } from './work-order';

/** A sentence on where things stand for this viewer: the review window, the client's feedback, the approval. */
export function StageNote({ order, viewer }: { order: WorkOrder; viewer: 'client' | 'influencer' }) {
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
