// The platforms an influencer verifies and their price range, without zod: Settings draws them on its way to the
// first tap (issue 28 §2); social.schemas.ts builds the contracts on them.

/** The platforms an influencer can verify (issue 13): each through its official API. In the spec's order (§2,
 * influencer wizard 1: Instagram, TikTok, YouTube), which every list of them follows. */
export const SOCIAL_PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_PLATFORM_NAMES: Record<SocialPlatform, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
};

/** Spec §9: price range per platform in whole GEL. */
export const PRICE_RANGE = { min: 0, max: 5000, step: 10, default: [100, 400] as [number, number] } as const;
