import { kaShortMonth } from '@app/shared/i18n/ka-format';
import { Banknote, CircleCheckBig, Landmark, Scale, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useMoney, useReconciliation } from '../api/use-admin';
import { Section } from './person-page';

const COLUMNS = [
  'heldMinor',
  'releasedMinor',
  'capturedMinor',
  'refundedMinor',
  'paidOutMinor',
  'commissionMinor',
] as const;

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "Nov 2026"; Georgian "ნოე. 2026". */
const monthName = (ym: string, language: string) => {
  const date = new Date(`${ym}-01T00:00:00Z`);
  return language === 'ka' ? `${kaShortMonth(date, 'UTC')} ${ym.slice(0, 4)}` : MONTH.format(date);
};

/** /admin/money: the ledger by month, the reconciliation against the bank (on request), the payouts. */
export function MoneyPage() {
  const { t, i18n } = useTranslation();
  const gel = useGel();
  const money = useMoney();
  const [checking, setChecking] = useState(false);
  const report = useReconciliation(checking);
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title={t('admin.money.title')} description={t('admin.money.subtitle')} className="mb-0 sm:mb-0" />
        <Button asChild variant="outline">
          <Link to={paths.adminPayouts.href()}>
            <Banknote aria-hidden="true" />
            {t('admin.money.payouts')}
          </Link>
        </Button>
      </div>
      <div className="grid gap-4">
        <Section title={t('admin.money.byMonth')}>
          {money.isPending ? (
            <Skeleton className="h-40" />
          ) : money.isError ? (
            <ErrorState
              title={t('admin.money.loadFailed')}
              description={money.error.message}
              onRetry={() => void money.refetch()}
              retrying={money.isFetching}
            />
          ) : money.data.months.length === 0 ? (
            <EmptyState
              icon={Landmark}
              title={t('admin.money.empty')}
              description={t('admin.money.emptyDescription')}
            />
          ) : (
            // Scrolls sideways on a phone, so a keyboard must reach it too (axe: scrollable-region-focusable).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so it can be scrolled
            <section className="-mx-2 overflow-x-auto px-2" aria-label={t('admin.money.byMonth')} tabIndex={0}>
              <table className="w-full min-w-[40rem] text-sm">
                <caption className="sr-only">{t('admin.money.byMonth')}</caption>
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      {t('admin.money.month')}
                    </th>
                    {COLUMNS.map((c) => (
                      <th key={c} scope="col" className="py-1 pl-2 text-right font-medium">
                        {t(`admin.money.columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {money.data.months.map((m) => (
                    <tr key={m.month} className="border-t border-border">
                      <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                        {monthName(m.month, i18n.language)}
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c} className="py-1.5 pl-2 text-right tabular-nums">
                          {gel(m[c])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </Section>

        <Section
          title={t('admin.money.reconciliation')}
          action={
            <Button
              variant="outline"
              size="sm"
              loading={report.isFetching}
              onClick={() => (checking ? void report.refetch() : setChecking(true))}
            >
              <Scale aria-hidden="true" />
              {checking ? t('admin.money.checkAgain') : t('admin.money.check')}
            </Button>
          }
        >
          {!checking ? (
            <p className="text-sm text-muted-foreground">{t('admin.money.checkHint')}</p>
          ) : report.isPending ? (
            <Skeleton className="h-24" />
          ) : report.isError ? (
            <ErrorState
              title={t('admin.money.checkFailed')}
              description={report.error.message}
              onRetry={() => void report.refetch()}
              retrying={report.isFetching}
            />
          ) : (
            <div className="grid gap-3" aria-live="polite">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {report.data.differences.length === 0 ? (
                  <Badge variant="success">
                    <CircleCheckBig aria-hidden="true" />
                    {t('admin.money.noDifferences')}
                  </Badge>
                ) : (
                  <Badge variant="destructive">
                    <TriangleAlert aria-hidden="true" />
                    {t('admin.money.differences', { count: report.data.differences.length })}
                  </Badge>
                )}
                <span className="text-muted-foreground">
                  {t('admin.money.checked', { count: report.data.checked })}
                  {report.data.unreadable > 0 && ` · ${t('admin.money.unreadable', { count: report.data.unreadable })}`}
                </span>
              </p>
              {report.data.differences.length > 0 && (
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('admin.money.differencesCaption')}</caption>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        {t('admin.money.payment')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('admin.money.field')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('admin.money.ours')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('admin.money.bank')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.differences.map((d) => (
                      <tr key={`${d.paymentId}-${d.field}`} className="border-t border-border">
                        <td className="py-1.5 pr-2 font-mono text-xs">{d.paymentId.slice(0, 8)}</td>
                        <td className="py-1.5 pr-2">{d.field}</td>
                        <td className="py-1.5 pr-2">{String(d.ours)}</td>
                        <td className="py-1.5">{String(d.bank)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          )}
        </Section>
      </div>
    </>
  );
}
