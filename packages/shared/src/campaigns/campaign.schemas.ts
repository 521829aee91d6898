// Campaigns, their applications and the order they lead to (spec §2 campaign list, modal and detail; §3; §5).
import { z } from 'zod';
import { businessToday } from '../common/dates.ts';
import {
  type BudgetBound,
  CAMPAIGN_BUDGET_MAX,
  CAMPAIGN_BUDGET_MAX_TEXT,
  CAMPAIGN_QUERY_MESSAGES,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORTS,
} from './campaign-query.ts';

export { CAMPAIGN_BUDGET_MAX, CAMPAIGN_SEARCH_MAX, CAMPAIGN_SORTS, type CampaignSort } from './campaign-query.ts';

import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { personSummary, ratingSummary, socialsMap } from '../common/people.schemas.ts';
import { isInvisible, stripBidiControls } from '../common/text.ts';
import { CAMPAIGN_NETWORKS, LIMITS } from '../constants.ts';
import { ORDER_ACTIONS, STAGES } from '../orders/order-machine.ts';
import { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES } from '../orders/order-states.ts';
import { proofCheckDto } from '../social/proof-link.ts';

/** A calendar date as the spec's deadline format (yyyy-MM-dd) that exists on the calendar. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'This date does not exist');

/** A deadline further out than this is a typo (9999-12-31), not a plan. */
export const DEADLINE_HORIZON_YEARS = 2;
/** The last date a deadline may take: today in Tbilisi plus the horizon (Feb 29 rolls to Mar 1). */
export function latestDeadline(now: Date = new Date()): string {
  const [y, m, d] = businessToday(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + DEADLINE_HORIZON_YEARS, m - 1, d)).toISOString().slice(0, 10);
}

export const CAMPAIGN_MESSAGES = {
  network: CAMPAIGN_QUERY_MESSAGES.network,
  required: 'Please fill in all required fields',
  titleTooLong: `Title must be at most ${LIMITS.campaignTitleMax} characters`,
  deadlinePast: 'Deadline cannot be in the past',
  deadlineTooFar: `Deadline must be within ${DEADLINE_HORIZON_YEARS} years from today`,
  uploadLink: 'Enter a link that starts with http:// or https://',
} as const;

export const campaignNetwork = z.enum(CAMPAIGN_NETWORKS, CAMPAIGN_MESSAGES.network);
export const CAMPAIGN_STATUSES = ['open', 'in_progress', 'paid', 'completed', 'done', 'canceled'] as const;
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES };
/** A campaign is worth at least the spec's Start & Pay minimum (a 0 GEL campaign could never be paid for). */
export const CAMPAIGN_BUDGET_MIN = 1;
export const CAMPAIGN_DESCRIPTION_MAX = 5000;

const optionalLink = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: CAMPAIGN_MESSAGES.uploadLink }).max(2048)])
  .nullish()
  .transform((v) => v || null);

/** Step 2 of the modal. Budget is whole GEL, required and at least 1 (decision 025); the server stores tetri. */
export const createCampaignInput = z.object({
  socials: z.tuple([campaignNetwork], CAMPAIGN_MESSAGES.network),
  // Invisible-only text is blank; a title loses bidi overrides (common/text.ts).
  title: z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .refine((v) => !isInvisible(v), CAMPAIGN_MESSAGES.required)
    .max(LIMITS.campaignTitleMax, CAMPAIGN_MESSAGES.titleTooLong),
  description: z
    .string()
    .trim()
    .refine((v) => !isInvisible(v), CAMPAIGN_MESSAGES.required)
    .max(CAMPAIGN_DESCRIPTION_MAX, `Description must be at most ${CAMPAIGN_DESCRIPTION_MAX} characters`),
  budget: z
    .number({ error: (issue) => (issue.input == null ? 'Enter a budget' : 'Budget must be a number') })
    .int('Budget is in whole GEL')
    .min(CAMPAIGN_BUDGET_MIN, `Budget must be at least ${CAMPAIGN_BUDGET_MIN} GEL`)
    .max(CAMPAIGN_BUDGET_MAX, `Budget must be at most ${CAMPAIGN_BUDGET_MAX_TEXT} GEL`),
  deadline: isoDate
    .nullish()
    .transform((v) => v ?? null)
    .refine((d) => d === null || d >= businessToday(), CAMPAIGN_MESSAGES.deadlinePast)
    .refine((d) => d === null || d <= latestDeadline(), CAMPAIGN_MESSAGES.deadlineTooFar),
  uploadLink: optionalLink,
});
export type CreateCampaignInput = z.input<typeof createCampaignInput>;

/** An absent or empty query parameter (`?minBudget=`) means no bound. */
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const budgetBound = (which: BudgetBound) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number(CAMPAIGN_QUERY_MESSAGES.budgetNumber(which))
      .int(CAMPAIGN_QUERY_MESSAGES.budgetWhole(which))
      .min(0, CAMPAIGN_QUERY_MESSAGES.budgetNegative(which))
      .max(CAMPAIGN_BUDGET_MAX, CAMPAIGN_QUERY_MESSAGES.budgetTooHigh(which))
      .optional(),
  );

/**
 * The list's query string, also the campaign screen's address (`/campaigns?q=…&sort=…`): a search in title and
 * description (word prefixes: "sum" finds "Summer"), a sort, a budget range in whole GEL, the platform.
 */
export const campaignListQuery = z
  .object({
    platform: campaignNetwork.optional(),
    q: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .max(CAMPAIGN_SEARCH_MAX, CAMPAIGN_QUERY_MESSAGES.searchTooLong)
        .refine((s) => !s.includes('\u0000'), CAMPAIGN_QUERY_MESSAGES.searchNul)
        .transform((s) => s || undefined)
        .optional(),
    ),
    sort: z.enum(CAMPAIGN_SORTS, CAMPAIGN_QUERY_MESSAGES.sort).default('newest'),
    minBudget: budgetBound('Minimum'),
    maxBudget: budgetBound('Maximum'),
    cursor: cursorParam,
    limit: limitParam,
  })
  .refine((f) => f.minBudget === undefined || f.maxBudget === undefined || f.minBudget <= f.maxBudget, {
    message: 'Minimum budget cannot be more than the maximum',
    path: ['minBudget'],
  });
export type CampaignListQuery = z.input<typeof campaignListQuery>;

/** Where a campaign stands for this viewer, one word on every screen (`campaignStage`, orders/order-machine.ts). */
export const displayStatus = z.enum(STAGES);
export type DisplayStatus = z.infer<typeof displayStatus>;

export const campaignDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  budgetMinor: z.number().int(),
  uploadLink: z.string().nullable(),
  deadline: z.string().nullable(),
  socials: z.array(z.string()),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: z.string(),
  client: personSummary,
});
export type CampaignDto = z.infer<typeof campaignDto>;

/** One list card: the campaign plus what this viewer needs to draw it, in one row (no per-card requests). */
export const campaignCard = campaignDto.extend({
  displayStatus,
  /** Influencer viewer: their application's status, if they applied. */
  applicationStatus: z.enum(APPLICATION_STATUSES).nullable(),
  /** Influencer viewer: a client invited them to this campaign. */
  invited: z.boolean(),
  /** Client viewer: applications received (null for influencers). */
  applicationsCount: z.number().int().nullable(),
});
export type CampaignCard = z.infer<typeof campaignCard>;
export const campaignListResponse = pageOf(campaignCard);

export const applicationDto = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  influencer: personSummary.extend({ socials: socialsMap }),
});
export type ApplicationDto = z.infer<typeof applicationDto>;

export const orderSummary = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountMinor: z.number().int(),
  workStatus: z.enum(WORK_STATUSES),
  /** null counts as pending (spec §4). */
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  createdAt: z.string(),
  influencer: personSummary,
  /** The chat opened between the two parties when the application was accepted. */
  chatId: z.string().nullable(),
  /** Where the order stands, one word for both parties (orders/order-machine.ts). */
  stage: z.enum(STAGES),
  /** What this viewer may do now; the server refuses anything else. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  proofUrl: z.string().nullable(),
  /** The proof link read from its platform (decision 039); null when it is no post on a platform we read. */
  proofCheck: proofCheckDto.nullable(),
  completionNotes: z.string().nullable(),
  /** The client's reason when they sent the work back. */
  approvalFeedback: z.string().nullable(),
  workStartedAt: z.string().nullable(),
  workCompletedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The client's review window ends then; unanswered work is approved automatically. */
  reviewDeadlineAt: z.string().nullable(),
  /** This viewer's rating of the other party, once given. */
  myRating: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
  /**
   * The other party's account is closed (issue 23 §2: "<name> has left Influence"; support resolves the order). For
   * an admin: either party's.
   */
  counterpartDeactivated: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** Everything the detail screen draws, in one response, trimmed to what this viewer may see. */
export const campaignDetail = campaignDto.extend({
  displayStatus,
  viewer: z.object({
    isOwner: z.boolean(),
    /** Owner only, and only while no paid order exists (spec §2). */
    canDelete: z.boolean(),
    /** Influencer viewer: may apply now (campaign open, not applied yet). */
    canApply: z.boolean(),
    application: z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), createdAt: z.string() }).nullable(),
    invited: z.boolean(),
  }),
  /** Owner and admins; null for influencers. */
  counts: z.object({ total: z.number(), pending: z.number(), accepted: z.number(), rejected: z.number() }).nullable(),
  /** Owner and admins, newest first; null for influencers. */
  applications: z.array(applicationDto).nullable(),
  /** Owner, admins and the hired influencer. */
  order: orderSummary.nullable(),
  /** For influencers: how other influencers rated this client (spec §2: the client's rating on the detail). */
  clientRating: ratingSummary.nullable(),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const applyResponse = z.object({
  application: z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), createdAt: z.string() }),
});
export const decideApplicationResponse = z.object({
  application: z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), createdAt: z.string() }),
  /** Accepting creates the order (unpaid, amount = budget) and the chat. */
  order: z.object({ id: z.string(), status: z.enum(ORDER_STATUSES), amountMinor: z.number().int() }).nullable(),
  chatId: z.string().nullable(),
});
