import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/categories/api/use-categories';
import { DirectoryFilters } from '@/features/influencers/components/directory-filters';
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

function Directory() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const categoryId = params.get('category') ?? undefined;
  const social = params.get('social') ?? undefined;
  const categories = useCategories();
  const categoryName = categories.data?.find((c) => c.id === categoryId)?.name;
  const filtered = Boolean(categoryId || social);

  return (
    <>
      <PageHeader title={t('influencers.title')} description={t('influencers.subtitle')} />
      <DirectoryFilters category={categoryId ? { id: categoryId, name: categoryName } : undefined} social={social} />
      <EmptyState
        icon={Users}
        title={filtered ? t('influencers.emptyFiltered') : t('influencers.empty')}
        action={
          filtered && (
            <Button asChild variant="outline">
              <Link to={paths.influencers.href()}>{t('influencers.clearFilters')}</Link>
            </Button>
          )
        }
      />
    </>
  );
}
