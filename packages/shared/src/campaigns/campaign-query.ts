// The campaign list's address (`/campaigns?q=…&sort=…`) read one parameter at a time, without zod: the list's page
// reads it on its way to the first tap (issue 28 §2). The server's schema (campaign.schemas.ts `campaignListQuery`)
// is the authority and takes its limits and texts from here; `campaign-query.test.ts` checks that both take and
// refuse the same values with the same words.
import { CAMPAIGN_NETWORKS } from '../constants.ts';

/** Whole GEL the modal accepts; 1,000,000 GEL keeps tetri far inside a 32-bit integer. */
export const CAMPAIGN_BUDGET_MAX = 1_000_000;
/**
 * CAMPAIGN_BUDGET_MAX as the messages write it, "1,000,000", without Intl: these messages are built when the module
 * loads, on a page's way to its first tap, and a page's first Intl call loads ICU's data (`toLocaleString` here cost
 * ~75 ms at 4× CPU on /home, issue 28 §2).
 */
export const CAMPAIGN_BUDGET_MAX_TEXT = String(CAMPAIGN_BUDGET_MAX).replace(/\B(?=(\d{3})+$)/g, ',');

/** How a campaign list is ordered; each has its own keyset cursor and index. */
export const CAMPAIGN_SORTS = ['newest', 'budget', 'deadline'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
export const CAMPAIGN_SEARCH_MAX = 100;

export const CAMPAIGN_QUERY_MESSAGES = {
  network: 'Please select a social network',
  searchTooLong: `Search can be at most ${CAMPAIGN_SEARCH_MAX} characters`,
  searchNul: 'Search cannot contain the NUL character',
  sort: `Sort by one of: ${CAMPAIGN_SORTS.join(', ')}`,
  budgetNumber: (which: BudgetBound) => `${which} budget must be a number of GEL`,
  budgetWhole: (which: BudgetBound) => `${which} budget is in whole GEL`,
  budgetNegative: (which: BudgetBound) => `${which} budget cannot be negative`,
  budgetTooHigh: (which: BudgetBound) => `${which} budget must be at most ${CAMPAIGN_BUDGET_MAX_TEXT} GEL`,
} as const;

export type BudgetBound = 'Minimum' | 'Maximum';

/** A parameter as the server would take it: its value (undefined: no bound), or the server's words for refusing it. */
export type ParamReading<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

/** A budget bound in whole GEL from the address or the filter's box ('' is no bound). */
export function readBudgetBound(which: BudgetBound, raw: string): ParamReading<number> {
  if (raw === '') return { ok: true, value: undefined };
  const n = Number(raw); // as z.coerce.number()
  if (!Number.isFinite(n)) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.budgetNumber(which) };
  if (!Number.isSafeInteger(n)) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.budgetWhole(which) };
  if (n < 0) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.budgetNegative(which) };
  if (n > CAMPAIGN_BUDGET_MAX) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.budgetTooHigh(which) };
  return { ok: true, value: n };
}

/** The search words: trimmed, at most 100 characters, no NUL; blank is no search. */
export function readCampaignSearch(raw: string): ParamReading<string> {
  const q = raw.trim();
  // Characters as zod counts them (code points: an emoji is one).
  if ([...q].length > CAMPAIGN_SEARCH_MAX) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.searchTooLong };
  if (q.includes('\u0000')) return { ok: false, message: CAMPAIGN_QUERY_MESSAGES.searchNul };
  return { ok: true, value: q || undefined };
}

export type CampaignFeedParam = 'q' | 'platform' | 'sort' | 'minBudget' | 'maxBudget';

/** One parameter of the list's address, as `campaignListQuery` reads it (its own cross-field rule aside). */
export function readCampaignParam(name: CampaignFeedParam, raw: string): ParamReading<string | number> {
  switch (name) {
    case 'q':
      return readCampaignSearch(raw);
    case 'platform':
      return (CAMPAIGN_NETWORKS as readonly string[]).includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: CAMPAIGN_QUERY_MESSAGES.network };
    case 'sort':
      return (CAMPAIGN_SORTS as readonly string[]).includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: CAMPAIGN_QUERY_MESSAGES.sort };
    case 'minBudget':
      return readBudgetBound('Minimum', raw);
    case 'maxBudget':
      return readBudgetBound('Maximum', raw);
  }
}
