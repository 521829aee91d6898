import type { Role } from '@app/shared/constants';
import { Megaphone, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import type { CampaignNetwork } from '../api/campaign-keys';

/** The three empty lists of spec §2: the client's, the influencer's, and a platform filter that matched nothing. */
export function CampaignsEmpty({ viewerRole, platform }: { viewerRole: Role | null; platform?: CampaignNetwork }) {
  const { t } = useTranslation();
  if (platform) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('campaigns.empty.platform', { platform: t(`platforms.${platform}`) })}
        description={t('campaigns.empty.platformHint')}
        action={
          <Button asChild variant="outline">
            <Link to={paths.campaigns.href()}>{t('campaigns.filter.showAll')}</Link>
          </Button>
        }
      />
    );
  }
  const client = viewerRole === 'client';
  return (
    <EmptyState
      icon={Megaphone}
      title={client ? t('campaigns.empty.client') : t('campaigns.empty.influencer')}
      description={client ? t('campaigns.empty.clientHint') : t('campaigns.empty.influencerHint')}
    />
  );
}
