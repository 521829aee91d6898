import { directoryResponse } from '@app/shared/influencers/influencer.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DIRECTORY_PAGE } from '@/lib/page-sizes';
import { type DirectoryFilter, influencerKeys } from './influencer-keys';

/** The directory, one page per 'Load more'. */
export function useDirectory(filter: DirectoryFilter) {
  return useInfiniteQuery({
    queryKey: influencerKeys.directory(filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(DIRECTORY_PAGE) });
      if (filter.category) query.set('category', filter.category);
      if (filter.social) query.set('social', filter.social);
      if (filter.sort === 'followers') query.set('sort', 'followers');
      if (filter.minFollowers) query.set('minFollowers', filter.minFollowers);
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/influencers?${query}`, { schema: directoryResponse, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
