import { formatIban } from '@app/shared/payouts/iban';
import { CircleAlert, Landmark, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useGel } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useEarnings, useIban } from '../api/use-payouts';
import { IbanForm } from './iban-form';

const EarningsChart = lazy(() => import('./earnings-chart'));

/**
 * Settings → Payment Methods for influencers (spec §2, §5): the IBAN payouts go to, and what they have earned (paid
 * out, pending payout, in review) with the last six months.
 */
export function PayoutsSection() {
  return (
    <div className="grid gap-4">
      <IbanCard />
      <EarningsCard />
    </div>
  );
}

function IbanCard() {
  const { t } = useTranslation();
  const iban = useIban();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Landmark className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-0.5">
            <h2 className="font-semibold">{t('payouts.iban.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('payouts.iban.description')}</p>
          </div>
        </div>
        {iban.isPending ? (
          <Skeleton className="h-10" />
        ) : iban.isError ? (
          <ErrorState
            title={t('payouts.iban.loadFailed')}
            description={iban.error.message}
            onRetry={() => void iban.refetch()}
            retrying={iban.isFetching}
          />
        ) : iban.data && !editing ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 p-3">
            <div className="grid gap-0.5">
              <span className="text-xs text-muted-foreground">{t('payouts.iban.current')}</span>
              <span className="font-mono text-base font-semibold tracking-wide" data-testid="saved-iban">
                {formatIban(iban.data)}
              </span>
            </div>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('payouts.iban.change')}
            </Button>
          </div>
        ) : (
          <IbanForm
            initial={iban.data}
            onSaved={() => setEditing(false)}
            onCancel={iban.data ? () => setEditing(false) : undefined}
          />
        )}
      </CardContent>
    </Card>
  );
}

function EarningsCard() {
  const { t } = useTranslation();
  const gel = useGel();
  const earnings = useEarnings();
  if (earnings.isPending) return <Skeleton className="h-72" />;
  if (earnings.isError) {
    return (
      <ErrorState
        title={t('payouts.earnings.loadFailed')}
        description={earnings.error.message}
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  }
  const e = earnings.data;
  const nothing = e.paidOutMinor === 0 && e.pendingPayoutMinor === 0 && e.inReviewMinor === 0;
  return (
    <>
      {!e.hasIban && e.pendingPayoutMinor > 0 && (
        <div role="alert" className="flex gap-3 rounded-lg border border-warning/40 bg-warning-soft p-4 text-sm">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('payouts.iban.missingTitle')}</p>
            <p>{t('payouts.iban.missingDescription', { amount: gel(e.pendingPayoutMinor) })}</p>
          </div>
        </div>
      )}
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-0.5">
            <h2 className="font-semibold">{t('payouts.earnings.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('payouts.earnings.description')}</p>
          </div>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Stat label={t('payouts.earnings.paidOut')} value={gel(e.paidOutMinor)} tone="text-success" />
            <Stat label={t('payouts.earnings.pending')} value={gel(e.pendingPayoutMinor)} tone="text-primary" />
            <Stat
              label={t('payouts.earnings.inReview')}
              value={gel(e.inReviewMinor)}
              hint={t('payouts.earnings.inReviewHint')}
            />
          </dl>
          {nothing ? (
            <p className="text-sm text-muted-foreground">{t('payouts.earnings.empty')}</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-56" />}>
              <EarningsChart
                months={e.months}
                labels={{
                  paidOut: t('payouts.earnings.paidOut'),
                  pending: t('payouts.earnings.pending'),
                  chart: t('payouts.earnings.chartLabel'),
                }}
              />
            </Suspense>
          )}
          {e.commissionBps > 0 && (
            <p className="text-xs text-muted-foreground">
              {t('payouts.earnings.commission', {
                rate: `${(e.commissionBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`,
              })}
            </p>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Stat({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border border-border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={`text-lg font-bold tabular-nums ${tone ?? ''}`}>{value}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/** Wizard-2 'Payment Setup' (spec §2): the IBAN can be added right here; it can also wait for Settings. */
export function WizardIban() {
  const { t } = useTranslation();
  const iban = useIban();
  const [editing, setEditing] = useState(false);
  if (iban.isPending) return <Skeleton className="h-24" />;
  if (iban.data && !editing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-success/30 bg-success-soft p-4">
        <div className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">{t('payouts.iban.current')}</span>
          <span className="font-mono font-semibold tracking-wide" data-testid="saved-iban">
            {formatIban(iban.data)}
          </span>
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('payouts.iban.change')}
        </Button>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-border p-4">
      <IbanForm
        initial={iban.data}
        onSaved={() => setEditing(false)}
        onCancel={iban.data ? () => setEditing(false) : undefined}
      />
    </div>
  );
}
