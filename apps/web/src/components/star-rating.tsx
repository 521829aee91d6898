import { LIMITS } from '@app/shared/constants';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

export type StarFill = 'full' | 'half' | 'empty';

/** Five stars for an average: a star is full from .75 of it, half from .25 (4.3 → ★★★★⯪). */
export function starFills(average: number): StarFill[] {
  return Array.from({ length: LIMITS.ratingMax }, (_, i) => {
    const part = Math.max(0, Math.min(1, average - i));
    return part >= 0.75 ? 'full' : part >= 0.25 ? 'half' : 'empty';
  });
}

type StarsProps = { average: number; className?: string; size?: 'sm' | 'md' };

/**
 * The stars as one image named 'Rated 4.3 out of 5'. Filled and empty stars differ in shape (solid vs outline), not
 * only in colour.
 */
export function Stars({ average, className, size = 'md' }: StarsProps) {
  const { t } = useTranslation();
  const iconSize = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <span
      role="img"
      aria-label={t('influencers.rating.label', { average: average.toFixed(1), max: LIMITS.ratingMax })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {starFills(average).map((fill, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <span key={i} data-fill={fill} className={cn('relative inline-flex', iconSize)}>
          <Star className={cn(iconSize, 'text-warning')} strokeWidth={1.75} aria-hidden="true" />
          {fill !== 'empty' && (
            <span className={cn('absolute inset-y-0 left-0 overflow-hidden', fill === 'half' ? 'w-1/2' : 'w-full')}>
              <Star className={cn(iconSize, 'fill-current text-warning')} strokeWidth={1.75} aria-hidden="true" />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

type RatingSummaryProps = { average: number | null; count: number; className?: string; size?: 'sm' | 'md' };

/** Stars, the average to one decimal and the number of reviews; 'No reviews yet' without any. */
export function RatingSummary({ average, count, className, size = 'md' }: RatingSummaryProps) {
  const { t } = useTranslation();
  if (average === null || count === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>{t('influencers.rating.none')}</p>;
  }
  return (
    <div className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <Stars average={average} size={size} />
      <span className={cn('font-semibold', size === 'sm' ? 'text-sm' : 'text-base')} aria-hidden="true">
        {average.toFixed(1)}
      </span>
      <span className="text-sm text-muted-foreground">{t('influencers.rating.count', { count })}</span>
    </div>
  );
}
