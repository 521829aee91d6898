import { Users } from 'lucide-react';
import { firstScreenful, HydrateLater } from '@/components/hydrate-later';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/use-translation';
import type { DirectoryFilter } from '../api/influencer-keys';
import { useDirectory } from '../api/use-directory';
import { InfluencerCard } from './influencer-card';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

type InfluencerDirectoryProps = { filter: DirectoryFilter; onClearFilters: () => void };

/** The card grid for the current filters, a page at a time. */
export function InfluencerDirectory({ filter, onClearFilters }: InfluencerDirectoryProps) {
  const { t } = useTranslation();
  const directory = useDirectory(filter);
  const filtered = Boolean(filter.category || filter.social);

  if (directory.isPending) {
    return (
      <div className={GRID} aria-busy="true">
        <span className="sr-only" role="status">
          {t('influencers.loading')}
        </span>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (directory.isError && !directory.data) {
    return (
      <ErrorState
        title={t('influencers.loadFailed')}
        description={directory.error.message}
        onRetry={() => void directory.refetch()}
        retrying={directory.isFetching}
      />
    );
  }
  const items = directory.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={filtered ? t('influencers.emptyFiltered') : t('influencers.empty')}
        description={filtered ? t('influencers.emptyFilteredHint') : t('influencers.emptyHint')}
        action={
          filtered && (
            <Button variant="outline" onClick={onClearFilters}>
              {t('influencers.clearFilters')}
            </Button>
          )
        }
      />
    );
  }
  // Taken over with the page: the cards a phone's screen shows (two), or a wider one's; the rest once it is live.
  const eager = firstScreenful(2, 6);
  return (
    <div className="grid gap-6">
      <ul className={GRID} aria-label={t('influencers.listLabel')}>
        {items.map((influencer, index) => (
          <li key={influencer.id}>
            <HydrateLater id={influencer.id} eager={index < eager}>
              <InfluencerCard influencer={influencer} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      {directory.isFetchNextPageError && (
        <ErrorState
          title={t('influencers.loadMoreFailed')}
          description={directory.error?.message}
          onRetry={() => void directory.fetchNextPage()}
          retrying={directory.isFetchingNextPage}
        />
      )}
      {directory.hasNextPage && !directory.isFetchNextPageError && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void directory.fetchNextPage()}
            loading={directory.isFetchingNextPage}
            className="w-full sm:w-auto"
          >
            {directory.isFetchingNextPage ? t('common.loading') : t('influencers.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

function CardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card">
      <div className="flex items-center gap-3">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-6 w-32 rounded-full" />
      <Skeleton className="h-11 w-full md:h-10" />
    </div>
  );
}
