import { LIMITS } from '@app/shared/constants';
import { cn } from '@/lib/cn';
import { svgPartMarkup } from '@/lib/svg-markup';
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

/** lucide's star, drawn five times in one image (viewBox units: a star is 24 wide, 3 between two). */
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const STEP = 27;
const WIDTH = STEP * 4 + 24;
/** The row's height and width in rem: 1 (16 px) or 1.25 (20 px) per star, as the icons beside it. */
const SIZES = { sm: 'h-4 w-[5.5rem]', md: 'h-5 w-[6.875rem]' } as const;

/**
 * `count` stars in a row; the outlines' row also marks each star with its fill (`fills`). The stars are written as
 * markup inside the svg, as the icons are (lib/lucide-icon.ts): taking over a server-drawn page leaves them as they
 * are instead of matching each path to an element (issue 28 §2). Nothing in them comes from anyone's input.
 */
function StarRow({ count, fills, className }: { count: number; fills?: StarFill[]; className: string }) {
  const stars = Array.from({ length: count }, (_, i) =>
    svgPartMarkup('path', { d: STAR, transform: `translate(${i * STEP} 0)`, 'data-fill': fills?.[i] }),
  ).join('');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} 24`}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant path data and numbers, see above
      dangerouslySetInnerHTML={{ __html: stars }}
    />
  );
}

/**
 * The stars as one image named 'Rated 4.3 out of 5'. Filled and empty stars differ in shape (solid vs outline), not
 * only in colour. Drawn as two rows of paths, the outlines and above them the filled part cut to its width: on the
 * directory's 24 cards, five icons and their wrappers per star had been a third of the page's elements, each one
 * React must take over before the page answers a tap (issue 28 §2).
 */
export function Stars({ average, className, size = 'md' }: StarsProps) {
  const { t } = useTranslation();
  const fills = starFills(average);
  // Fills run full, then at most one half, then empty: the filled part ends inside the last star that is not empty.
  const filled = fills.filter((f) => f !== 'empty').length;
  const units = filled && (filled - 1) * STEP + (fills[filled - 1] === 'half' ? 12 : 24);
  const row = cn('shrink-0 text-warning', SIZES[size]);
  return (
    <span
      role="img"
      aria-label={t('influencers.rating.label', { average: average.toFixed(1), max: LIMITS.ratingMax })}
      className={cn('relative inline-flex', className)}
    >
      <StarRow count={fills.length} fills={fills} className={row} />
      {filled > 0 && (
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${((units / WIDTH) * 100).toFixed(2)}%` }}
        >
          <StarRow count={filled} className={cn(row, 'fill-current')} />
        </span>
      )}
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
