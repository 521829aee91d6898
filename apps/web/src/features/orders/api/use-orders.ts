import { orderRoutes } from '@app/shared/orders/order.routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ORDER_PAGE } from '@/lib/page-sizes';

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
};

/** The influencer's own orders, newest first, one page per 'Load more'. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: orderKeys.lists(),
    queryFn: ({ pageParam, signal }) =>
      call(orderRoutes.list, { query: { limit: ORDER_PAGE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
