import { campaignDetail, campaignListResponse } from '@app/shared/campaigns/campaign.schemas';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CAMPAIGN_PAGE } from '@/lib/page-sizes';
import { type CampaignFilter, campaignKeys } from './campaign-keys';

/**
 * The campaign list (the server decides what this person may see, searches, filters and sorts), one page per
 * 'Load more'. While another search or sort loads, the previous cards stay (marked busy) instead of a skeleton.
 */
export function useCampaigns(filter: CampaignFilter) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(CAMPAIGN_PAGE) });
      if (filter.q) query.set('q', filter.q);
      if (filter.platform) query.set('platform', filter.platform);
      if (filter.sort) query.set('sort', filter.sort);
      if (filter.minBudget !== undefined) query.set('minBudget', String(filter.minBudget));
      if (filter.maxBudget !== undefined) query.set('maxBudget', String(filter.maxBudget));
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/campaigns?${query}`, { schema: campaignListResponse, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Everything the detail screen draws, in one request. */
export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/campaigns/${encodeURIComponent(id)}`, { schema: campaignDetail, signal }),
  });
}
