import type { Platform } from '@app/shared/constants';
import { formatCount } from '@app/shared/format/format';
import type { InfluencerCard } from '@app/shared/influencers/influencer.schemas';
import { BadgeCheck } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import { isPlatform } from '@/lib/social-handle';
import { useTranslation } from '@/lib/use-translation';

type PlatformReachProps = Pick<InfluencerCard, 'platforms' | 'socials'> & { className?: string };

/**
 * Followers per network (largest first, as the server sends them), formatted 48.2K / 1.2M, for verified accounts
 * only, each with a verified mark; a network with only a handle is named without a number (issue 13). The network
 * is named in words: the icons are only hints.
 */
export function PlatformReach({ platforms, socials, className }: PlatformReachProps) {
  const { t } = useTranslation();
  const items: { platform: Platform; followers: number | null; verified: boolean }[] = [];
  for (const { platform, followersCount } of platforms) {
    if (isPlatform(platform)) items.push({ platform, followers: followersCount, verified: true });
  }
  for (const platform of Object.keys(socials)) {
    if (isPlatform(platform) && !items.some((i) => i.platform === platform))
      items.push({ platform, followers: null, verified: false });
  }
  if (items.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('influencers.card.followers')}>
      {items.map(({ platform, followers, verified }) => (
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
          {verified && (
            <>
              <BadgeCheck className="size-3.5 text-primary" aria-hidden="true" />{' '}
              <span className="sr-only">{t('influencers.card.verified')}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'from 100 GEL on Instagram': the lowest price the influencer asks, on the platform they ask it. */
export function LowestPrice({ prices, className }: Pick<InfluencerCard, 'prices'> & { className?: string }) {
  const { t } = useTranslation();
  const lowest = prices.filter((p) => isPlatform(p.platform)).sort((a, b) => a.priceMin - b.priceMin)[0];
  if (!lowest) return null;
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {t('influencers.card.fromPrice', { price: lowest.priceMin, platform: t(`platforms.${lowest.platform}`) })}
    </p>
  );
}
