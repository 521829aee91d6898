import type { NotificationDto } from '@app/shared/notifications/notification.schemas';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useMarkRead, useNotifications } from '../api/use-notifications';

/** Issue 24 §2: the person's notifications, newest first; opening one marks it read, or all at once. */
export function NotificationList() {
  const { t } = useTranslation();
  const list = useNotifications();
  const mark = useMarkRead();

  if (list.isPending) return <NotificationListSkeleton />;
  if (list.isError && !list.data) {
    return (
      <ErrorState
        title={t('notifications.loadFailed')}
        description={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return <EmptyState icon={Bell} title={t('notifications.empty')} description={t('notifications.emptyHint')} />;
  }
  const unread = items.some((n) => !n.readAt);
  return (
    <section aria-labelledby="notification-list-heading">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="notification-list-heading" className="text-sm font-semibold text-muted-foreground">
          {t('notifications.listHeading')}
        </h2>
        <Button variant="outline" size="sm" disabled={!unread} onClick={() => mark.mutate(null)}>
          {t('notifications.markAll')}
        </Button>
      </div>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={() => !n.readAt && mark.mutate(n.id)} />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {list.isFetchNextPageError && <FieldError>{t('notifications.loadFailed')}</FieldError>}
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

function NotificationItem({ n, onOpen }: { n: NotificationDto; onOpen: () => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li>
      <Link
        to={n.link}
        onClick={onOpen}
        className={cn(
          'flex items-start gap-3 px-4 py-3.5 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5',
          !n.readAt && 'bg-primary-soft/40',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-primary')}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm break-words', n.readAt ? 'text-foreground' : 'font-semibold')}>
            {n.subject}
          </span>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            {t(`notifications.kinds.${n.kind}`)} · {dates.day(n.createdAt)} {dates.clock(n.createdAt)}
          </span>
        </span>
        {!n.readAt && <span className="sr-only">{t('notifications.unread')}</span>}
      </Link>
    </li>
  );
}

function NotificationListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-3">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}
