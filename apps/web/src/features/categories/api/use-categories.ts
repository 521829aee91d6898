import { categoryList } from '@app/shared/categories/category.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const categoryKeys = { all: ['categories'] as const };

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => api('/api/categories', { schema: categoryList }),
    // Categories change rarely; one fetch per visit is plenty.
    staleTime: 10 * 60_000,
    select: (data) => data.items,
  });
}
