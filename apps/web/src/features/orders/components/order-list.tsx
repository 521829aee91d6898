import { LIMITS } from '@app/shared/constants';
import { truncate } from '@app/shared/format/format';
import type { OrderListItem } from '@app/shared/orders/order.schemas';
import { Package } from 'lucide-react';
import { StageBadge } from '@/components/stage-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { fullName, useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useOrders } from '../api/use-orders';
import { PaymentStatusBadge } from './order-status';
import { WorkActions } from './work-actions';

/** Spec §2 Orders: the influencer's orders, newest first, with their loading, failure and empty states. */
export function OrderList() {
  const { t } = useTranslation();
  const orders = useOrders();

  if (orders.isPending) return <OrderListSkeleton />;
  if (orders.isError && !orders.data) {
    return (
      <ErrorState
        title={t('orders.loadFailed')}
        description={orders.error.message}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }
  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState icon={Package} title={t('orders.empty')} description={t('orders.emptyHint')} />;
  }
  return (
    <section aria-labelledby="order-list-heading">
      <h2 id="order-list-heading" className="sr-only">
        {t('orders.listHeading')}
      </h2>
      <ul className="grid gap-4">
        {items.map((order) => (
          <OrderItem key={order.id} order={order} />
        ))}
      </ul>
      {orders.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {orders.isFetchNextPageError && <FieldError>{t('orders.loadFailed')}</FieldError>}
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => void orders.fetchNextPage()}
            loading={orders.isFetchingNextPage}
          >
            {t('orders.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

function OrderItem({ order }: { order: OrderListItem }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const { campaign, client } = order;
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-5 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 className="min-w-0 text-base font-semibold break-words">
          <Link
            to={paths.campaign.href(campaign.id)}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {campaign.title}
          </Link>
        </h3>
        <p className="text-lg font-bold tabular-nums">{gel(order.amountMinor)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* The stage is the same word the campaign page shows; the payment beside it says where the money is. */}
        <StageBadge stage={order.stage} />
        {(order.money === 'held' || order.money === 'pending_payout' || order.money === 'paid_out') && (
          <PaymentStatusBadge money={order.money} />
        )}
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {truncate(campaign.description, LIMITS.detailTruncate)}
      </p>
      {(order.actions.length > 0 || order.approvalFeedback || order.counterpartDeactivated) && (
        <WorkActions order={order} viewer="influencer" counterpart={fullName(client.name, client.lastname)} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <span className="flex min-w-0 items-center gap-2">
          <Avatar src={client.avatarUrl} name={client.name} lastname={client.lastname} size="sm" />
          <span className="truncate text-sm font-medium">{fullName(client.name, client.lastname)}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {t('orders.created', { date: dates.day(order.createdAt) })}
        </span>
      </div>
    </li>
  );
}

function OrderListSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="grid gap-4">
      <span role="status" className="sr-only">
        {t('orders.loading')}
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 rounded-xl border border-border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-6 w-24" />
          </div>
          <Skeleton className="h-5 w-32 rounded-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-40" />
        </div>
      ))}
    </div>
  );
}
