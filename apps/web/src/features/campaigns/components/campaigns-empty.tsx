import type { Role } from '@app/shared/constants';
import { Megaphone, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import type { CampaignFilter } from '../api/campaign-keys';

/**
 * The three empty lists of spec §2 (the client's, the influencer's, a platform filter that matched nothing), and a
 * search or budget range that matched nothing.
 */
export function CampaignsEmpty({ viewerRole, filter }: { viewerRole: Role | null; filter: CampaignFilter }) {
  const { t } = useTranslation();
  const { platform } = filter;
  if (filter.q || filter.minBudget !== undefined || filter.maxBudget !== undefined) {
    return (
      <EmptyState
        icon={SearchX}
        title={filter.q ? t('campaigns.empty.search', { q: filter.q }) : t('campaigns.empty.filtered')}
        description={t('campaigns.empty.filteredHint')}
        action={
          <Button asChild variant="outline">
            <Link to={paths.campaigns.href({ platform, sort: filter.sort })}>{t('campaigns.feed.clear')}</Link>
          </Button>
        }
      />
    );
  }
  if (platform) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('campaigns.empty.platform', { platform: t(`platforms.${platform}`) })}
        description={t('campaigns.empty.platformHint')}
        action={
          <Button asChild variant="outline">
            <Link to={paths.campaigns.href({ sort: filter.sort })}>{t('campaigns.filter.showAll')}</Link>
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
