import { CategoryIcon } from '@/components/category-icon';
import { useCategoryName } from '@/features/categories/category-name';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

type CategoryListProps = {
  categories: { id: string; name: string }[];
  /** Show at most this many, then '+N'. */
  max?: number;
  className?: string;
  /** The list's accessible name when there are several on a screen (default: 'Categories'). */
  label?: string;
};

/** Categories with their keyword icons (spec §2). */
export function CategoryList({ categories, max, className, label }: CategoryListProps) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  if (categories.length === 0) return null;
  const shown = max === undefined ? categories : categories.slice(0, max);
  const more = categories.length - shown.length;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={label ?? t('influencers.card.categories')}>
      {shown.map((category) => (
        <li
          key={category.id}
          className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-2.5 py-1 text-xs font-semibold text-primary-hover"
        >
          <CategoryIcon name={category.name} className="size-3.5" />
          {categoryName(category.name)}
        </li>
      ))}
      {more > 0 && (
        <li className="inline-flex items-center rounded-full bg-primary-soft px-2.5 py-1 text-xs font-semibold text-primary-hover">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">{t('influencers.card.moreCategories', { count: more })}</span>
        </li>
      )}
    </ul>
  );
}
