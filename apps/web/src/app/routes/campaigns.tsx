import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { CampaignsEmpty } from '@/features/campaigns/components/campaigns-empty';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionUser } from '../guards';

export function CampaignsRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.campaigns'));
  return (
    <>
      <PageHeader
        title={t('campaigns.title')}
        description={user.role === 'client' ? t('campaigns.subtitle.client') : t('campaigns.subtitle.influencer')}
      />
      <CampaignsEmpty role={user.role} />
    </>
  );
}
