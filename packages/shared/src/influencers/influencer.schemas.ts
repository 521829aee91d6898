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
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

export { type RatingSummary, ratingSummary };

/** One directory card, everything it shows in one row. */
export const influencerCard = personSummary.extend({
  /** Only non-empty handles. */
  socials: socialsMap,
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Reach per platform, largest first. */
  platforms: z.array(z.object({ platform: z.string(), followersCount: z.number().int() })),
  totalFollowers: z.number().int(),
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
  topInfluencers: z.array(personSummary.extend({ socials: socialsMap })),
});
export type ClientHome = z.infer<typeof clientHome>;
