import { campaignRoutes } from '@app/shared/campaigns/campaign.routes';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { CAMPAIGN_PAGE } from '@/lib/page-sizes';
import { type CampaignFilter, campaignKeys } from './campaign-keys';

/**
 * The campaign list (the server decides what this person may see, searches, filters and sorts), one page per
 * 'Load more'. While another search or sort loads, the previous cards stay (marked busy) instead of a skeleton.
 */
export function useCampaigns(filter: CampaignFilter) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(campaignRoutes.list, {
        query: {
          limit: CAMPAIGN_PAGE,
          q: filter.q,
          platform: filter.platform,
          sort: filter.sort,
          minBudget: filter.minBudget,
          maxBudget: filter.maxBudget,
          cursor: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Everything the detail screen draws, in one request. */
export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => call(campaignRoutes.detail, { params: { id }, signal }),
  });
}
