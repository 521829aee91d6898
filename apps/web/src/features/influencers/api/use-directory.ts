import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { DIRECTORY_PAGE } from '@/lib/page-sizes';
import { type DirectoryFilter, influencerKeys } from './influencer-keys';

/** The directory, one page per 'Load more'. */
export function useDirectory(filter: DirectoryFilter) {
  return useInfiniteQuery({
    queryKey: influencerKeys.directory(filter),
    queryFn: ({ pageParam, signal }) =>
      call(influencerRoutes.directory, {
        query: {
          limit: DIRECTORY_PAGE,
          category: filter.category,
          social: filter.social,
          sort: filter.sort === 'followers' ? 'followers' : undefined,
          minFollowers: filter.minFollowers,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
