// Business constants and limits from spec §9. The server enforces them; the web mirrors them.
export const ROLES = ['client', 'influencer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SIGNUP_ROLES = ['client', 'influencer'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Networks a campaign can target (one chosen at creation). */
export const CAMPAIGN_NETWORKS = ['instagram', 'tiktok', 'youtube', 'facebook'] as const;
/** Home shortcuts add linkedin. */
export const HOME_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin'] as const;
/** The directory filter adds twitter. */
export const DIRECTORY_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'twitter', 'linkedin'] as const;
export type Platform = (typeof DIRECTORY_PLATFORMS)[number];

/** The 15 categories in the spec's order; only the first 8 are offered on the screens. */
export const CATEGORY_NAMES = [
  'Fashion & Style',
  'Beauty & Makeup',
  'Fitness & Health',
  'Food & Cooking',
  'Travel & Lifestyle',
  'Technology',
  'Gaming',
  'Music & Entertainment',
  'Education',
  'Business & Finance',
  'Art & Design',
  'Photography',
  'Sports',
  'Parenting & Family',
  'Home & Garden',
] as const;
export const OFFERED_CATEGORY_COUNT = 8;

export const LIMITS = {
  campaignTitleMax: 50,
  cardTitleTruncate: 30,
  cardDescriptionTruncate: 150,
  detailTruncate: 200,
  topInfluencers: 10,
  unreadBadgeCap: 9,
  passwordMin: 6,
  passwordMax: 128,
  nameMax: 80,
  mobileMax: 32,
  companyIdMax: 64,
  emailMax: 254,
  avatarMaxBytes: 5 * 1024 * 1024,
  ibanMin: 15,
  ibanMax: 34,
  categoriesPerPlatformMax: 3,
  ratingMin: 1,
  ratingMax: 5,
  minimumAge: 18,
} as const;

/**
 * The cookie in which the app tells the server which layout this browser shows (`wide`: two columns from 1024 px, or
 * `narrow`), so the next page the server renders is drawn the same way (decision 027).
 */
export const LAYOUT_COOKIE = 'influence.layout';

export const DEACTIVATION_PHRASE = 'delete me';
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const SUPPORT_EMAIL = 'support@influence.ge';
