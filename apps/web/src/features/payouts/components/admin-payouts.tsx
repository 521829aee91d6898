import { isLanguage } from '@app/shared/i18n/language';
import { formatIban } from '@app/shared/payouts/iban';
import type { PayoutBatchDetail, PayoutBatchSummary } from '@app/shared/payouts/payout.schemas';
import { ArrowLeft, Banknote, CircleCheckBig, Download, Play, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatMonth, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { transferFileUrl, useMarkPaid, usePayoutBatch, usePayoutBatches, useRunPayouts } from '../api/use-payouts';

/** A batch's month ("November 2026", "ნოემბერი, 2026"), the same wherever the reader is. */
const monthOf = (period: string, language: string) =>
  formatMonth(`${period}T00:00:00Z`, 'UTC', isLanguage(language) ? language : 'en');

function StatusBadge({ status }: { status: PayoutBatchSummary['status'] }) {
  const { t } = useTranslation();
  return status === 'paid' ? (
    <Badge variant="success">
      <CircleCheckBig aria-hidden="true" />
      {t('payouts.admin.paid')}
    </Badge>
  ) : (
    <Badge variant="warning">
      <Wallet aria-hidden="true" />
      {t('payouts.admin.open')}
    </Badge>
  );
}

/** /admin/payouts: the batches newest first; run one now (after asking). */
export function AdminPayouts() {
  const { t, i18n } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const batches = usePayoutBatches();
  const run = useRunPayouts();
  const [asking, setAsking] = useState(false);
  const items = batches.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={t('payouts.admin.title')}
          description={t('payouts.admin.subtitle')}
          className="mb-0 sm:mb-0"
        />
        <Button onClick={() => setAsking(true)} loading={run.isPending}>
          <Play aria-hidden="true" />
          {t('payouts.admin.run')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => !run.isPending && setAsking(next)}
        title={t('payouts.admin.runConfirmTitle')}
        description={t('payouts.admin.runConfirm')}
        confirmLabel={t('payouts.admin.run')}
        loading={run.isPending}
        onConfirm={() => run.mutate(undefined, { onSettled: () => setAsking(false) })}
      />
      {batches.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : batches.isError ? (
        <ErrorState
          title={t('payouts.admin.loadFailed')}
          description={batches.error.message}
          onRetry={() => void batches.refetch()}
          retrying={batches.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Banknote}
          title={t('payouts.admin.empty')}
          description={t('payouts.admin.emptyDescription')}
        />
      ) : (
        <ul className="grid gap-3" aria-label={t('payouts.admin.title')}>
          {items.map((b) => (
            <li key={b.id}>
              <Link
                to={paths.adminPayout.href(b.id)}
                className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{monthOf(b.period, i18n.language)}</span>
                    <StatusBadge status={b.status} />
                  </div>
                  <span className="text-sm text-muted-foreground">
                    {t('payouts.admin.orderCount', { count: b.orderCount })} ·{' '}
                    {t('payouts.admin.influencerCount', { count: b.influencerCount })} ·{' '}
                    {b.paidAt
                      ? t('payouts.admin.paidOn', { date: dates.day(b.paidAt) })
                      : t('payouts.admin.createdOn', { date: dates.day(b.createdAt) })}
                  </span>
                </div>
                <div className="grid text-right">
                  <span className="text-xs text-muted-foreground">
                    {t(b.status === 'paid' ? 'payouts.admin.transferred' : 'payouts.admin.net')}
                  </span>
                  <span className="text-lg font-bold tabular-nums">{gel(b.netMinor)}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {batches.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void batches.fetchNextPage()}
          loading={batches.isFetchingNextPage}
        >
          {t('payouts.admin.loadMore')}
        </Button>
      )}
    </>
  );
}

/** /admin/payouts/:id: each influencer's transfer with its orders; the CSV; mark paid (once, after asking). */
export function AdminPayoutBatch({ id }: { id: string }) {
  const { t } = useTranslation();
  const batch = usePayoutBatch(id);
  return (
    <>
      <Link
        to={paths.adminPayouts.href()}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('payouts.admin.title')}
      </Link>
      {batch.isPending ? (
        <Skeleton className="h-64" />
      ) : batch.isError ? (
        <ErrorState
          title={t('payouts.admin.detailFailed')}
          description={batch.error.message}
          onRetry={() => void batch.refetch()}
          retrying={batch.isFetching}
        />
      ) : (
        <BatchDetail batch={batch.data} />
      )}
    </>
  );
}

function BatchDetail({ batch }: { batch: PayoutBatchDetail }) {
  const { t, i18n } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const mark = useMarkPaid(batch.id);
  const [asking, setAsking] = useState(false);
  const month = monthOf(batch.period, i18n.language);
  // A batch marked paid has been transferred: "To transfer" was no longer true (issue 27).
  const netLabel = batch.status === 'paid' ? 'payouts.admin.transferred' : 'payouts.admin.net';
  return (
    <>
      <PageHeader
        title={t('payouts.admin.detailTitle', { month })}
        description={
          batch.paidAt
            ? t('payouts.admin.paidOn', { date: dates.day(batch.paidAt) })
            : t('payouts.admin.createdOn', { date: dates.day(batch.createdAt) })
        }
        eyebrow={<StatusBadge status={batch.status} />}
      />
      <Card className="mb-4">
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Total label={t('payouts.admin.gross')} value={gel(batch.grossMinor)} />
            <Total label={t('payouts.admin.commission')} value={gel(batch.commissionMinor)} />
            <Total label={t(netLabel)} value={gel(batch.netMinor)} strong />
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={transferFileUrl(batch.id)} download>
                <Download aria-hidden="true" />
                {t('payouts.admin.download')}
              </a>
            </Button>
            {batch.status === 'open' && (
              <Button onClick={() => setAsking(true)} loading={mark.isPending}>
                <CircleCheckBig aria-hidden="true" />
                {t('payouts.admin.markPaid')}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => !mark.isPending && setAsking(next)}
        title={t('payouts.admin.markConfirmTitle')}
        description={t('payouts.admin.markConfirm', { amount: gel(batch.netMinor) })}
        confirmLabel={t('payouts.admin.markPaid')}
        loading={mark.isPending}
        onConfirm={() => mark.mutate(undefined, { onSettled: () => setAsking(false) })}
      />
      <ul className="grid gap-3" aria-label={t('payouts.admin.detailTitle', { month })}>
        {batch.payouts.map((p) => (
          <li key={p.id} className="rounded-xl border border-border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-0.5">
                <span className="font-semibold">{p.accountName}</span>
                <span className="font-mono text-sm tracking-wide text-muted-foreground">{formatIban(p.iban)}</span>
                <span className="text-xs text-muted-foreground">{p.influencer.email}</span>
              </div>
              <span className="text-lg font-bold tabular-nums">{gel(p.netMinor)}</span>
            </div>
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">{t('payouts.admin.orders')}</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    {t('payouts.admin.orders')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('payouts.admin.gross')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t(netLabel)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.items.map((i) => (
                  <tr key={i.orderId} className="border-t border-border">
                    <td className="py-1.5 pr-2">{i.campaignTitle}</td>
                    <td className="py-1.5 text-right tabular-nums">{gel(i.grossMinor)}</td>
                    <td className="py-1.5 text-right tabular-nums">{gel(i.netMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
    </>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="grid gap-0.5 rounded-lg border border-border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-xl font-bold tabular-nums' : 'text-lg font-semibold tabular-nums'}>{value}</dd>
    </div>
  );
}
