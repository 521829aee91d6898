import { LayoutGrid } from 'lucide-react';
import { CategoryIcon } from '@/components/category-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCategoryName } from '@/features/categories/category-name';
import { offeredOnly } from '@/lib/categories';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useCategories } from '../api/use-categories';

/** Home's Popular Categories: each opens the directory filtered by that category. */
export function PopularCategories() {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <ErrorState
        title={t('categories.loadFailed')}
        description={categories.error.message}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  const items = offeredOnly(categories.data);
  if (items.length === 0) {
    return <EmptyState icon={LayoutGrid} title={t('categories.empty')} headingLevel="h3" />;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((category) => (
        <li key={category.id}>
          <Link
            to={paths.influencers.href({ category: category.id })}
            className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-raised focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
              <CategoryIcon name={category.name} className="size-5" />
            </span>
            <span className="text-sm leading-snug font-semibold">{categoryName(category.name)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
