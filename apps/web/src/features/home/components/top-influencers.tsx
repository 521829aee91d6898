import { DIRECTORY_PLATFORMS } from '@app/shared/constants';
import { formatCount } from '@app/shared/format/format';
import { BadgeCheck, ChevronRight, Users } from 'lucide-react';
import { firstScreenful, HydrateLater } from '@/components/hydrate-later';
import { PlatformIcon } from '@/components/platform-icon';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useClientHome } from '../api/use-client-home';

// A swipeable row on phones (ten cards would be a long column), a grid from sm up. `relative` keeps the visually
// hidden texts (absolutely positioned) inside the scrolling row; otherwise they would widen the page.
const ROW =
  'relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 md:grid-cols-4 lg:grid-cols-5';
const ITEM = 'w-36 shrink-0 snap-start sm:w-auto';

/** Home's Top Influencers: up to 10 active influencers, newest first, each opening their profile. */
export function TopInfluencers() {
  const { t } = useTranslation();
  const home = useClientHome();

  if (home.isPending) {
    return (
      <div className={ROW} aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <PersonSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (home.isError && !home.data) {
    return (
      <ErrorState
        title={t('home.topInfluencers.loadFailed')}
        description={home.error.message}
        onRetry={() => void home.refetch()}
        retrying={home.isFetching}
      />
    );
  }
  const people = home.data.topInfluencers;
  if (people.length === 0) {
    return <EmptyState icon={Users} title={t('home.topInfluencers.empty')} headingLevel="h3" />;
  }
  // Taken over with the page: the cards a phone's row shows (two and a half), or a wider screen's first row.
  const eager = firstScreenful(3, 5);
  return (
    <>
      <ul className={ROW}>
        {people.map((person, index) => {
          const platforms = DIRECTORY_PLATFORMS.filter((p) => person.socials[p]);
          return (
            <li key={person.id} className={ITEM}>
              <HydrateLater id={person.id} eager={index < eager}>
                <Link
                  to={paths.influencer.href(person.id)}
                  className="flex h-full flex-col items-center gap-2 rounded-xl border border-border bg-card p-4 text-center shadow-card transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-raised focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {/* The name follows in words; the photo or initials would only repeat it in the link's name. */}
                  <span aria-hidden="true">
                    <Avatar src={person.avatarUrl} name={person.name} lastname={person.lastname} size="lg" />
                  </span>
                  <span className="line-clamp-2 text-sm leading-snug font-semibold break-words">
                    {fullName(person.name, person.lastname)}
                  </span>{' '}
                  {person.verifiedFollowers > 0 && (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <BadgeCheck className="size-3.5 text-primary" aria-hidden="true" />
                      {t('home.topInfluencers.verifiedFollowers', { followers: formatCount(person.verifiedFollowers) })}
                    </span>
                  )}{' '}
                  {platforms.length > 0 && (
                    <span className="mt-auto flex flex-wrap justify-center gap-1.5 text-muted-foreground">
                      {platforms.map((platform) => (
                        <PlatformIcon key={platform} platform={platform} className="size-4" />
                      ))}
                      <span className="sr-only">
                        {t('home.topInfluencers.on', {
                          platforms: platforms.map((p) => t(`platforms.${p}`)).join(', '),
                        })}
                      </span>
                    </span>
                  )}
                </Link>
              </HydrateLater>
            </li>
          );
        })}
      </ul>
      <Link
        to={paths.influencers.href()}
        className="inline-flex min-h-11 items-center gap-1 justify-self-start font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
      >
        {t('home.topInfluencers.browseAll')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </>
  );
}

function PersonSkeleton() {
  return (
    <div className={`${ITEM} flex flex-col items-center gap-2 rounded-xl border border-border bg-card p-4`}>
      <Skeleton className="size-16 rounded-full" />
      <Skeleton className="h-4 w-20" />
      <Skeleton className="h-3 w-14" />
    </div>
  );
}
