import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { CampaignNotFound } from '@/features/campaigns/components/campaign-not-found';
import { usePageTitle } from '@/lib/use-page-title';

/** Campaign detail. No campaign can exist before the campaigns API, so every id is honestly 'not found'. */
export function CampaignRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.campaign'));
  return (
    <>
      <PageHeader
        eyebrow={<BackLink to={paths.campaigns.href()}>{t('campaigns.detail.back')}</BackLink>}
        title={t('campaigns.detail.title')}
      />
      <CampaignNotFound />
    </>
  );
}
