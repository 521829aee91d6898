import type { CancelProposalDto } from '@app/shared/orders/cancel-agreement.schemas';
import type { Stage } from '@app/shared/orders/order-machine';
import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { lazyUntilOpen } from '@/components/ui/lazy-dialog';
import { useDates, useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useAnswerCancel, useCancelProposals } from '../../api/cancel-agreement';
import type { Size } from './work-order';

type Viewer = 'client' | 'influencer';
/** Stages in which an order may carry a proposal: while work goes on, and the agreement that ended it. */
const MAY_HAVE_ONE: readonly Stage[] = ['in_progress', 'changes_requested', 'in_review', 'approved'];

/** The money of a proposal in words: what the influencer keeps, what goes back to the client's card. */
export function useSplitWords() {
  const { t } = useTranslation();
  const gel = useGel();
  return (influencerMinor: number, clientMinor: number) =>
    t('cancelAgreement.split', { influencer: gel(influencerMinor), client: gel(clientMinor) });
}

/**
 * The order's cancellation by agreement (issue 23 §2): an open proposal with Accept / Decline for the other party and
 * Withdraw for the proposer, or the agreement that ended the order. Nothing when there is neither.
 */
export function CancelProposalPanel({ orderId, stage, viewer }: { orderId: string; stage: Stage; viewer: Viewer }) {
  const list = useCancelProposals(orderId, MAY_HAVE_ONE.includes(stage));
  const open = list.data?.find((p) => p.status === 'open');
  if (open) return <OpenProposal proposal={open} viewer={viewer} />;
  const accepted = stage === 'approved' ? list.data?.find((p) => p.status === 'accepted') : undefined;
  return accepted ? <AcceptedProposal proposal={accepted} /> : null;
}

function OpenProposal({ proposal: p, viewer }: { proposal: CancelProposalDto; viewer: Viewer }) {
  const { t } = useTranslation();
  const dates = useDates();
  const split = useSplitWords();
  const [accepting, setAccepting] = useState(false);
  const accept = useAnswerCancel(p.orderId, 'accept');
  const decline = useAnswerCancel(p.orderId, 'decline');
  const withdraw = useAnswerCancel(p.orderId, 'withdraw');
  const who = p.proposedBy === viewer ? t('cancelAgreement.byYou') : t(`cancelAgreement.by.${p.proposedBy}`);
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  return (
    <section
      aria-labelledby={`cancel-proposal-${p.id}`}
      className="grid gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm"
    >
      <h3 id={`cancel-proposal-${p.id}`} className="flex items-center gap-2 font-semibold">
        <Handshake className="size-4 shrink-0 text-warning" aria-hidden="true" />
        {t('cancelAgreement.openHeading')}
      </h3>
      <p className="text-muted-foreground">{t('cancelAgreement.proposedBy', { who, date: dates.day(p.createdAt) })}</p>
      <p>{split(p.influencerAmountMinor, p.clientAmountMinor)}</p>
      <p className="text-muted-foreground">
        {p.canAnswer ? t('cancelAgreement.answerNote') : t('cancelAgreement.waitingNote')}
      </p>
      {(p.canAnswer || p.canWithdraw) && (
        <div className="flex flex-wrap gap-2">
          {p.canAnswer && (
            <>
              <Button size="sm" onClick={() => setAccepting(true)} disabled={busy}>
                {t('cancelAgreement.accept')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => decline.mutate()} loading={decline.isPending}>
                {t('cancelAgreement.decline')}
              </Button>
            </>
          )}
          {p.canWithdraw && (
            <Button size="sm" variant="outline" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
              {t('cancelAgreement.withdraw')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={accepting}
        onOpenChange={(next) => !accept.isPending && setAccepting(next)}
        title={t('cancelAgreement.acceptTitle')}
        description={t('cancelAgreement.acceptConfirm', {
          split: split(p.influencerAmountMinor, p.clientAmountMinor),
        })}
        confirmLabel={t('cancelAgreement.accept')}
        cancelLabel={t('work.keepOrder')}
        destructive
        loading={accept.isPending}
        onConfirm={() => accept.mutate(undefined, { onSettled: () => setAccepting(false) })}
      />
    </section>
  );
}

function AcceptedProposal({ proposal: p }: { proposal: CancelProposalDto }) {
  const { t } = useTranslation();
  const dates = useDates();
  const split = useSplitWords();
  return (
    <section
      aria-labelledby={`cancel-proposal-${p.id}`}
      className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm"
    >
      <h3 id={`cancel-proposal-${p.id}`} className="flex items-center gap-2 font-semibold">
        <Handshake className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('cancelAgreement.acceptedHeading')}
      </h3>
      {p.closedAt && (
        <p className="text-muted-foreground">{t('cancelAgreement.acceptedOn', { date: dates.day(p.closedAt) })}</p>
      )}
      <p>{split(p.influencerAmountMinor, p.clientAmountMinor)}</p>
    </section>
  );
}

// The dialog and its form (Radix, react-hook-form) arrive when first opened or once the page is idle (issue 28 §2).
const ProposeCancelDialog = lazyUntilOpen(() => import('./propose-cancel-dialog').then((m) => m.ProposeCancelDialog));

/** Propose to end the order by agreement, with the amount for the work done in GEL (0: everything back). */
export function ProposeCancelButton({
  orderId,
  amountMinor,
  size,
}: {
  orderId: string;
  amountMinor: number;
  size: Size;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const existing = useCancelProposals(orderId);
  // One open proposal per order: while there is one, the panel above answers it.
  if (existing.data?.some((p) => p.status === 'open')) return null;
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Handshake aria-hidden="true" />
        {t('cancelAgreement.propose')}
      </Button>
      <ProposeCancelDialog orderId={orderId} amountMinor={amountMinor} open={open} onOpenChange={setOpen} />
    </>
  );
}
