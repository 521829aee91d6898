import type { Platform } from '@app/shared/constants';
import { formatCount } from '@app/shared/format/format';
import type { InfluencerCard } from '@app/shared/influencers/influencer.schemas';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import { isPlatform } from '@/lib/social-handle';

type PlatformReachProps = Pick<InfluencerCard, 'platforms' | 'socials'> & { className?: string };

/**
 * Followers per network (largest first, as the server sends them), formatted 48.2K / 1.2M; a network with a handle
 * but no known reach is named without a number. The network is named in words: the icons are only hints.
 */
export function PlatformReach({ platforms, socials, className }: PlatformReachProps) {
  const { t } = useTranslation();
  const items: { platform: Platform; followers: number | null }[] = [];
  for (const { platform, followersCount } of platforms) {
    if (isPlatform(platform)) items.push({ platform, followers: followersCount });
  }
  for (const platform of Object.keys(socials)) {
    if (isPlatform(platform) && !items.some((i) => i.platform === platform)) items.push({ platform, followers: null });
  }
  if (items.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('influencers.card.followers')}>
      {items.map(({ platform, followers }) => (
        <li
          key={platform}
          className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-2.5 py-1 text-xs"
        >
          <PlatformIcon platform={platform} className="size-3.5 text-muted-foreground" />
          <span className="text-muted-foreground">{t(`platforms.${platform}`)}</span>
          {followers !== null && (
            <>
              {' '}
              <span className="font-semibold text-foreground">{formatCount(followers)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
