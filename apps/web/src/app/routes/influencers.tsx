import { isUuid } from '@app/shared/common/ids';
import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';
import { PageHeader } from '@/components/ui/page-header';
import { type UnrecognisedFilter, UnrecognisedFiltersNotice } from '@/components/unrecognised-filters-notice';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/categories/api/use-categories';
import {
  DirectoryFilters,
  type DirectoryFilterValue,
  MIN_FOLLOWER_STEPS,
  type MinFollowers,
} from '@/features/influencers/components/directory-filters';
import { InfluencerDirectory } from '@/features/influencers/components/influencer-directory';
import { offeredOnly } from '@/lib/categories';
import { useNavigate, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, RoleGate } from '../guards';

export function InfluencersRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.influencers'));
  return (
    <RoleGate
      roles={['client']}
      fallback={<AccessRestricted title={t('influencers.title')} message={t('influencers.restricted')} />}
    >
      <Directory />
    </RoleGate>
  );
}

/**
 * The filters from the address. A value the server would refuse (an unknown network, a malformed id) or a category
 * that does not exist is left out and reported, so the list shows everyone it matches with a notice instead.
 */
function useFilterParams(categories: { id: string }[] | undefined): {
  filter: DirectoryFilterValue;
  unrecognised: UnrecognisedFilter[];
} {
  const [params] = useSearchParams();
  const filter: DirectoryFilterValue = {};
  const unrecognised: UnrecognisedFilter[] = [];
  const social = params.get('social');
  if (social && (DIRECTORY_PLATFORMS as readonly string[]).includes(social)) filter.social = social as Platform;
  else if (social) unrecognised.push({ name: 'social', value: social });
  const category = params.get('category');
  // Until the categories arrive, a well-formed id (as the server's schema judges one) is taken at its word.
  const exists = !categories || categories.some((c) => c.id === category);
  if (category && isUuid(category) && exists) filter.category = category;
  else if (category) unrecognised.push({ name: 'category' });
  // Verified followers, largest first (issue 13); the default order (newest) has no parameter.
  if (params.get('sort') === 'followers') filter.sort = 'followers';
  const min = params.get('minFollowers');
  if (min && (MIN_FOLLOWER_STEPS as readonly string[]).includes(min)) filter.minFollowers = min as MinFollowers;
  else if (min) unrecognised.push({ name: 'minFollowers', value: min });
  return { filter, unrecognised };
}

function Directory() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const { filter, unrecognised } = useFilterParams(categories.data);
  // The offered categories (those influencers can choose), plus the one in the address if it is another.
  const options = categories.isError
    ? []
    : categories.data && [
        ...offeredOnly(categories.data),
        ...categories.data.filter((c) => !c.offered && c.id === filter.category),
      ];
  const setFilter = (next: DirectoryFilterValue) => void navigate(paths.influencers.href(next));

  return (
    <>
      <PageHeader title={t('influencers.title')} description={t('influencers.subtitle')} />
      <DirectoryFilters value={filter} onChange={setFilter} categories={options} className="mb-6" />
      <UnrecognisedFiltersNotice filters={unrecognised} className="mb-6" />
      <InfluencerDirectory filter={filter} onClearFilters={() => setFilter({})} />
    </>
  );
}
