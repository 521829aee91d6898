import type { Role } from '@app/shared/constants';
import { firstScreenful, HydrateLater } from '@/components/hydrate-later';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import type { CampaignFilter } from '../api/campaign-keys';
import { useCampaigns } from '../api/use-campaigns';
import { CampaignCard } from './campaign-card';
import { CampaignsEmpty } from './campaigns-empty';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The campaign grid with its loading, failure and empty states, one page at a time. */
export function CampaignList({ viewerRole, filter }: { viewerRole: Role | null; filter: CampaignFilter }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns(filter);
  const viewer = viewerRole === 'influencer' ? 'influencer' : 'client';

  if (campaigns.isPending) return <CampaignListSkeleton />;
  if (campaigns.isError && !campaigns.data) {
    return (
      <ErrorState
        title={t('campaigns.loadFailed')}
        description={campaigns.error.message}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  }
  const items = campaigns.data.pages.flatMap((page) => page.items);
  // Another search or sort is loading: the cards of the last one stay, dimmed and marked busy.
  const updating = campaigns.isPlaceholderData;
  if (items.length === 0 && !updating) return <CampaignsEmpty viewerRole={viewerRole} filter={filter} />;

  // Taken over with the page: the cards a phone's screen shows (two), or a wider one's; the rest once it is live.
  const eager = firstScreenful(2, 6);
  return (
    <section
      aria-labelledby="campaign-list-heading"
      aria-busy={updating || undefined}
      className={cn('transition-opacity', updating && 'opacity-60')}
    >
      <h2 id="campaign-list-heading" className="sr-only">
        {t('campaigns.listHeading')}
      </h2>
      <ul className={grid}>
        {items.map((campaign, index) => (
          <li key={campaign.id} className="flex min-w-0">
            <HydrateLater id={campaign.id} eager={index < eager}>
              <CampaignCard campaign={campaign} viewer={viewer} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      {campaigns.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {campaigns.isFetchNextPageError && <FieldError>{t('campaigns.loadFailed')}</FieldError>}
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => void campaigns.fetchNextPage()}
            loading={campaigns.isFetchingNextPage}
          >
            {t('campaigns.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}

function CampaignListSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {t('campaigns.loading')}
      </span>
      <div className={grid}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="grid gap-3 rounded-xl border border-border bg-card p-5">
            <div className="flex justify-between">
              <Skeleton className="h-8 w-24" />
              <Skeleton className="h-5 w-28 rounded-full" />
            </div>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="mt-2 h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
