import { CAMPAIGN_NETWORKS } from '@app/shared/constants';
import { LayoutGrid } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import type { CampaignFilter, CampaignNetwork } from '../api/campaign-keys';

const chip =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:min-h-9';

/**
 * The platform filter row (spec §2). Each choice is a link to the list's URL, so the filter survives a reload and
 * Back returns to the previous one; the current one is marked with aria-current, a check of shape as well as colour.
 */
export function PlatformFilter({ filter }: { filter: CampaignFilter }) {
  const value = filter.platform;
  const { t } = useTranslation();
  const options: { key: string; platform?: CampaignNetwork }[] = [
    { key: 'all' },
    ...CAMPAIGN_NETWORKS.map((platform) => ({ key: platform, platform })),
  ];
  return (
    // Wraps rather than scrolls sideways, so the chosen platform is always in sight.
    <nav aria-label={t('campaigns.filter.label')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {options.map(({ key, platform }) => {
          const active = platform === value;
          return (
            <li key={key}>
              <Link
                // The search, sort and budget stay; only the platform changes.
                to={paths.campaigns.href({ ...filter, platform })}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  chip,
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input bg-card text-foreground hover:bg-muted',
                )}
              >
                {platform ? (
                  <PlatformIcon platform={platform} className="size-4" />
                ) : (
                  <LayoutGrid className="size-4" aria-hidden="true" />
                )}
                {platform ? t(`platforms.${platform}`) : t('campaigns.filter.all')}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
