// The clients' influencer directory, profile and Home (spec §2 Client Home, directory, profile).
import { z } from 'zod';
import { cursorParam, pageOf } from '../common/pagination.ts';
import { personSummary, type RatingSummary, ratingSummary, socialsMap } from '../common/people.schemas.ts';
import { DIRECTORY_PLATFORMS } from '../constants.ts';

export const directoryQuery = z.object({
  category: z.uuid('Not a valid category').optional(),
  social: z.enum(DIRECTORY_PLATFORMS, `Choose one of: ${DIRECTORY_PLATFORMS.join(', ')}`).optional(),
  cursor: cursorParam,
  limit: z.coerce.number().int().min(1).max(48).default(24),
  /** newest (default) or followers: verified followers, largest first (issue 13 §4). */
  sort: z.enum(['newest', 'followers'], 'Sort by newest or followers').default('newest'),
  /** Only influencers with at least this many verified followers. */
  minFollowers: z.coerce.number().int('A whole number').min(0).max(2_000_000_000).optional(),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

export { type RatingSummary, ratingSummary };

/** One directory card, everything it shows in one row. */
export const influencerCard = personSummary.extend({
  /** Only non-empty handles. */
  socials: socialsMap,
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * Verified accounts only (issue 13): an unverified handle is in `socials` and never has numbers. Largest first;
   * `followersCount` is null when the platform hides it.
   */
  platforms: z.array(
    z.object({ platform: z.string(), followersCount: z.number().int().nullable(), verified: z.literal(true) }),
  ),
  /** Sum of the verified followers. */
  totalFollowers: z.number().int(),
  /** Price range and categories per platform, as the influencer set them (whole GEL). */
  prices: z.array(
    z.object({
      platform: z.string(),
      priceMin: z.number().int(),
      priceMax: z.number().int(),
      categories: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  rating: ratingSummary,
});
export type InfluencerCard = z.infer<typeof influencerCard>;
export const directoryResponse = pageOf(influencerCard);

export const influencerProfile = influencerCard.extend({
  /** Contact e-mail. */
  email: z.string().nullable(),
  /** Join date (ISO); the screen shows month and year. */
  joinedAt: z.string(),
  /** Orders this influencer has been hired for. */
  totalCampaigns: z.number().int(),
});
export type InfluencerProfile = z.infer<typeof influencerProfile>;

/** Client Home in one request: counts and Top Influencers (up to 10 active, newest first). */
export const clientHome = z.object({
  counts: z.object({
    /** Active influencers on the platform. */
    influencers: z.number().int(),
    /** This client's open campaigns. */
    openCampaigns: z.number().int(),
  }),
  topInfluencers: z.array(
    personSummary.extend({
      socials: socialsMap,
      /** Followers on verified accounts only (issue 13); 0 without any. */
      verifiedFollowers: z.number().int(),
    }),
  ),
});
export type ClientHome = z.infer<typeof clientHome>;
