import { categoryRoutes } from '@app/shared/categories/category.routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const categoryKeys = { all: ['categories'] as const };

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => call(categoryRoutes.list),
    // Categories change rarely; one fetch per visit is plenty.
    staleTime: 10 * 60_000,
    select: (data) => data.items,
  });
}
