import type { OrderSummary } from '@app/shared/campaigns/campaign.schemas';
import { UserX } from 'lucide-react';
import { Stars } from '@/components/star-rating';
import { DisputePanel } from '@/features/disputes/components/dispute-panel';
import { OpenDisputeButton } from '@/features/disputes/components/open-dispute-button';
import { useTranslation } from '@/lib/use-translation';
import { CancelProposalPanel, ProposeCancelButton } from './work-actions/cancel-agreement';
import { CancelButton } from './work-actions/cancel-button';
import { DeadlineCancelButton } from './work-actions/deadline-cancel-button';
import { RateButton } from './work-actions/rate-button';
import { ReviewButton } from './work-actions/review-button';
import { StageNote } from './work-actions/stage-note';
import { StartWorkButton } from './work-actions/start-work-button';
import { SubmitWorkButton } from './work-actions/submit-work-button';
import type { Place, WorkOrder } from './work-actions/work-order';

// Each step is its own component in ./work-actions/; the order type stays importable from here.
export type { WorkOrder } from './work-actions/work-order';

/** Stages where nothing is left to resolve: a party who has left changes nothing there. */
const SETTLED = new Set<OrderSummary['stage']>(['approved', 'canceled', 'refunded', 'not_selected']);

/** The other party closed their account with this order open (issue 23 §2): support has taken it over. */
function CounterpartLeft({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm font-medium text-foreground"
    >
      <UserX className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      {t('work.counterpartLeft', { name })}
    </p>
  );
}

/**
 * The order's next steps for this viewer (issue 10, spec §2 actions): one implementation for the campaign page, the
 * Orders page and (later) the chat. The buttons are the server's `actions`; the server refuses anything else.
 */
export function WorkActions({
  order,
  viewer,
  counterpart,
  place = 'panel',
  agreement = false,
}: {
  order: WorkOrder;
  viewer: 'client' | 'influencer';
  /** Whom the viewer rates ("Rate Giorgi"). */
  counterpart: string;
  place?: Place;
  /**
   * Cancellation by agreement (issue 23 §2): the proposal and its answers, on the campaign page only (the Orders list
   * links there), so a list of orders asks for no proposals.
   */
  agreement?: boolean;
}) {
  const { t } = useTranslation();
  const has = (a: OrderSummary['actions'][number]) => order.actions.includes(a);
  const size = place === 'chat' ? 'sm' : 'default';
  return (
    <div className={place === 'chat' ? 'flex flex-wrap items-center gap-2' : 'grid gap-3'}>
      {order.counterpartDeactivated && !SETTLED.has(order.stage) && <CounterpartLeft name={counterpart} />}
      <StageNote order={order} viewer={viewer} />
      {place === 'panel' && <DisputePanel orderId={order.id} stage={order.stage} viewer={viewer} />}
      {agreement && <CancelProposalPanel orderId={order.id} stage={order.stage} viewer={viewer} />}
      {has('startWork') && <StartWorkButton orderId={order.id} size={size} />}
      {has('submitWork') && (
        <SubmitWorkButton
          orderId={order.id}
          again={order.stage === 'changes_requested'}
          size={size}
          previous={{ proofUrl: order.proofUrl ?? '', completionNotes: order.completionNotes ?? '' }}
        />
      )}
      {has('approve') && <ReviewButton order={order} place={place} />}
      {has('rate') && <RateButton orderId={order.id} counterpart={counterpart} size={size} />}
      {order.myRating && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('work.yourRating')} <Stars average={order.myRating.rating} size="sm" />
        </p>
      )}
      {has('cancel') && <CancelButton orderId={order.id} size={size} />}
      {has('cancelAfterDeadline') && <DeadlineCancelButton orderId={order.id} size={size} />}
      {has('openDispute') && <OpenDisputeButton orderId={order.id} size={size} />}
      {agreement && has('proposeCancel') && order.amountMinor !== undefined && (
        <ProposeCancelButton orderId={order.id} amountMinor={order.amountMinor} size={size} />
      )}
    </div>
  );
}
