import { orderListResponse } from '@app/shared/orders/order.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORDER_PAGE } from '@/lib/page-sizes';

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
};

/** The influencer's own orders, newest first, one page per 'Load more'. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: orderKeys.lists(),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ORDER_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/orders?${query}`, { schema: orderListResponse, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
