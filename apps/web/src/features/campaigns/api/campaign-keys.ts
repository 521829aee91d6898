import type { CampaignSort } from '@app/shared/campaigns/campaign.schemas';
import type { CAMPAIGN_NETWORKS } from '@app/shared/constants';

export type CampaignNetwork = (typeof CAMPAIGN_NETWORKS)[number];
/** What the list is filtered and ordered by (the API's query, budget in whole GEL); part of the list's query key. */
export type CampaignFilter = {
  q?: string;
  platform?: CampaignNetwork;
  sort?: CampaignSort;
  minBudget?: number;
  maxBudget?: number;
};

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (filter: CampaignFilter) => [...campaignKeys.lists(), filter] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: string) => [...campaignKeys.details(), id] as const,
};
