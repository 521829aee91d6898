import type { DisputeDto } from '@app/shared/disputes/dispute.schemas';
import type { Stage } from '@app/shared/orders/order-machine';
import { Gavel, Scale } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDates, useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useOrderDisputes, useWithdrawDispute } from '../api/use-disputes';

/** Stages after which an order may carry a dispute's story: while it is open, and the decision that ended it. */
const MAY_HAVE_ONE: readonly Stage[] = ['disputed', 'approved', 'refunded'];

/**
 * The order's dispute for one of its parties (issue 23 §1): while open, why and by whom, with Withdraw for the party
 * who opened it; once decided, the decision and the money each side got. Nothing when the order never had one.
 */
export function DisputePanel({
  orderId,
  stage,
  viewer,
}: {
  orderId: string;
  stage: Stage;
  viewer: 'client' | 'influencer';
}) {
  const list = useOrderDisputes(orderId, MAY_HAVE_ONE.includes(stage));
  const latest = list.data?.find((d) => d.status !== 'withdrawn');
  if (!latest) return null;
  return latest.status === 'open' ? (
    <OpenDispute dispute={latest} viewer={viewer} />
  ) : (
    <DecidedDispute dispute={latest} viewer={viewer} />
  );
}

function useOpenerWords(d: DisputeDto, viewer: 'client' | 'influencer') {
  const { t } = useTranslation();
  if (d.openedBy === viewer) return t('disputes.byYou');
  return t(`disputes.by.${d.openedBy}`);
}

function OpenDispute({ dispute: d, viewer }: { dispute: DisputeDto; viewer: 'client' | 'influencer' }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawDispute(d.orderId);
  const by = useOpenerWords(d, viewer);
  return (
    <section
      aria-labelledby={`dispute-${d.id}`}
      className="grid gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm"
    >
      <h3 id={`dispute-${d.id}`} className="flex items-center gap-2 font-semibold">
        <Scale className="size-4 shrink-0 text-warning" aria-hidden="true" />
        {t('disputes.openHeading')}
      </h3>
      <p className="text-muted-foreground">
        {t('disputes.openedBy', { who: by, date: dates.day(d.createdAt) })} · {t(`disputes.reasons.${d.reason}`)}
      </p>
      <p className="break-words whitespace-pre-line">{d.description}</p>
      <p className="text-muted-foreground">{t('disputes.openNote')}</p>
      {d.canWithdraw && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            {t('disputes.withdraw')}
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={(next) => !withdraw.isPending && setAsking(next)}
            title={t('disputes.withdrawTitle')}
            description={t('disputes.withdrawConfirm')}
            confirmLabel={t('disputes.withdraw')}
            loading={withdraw.isPending}
            onConfirm={() => withdraw.mutate(undefined, { onSettled: () => setAsking(false) })}
          />
        </div>
      )}
    </section>
  );
}

function DecidedDispute({ dispute: d, viewer }: { dispute: DisputeDto; viewer: 'client' | 'influencer' }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const toInfluencer = d.influencerAmountMinor ?? 0;
  const toClient = d.clientAmountMinor ?? 0;
  return (
    <section
      aria-labelledby={`dispute-${d.id}`}
      className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm"
    >
      <h3 id={`dispute-${d.id}`} className="flex items-center gap-2 font-semibold">
        <Gavel className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('disputes.decidedHeading')}
      </h3>
      {d.resolvedAt && (
        <p className="text-muted-foreground">{t('disputes.decidedOn', { date: dates.day(d.resolvedAt) })}</p>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{viewer === 'influencer' ? t('disputes.toYou') : t('disputes.toInfluencer')}</dt>
        <dd className="text-right font-semibold tabular-nums">{gel(toInfluencer)}</dd>
        <dt>{viewer === 'client' ? t('disputes.backToYourCard') : t('disputes.backToClient')}</dt>
        <dd className="text-right font-semibold tabular-nums">{gel(toClient)}</dd>
      </dl>
      {d.decision && (
        <blockquote className="border-l-2 border-primary/40 pl-3 break-words whitespace-pre-line">
          {d.decision}
        </blockquote>
      )}
    </section>
  );
}
