import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';
import { directoryQuery } from '@app/shared/influencers/influencer.schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/categories/api/use-categories';
import { DirectoryFilters, type DirectoryFilterValue } from '@/features/influencers/components/directory-filters';
import { InfluencerDirectory } from '@/features/influencers/components/influencer-directory';
import { offeredOnly } from '@/lib/categories';
import { usePageTitle } from '@/lib/use-page-title';
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

/** The filters from the address; a value the server would refuse (an unknown network, a malformed id) is ignored. */
function useFilterParams(): DirectoryFilterValue {
  const [params] = useSearchParams();
  const social = params.get('social') ?? '';
  const category = directoryQuery.shape.category.safeParse(params.get('category') ?? undefined);
  return {
    social: (DIRECTORY_PLATFORMS as readonly string[]).includes(social) ? (social as Platform) : undefined,
    category: category.success ? category.data : undefined,
  };
}

function Directory() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filter = useFilterParams();
  const categories = useCategories();
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
      <InfluencerDirectory filter={filter} onClearFilters={() => setFilter({})} />
    </>
  );
}
