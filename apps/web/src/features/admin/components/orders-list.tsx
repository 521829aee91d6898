import { STAGES } from '@app/shared/orders/order-machine';
import { Package, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { QueryList, RowLink } from '@/components/query-list';
import { StageBadge } from '@/components/stage-badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { controlClasses, Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDates, useGel } from '@/lib/format';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useAdminOrders } from '../api/use-admin';

/** An order has every stage but `open` (a campaign with no live order). */
const ORDER_STAGES = STAGES.filter((s) => s !== 'open');
const amountParam = (v: string | null) => (v && /^\d{1,7}$/.test(v) ? Number(v) : undefined);

/** /admin/orders: search (campaign or either party), stage, amount in GEL; a person's orders with `party`. */
export function OrdersList() {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const filter = {
    q: params.get('q') || undefined,
    stage: ORDER_STAGES.find((s) => s === params.get('stage')),
    party: params.get('party') || undefined,
    campaignId: params.get('campaignId') || undefined,
    minAmount: amountParam(params.get('minAmount')),
    maxAmount: amountParam(params.get('maxAmount')),
  };
  const [text, setText] = useState(filter.q ?? '');
  const [min, setMin] = useState(filter.minAmount?.toString() ?? '');
  const [max, setMax] = useState(filter.maxAmount?.toString() ?? '');
  const orders = useAdminOrders(filter);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: text.trim() || undefined, minAmount: min.trim() || undefined, maxAmount: max.trim() || undefined });
  };

  return (
    <>
      <PageHeader title={t('admin.orders.title')} description={t('admin.orders.subtitle')} />
      <form onSubmit={search} className="mb-4 grid gap-3">
        <div className="flex gap-2">
          <Field label={t('admin.orders.search')} className="min-w-0 flex-1">
            {(control) => (
              <Input
                {...control}
                type="search"
                value={text}
                placeholder={t('admin.orders.searchPlaceholder')}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="self-end" aria-label={t('admin.people.searchButton')}>
            <Search aria-hidden="true" />
            <span className="hidden sm:inline">{t('admin.people.searchButton')}</span>
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label={t('admin.orders.stage')} className="col-span-2 sm:col-span-1">
            {(control) => (
              <select
                {...control}
                className={cn(controlClasses, 'h-11 md:h-10')}
                value={filter.stage ?? ''}
                onChange={(e) => apply({ stage: e.target.value || undefined })}
              >
                <option value="">{t('admin.filters.any')}</option>
                {ORDER_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('admin.orders.minAmount')}>
            {(control) => (
              <Input {...control} inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
            )}
          </Field>
          <Field label={t('admin.orders.maxAmount')}>
            {(control) => (
              <Input {...control} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
            )}
          </Field>
        </div>
        {(filter.party || filter.campaignId) && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {filter.party ? t('admin.orders.partyFilter') : t('admin.orders.campaignFilter')}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={() => apply({ party: undefined, campaignId: undefined })}
            >
              {t('admin.orders.clearFilter')}
            </Button>
          </p>
        )}
      </form>
      <QueryList
        query={orders}
        items={items}
        label={t('admin.orders.title')}
        loadFailed={t('admin.orders.loadFailed')}
        empty={{ icon: Package, title: t('admin.orders.empty'), description: t('admin.orders.emptyDescription') }}
      >
        {(o) => (
          <li key={o.id}>
            <RowLink to={paths.adminOrder.href(o.id)}>
              {/* A phone gives the title the whole first line; the stage and amount follow. */}
              <div className="grid w-full min-w-0 gap-0.5 sm:w-auto sm:flex-1">
                <span className="truncate font-semibold">{o.campaign.title}</span>
                <span className="truncate text-sm text-muted-foreground">
                  {o.client.name} → {o.influencer.name} · {dates.day(o.createdAt)}
                </span>
              </div>
              <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
                <StageBadge stage={o.stage} />
                <span className="text-lg font-bold tabular-nums">{gel(o.amountMinor)}</span>
              </div>
            </RowLink>
          </li>
        )}
      </QueryList>
      {orders.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
        >
          {t('admin.loadMore')}
        </Button>
      )}
    </>
  );
}
