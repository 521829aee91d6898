import { UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { AccessRestricted, RoleGate } from '../guards';

/** Influencer profile. Profiles arrive with the influencers API; until then none can be found. */
export function InfluencerRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.influencer'));
  return (
    <RoleGate
      roles={['client']}
      fallback={
        <AccessRestricted title={t('influencers.profile.title')} message={t('influencers.profile.restricted')} />
      }
    >
      <PageHeader
        eyebrow={<BackLink to={paths.influencers.href()}>{t('influencers.profile.back')}</BackLink>}
        title={t('influencers.profile.title')}
      />
      <EmptyState
        icon={UserRoundX}
        title={t('influencers.profile.notFound')}
        action={
          <Button asChild variant="outline">
            <Link to={paths.influencers.href()}>{t('influencers.profile.backToList')}</Link>
          </Button>
        }
      />
    </RoleGate>
  );
}
