import { readCampaignParam } from '@app/shared/campaigns/campaign-query';
import type { CampaignFilter } from './campaign-keys';

/** A parameter of the address the list could not use, as it was written. */
export type UnrecognisedParam = { name: string; value: string };

const FEED_PARAMS = ['q', 'platform', 'sort', 'minBudget', 'maxBudget'] as const;

/**
 * The campaign list's search, platform, sort and budget range from the address (`/campaigns?q=…&sort=…`), judged
 * one parameter at a time as the server's schema judges them (shared `readCampaignParam`, checked against it): a value it would refuse (`sort=cheapest`, `minBudget=abc`,
 * a minimum above the maximum) is left out and reported, so the list still shows and the screen can say which part
 * of the link it ignored. Parameters it does not know (`create`, a tracker's `utm_…`) are not its business.
 */
export function readCampaignFeedParams(params: URLSearchParams): {
  filter: CampaignFilter;
  unrecognised: UnrecognisedParam[];
} {
  const filter: CampaignFilter = {};
  const unrecognised: UnrecognisedParam[] = [];
  for (const name of FEED_PARAMS) {
    const value = params.get(name);
    if (value === null || value.trim() === '') continue;
    const parsed = readCampaignParam(name, value);
    if (!parsed.ok) {
      unrecognised.push({ name, value });
      continue;
    }
    if (parsed.value !== undefined) (filter as Record<string, unknown>)[name] = parsed.value;
  }
  if (filter.minBudget !== undefined && filter.maxBudget !== undefined && filter.minBudget > filter.maxBudget) {
    unrecognised.push(
      { name: 'minBudget', value: String(filter.minBudget) },
      { name: 'maxBudget', value: String(filter.maxBudget) },
    );
    delete filter.minBudget;
    delete filter.maxBudget;
  }
  // Newest first is the list's own order: the address leaves it out, and so does the query key.
  if (filter.sort === 'newest') delete filter.sort;
  return { filter, unrecognised };
}
