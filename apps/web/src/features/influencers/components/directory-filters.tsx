import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';
import { formatCount } from '@app/shared/format/format';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/label';
import { useCategoryName } from '@/features/categories/category-name';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

export type DirectoryFilterValue = {
  category?: string;
  social?: Platform;
  sort?: 'followers';
  minFollowers?: MinFollowers;
};

/** The verified-followers thresholds the filter offers (issue 13: numbers only from verified accounts). */
export const MIN_FOLLOWER_STEPS = ['10000', '100000', '1000000'] as const;
export type MinFollowers = (typeof MIN_FOLLOWER_STEPS)[number];

type DirectoryFiltersProps = {
  value: DirectoryFilterValue;
  onChange: (next: DirectoryFilterValue) => void;
  /** The categories to choose from; undefined while they load. */
  categories: { id: string; name: string }[] | undefined;
  className?: string;
};

/** Radix Select items cannot have an empty value; this one stands for "no category filter". */
const ALL = 'all';
/** Options are touch targets too: 44 px below md. */
const ITEM = 'min-h-11 md:min-h-0';

/**
 * The directory's two filters, both kept in the address (?social=, ?category=) so a filtered list can be shared,
 * reloaded and reached from Home's shortcuts: a row of platform chips and a category select.
 */
export function DirectoryFilters({ value, onChange, categories, className }: DirectoryFiltersProps) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const categoryId = useId();
  const sortId = useId();
  const minId = useId();
  const filtered = Boolean(value.category || value.social || value.minFollowers);
  const row = useRef<HTMLDivElement>(null);

  // On a phone the chips scroll sideways: bring the chosen one into view (e.g. LinkedIn from Home's shortcut),
  // without moving the page up or down. The row is `relative`, so a chip's offsetLeft is measured from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen platform changes
  useEffect(() => {
    const container = row.current;
    const pressed = container?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!container || !pressed || container.scrollWidth <= container.clientWidth) return;
    const { offsetLeft: left, offsetWidth: width } = pressed;
    if (left < container.scrollLeft || left + width > container.scrollLeft + container.clientWidth) {
      container.scrollLeft = Math.max(0, left - 16);
    }
  }, [value.social]);
  // A category the address names but that does not exist never reaches here: the route reports it instead.
  const options = categories ?? [];

  return (
    <div className={cn('grid gap-4', className)}>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">{t('influencers.filters.platform')}</legend>
        <div
          ref={row}
          className="relative -mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
        >
          <Chip pressed={!value.social} onClick={() => onChange({ ...value, social: undefined })}>
            {t('influencers.filters.allPlatforms')}
          </Chip>
          {DIRECTORY_PLATFORMS.map((platform) => (
            <Chip
              key={platform}
              pressed={value.social === platform}
              onClick={() => onChange({ ...value, social: platform })}
              icon={<PlatformIcon platform={platform} />}
            >
              {t(`platforms.${platform}`)}
            </Chip>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor={categoryId}>{t('influencers.filters.category')}</Label>
          <ChoiceSelect
            id={categoryId}
            value={value.category ?? ALL}
            onValueChange={(next) => onChange({ ...value, category: next === ALL ? undefined : next })}
            disabled={!categories}
            placeholder={t('common.loading')}
            // Each value is named here rather than by the open list's item, so a page drawn on the server shows it.
            selectedLabel={
              categories &&
              (options.find((c) => c.id === value.category)?.name ?? t('influencers.filters.allCategories'))
            }
            choices={[
              { value: ALL, label: t('influencers.filters.allCategories') },
              ...options.map((category) => ({ value: category.id, label: categoryName(category.name) })),
            ]}
            itemClassName={ITEM}
          />
        </div>
        <div className="grid gap-2 sm:w-60">
          <Label htmlFor={sortId}>{t('influencers.filters.sort')}</Label>
          <ChoiceSelect
            id={sortId}
            value={value.sort ?? 'newest'}
            onValueChange={(next) => onChange({ ...value, sort: next === 'followers' ? 'followers' : undefined })}
            selectedLabel={
              value.sort === 'followers' ? t('influencers.filters.sortFollowers') : t('influencers.filters.sortNewest')
            }
            choices={[
              { value: 'newest', label: t('influencers.filters.sortNewest') },
              { value: 'followers', label: t('influencers.filters.sortFollowers') },
            ]}
            itemClassName={ITEM}
          />
        </div>
        <div className="grid gap-2 sm:w-52">
          <Label htmlFor={minId}>{t('influencers.filters.minFollowers')}</Label>
          <ChoiceSelect
            id={minId}
            value={value.minFollowers ?? ALL}
            onValueChange={(next) =>
              onChange({ ...value, minFollowers: next === ALL ? undefined : (next as MinFollowers) })
            }
            selectedLabel={
              value.minFollowers
                ? t('influencers.filters.atLeast', { followers: formatCount(Number(value.minFollowers)) })
                : t('influencers.filters.anyFollowers')
            }
            choices={[
              { value: ALL, label: t('influencers.filters.anyFollowers') },
              ...MIN_FOLLOWER_STEPS.map((n) => ({
                value: n,
                label: t('influencers.filters.atLeast', { followers: formatCount(Number(n)) }),
              })),
            ]}
            itemClassName={ITEM}
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={() => onChange({})} className="-ml-3 self-start sm:ml-0 sm:self-auto">
            <X aria-hidden="true" />
            {t('influencers.clearFilters')}
          </Button>
        )}
      </div>
    </div>
  );
}

type ChipProps = { pressed: boolean; onClick: () => void; icon?: React.ReactNode; children: React.ReactNode };

/** A toggle chip: the chosen one is filled and carries a check mark, so the state does not rest on colour. */
function Chip({ pressed, onClick, icon, children }: ChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-11 shrink-0 snap-start items-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:h-9 md:px-3.5 [&_svg]:size-4',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-input bg-card text-foreground hover:border-primary/40 hover:bg-primary-soft',
      )}
    >
      {pressed ? <Check aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
