// Social accounts (spec §2 Settings → Social Media, §4 social verification, §5 handle rules, §9 price and categories).
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import type { SocialPlatform } from './social.constants.ts';
import { PRICE_RANGE, SOCIAL_PLATFORM_NAMES, SOCIAL_PLATFORMS } from './social.constants.ts';

export type { SocialPlatform } from './social.constants.ts';
export { PRICE_RANGE, SOCIAL_PLATFORM_NAMES, SOCIAL_PLATFORMS } from './social.constants.ts';

export const socialPlatform = z.enum(SOCIAL_PLATFORMS, `Choose one of: ${SOCIAL_PLATFORMS.join(', ')}`);

/** How long an issued code may be placed and checked (spec §9: 24 hours). */
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;

const SITE = /(^|[./])(youtube\.com|youtu\.be|tiktok\.com|instagram\.com|instagr\.am)(\/|$)|^https?:\/\//i;
/** Whether the input is a site address rather than a handle. */
export const isSiteAddress = (s: string) => SITE.test(s);

/**
 * Spec §5: YouTube strips a leading @, then gets @ prefixed unless it is a site address; TikTok and Instagram get @
 * prefixed unless they start with @ or are a site address. Whitespace around the input is dropped.
 */
export function normalizeHandle(platform: SocialPlatform, raw: string): string {
  const input = raw.trim();
  if (!input) return '';
  if (platform === 'youtube') {
    const stripped = input.replace(/^@/, '');
    return isSiteAddress(stripped) ? stripped : `@${stripped}`;
  }
  return input.startsWith('@') || isSiteAddress(input) ? input : `@${input}`;
}

/** What to ask the platform for: YouTube's three lookups, or a username the OAuth account must match. */
export type AccountRef =
  | { kind: 'handle'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'username'; value: string };

export class HandleError extends Error {}

const HANDLE = /^[A-Za-z0-9._-]{1,100}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

function asUrl(s: string): URL {
  try {
    return new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
  } catch {
    throw new HandleError('That does not look like a profile address. Enter your @handle or your profile URL.');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/**
 * A normalised handle or address → the lookup it means (research notes §3.1: /@handle → forHandle, /channel/UC… →
 * id, /user/name → forUsername; /c/custom has no lookup). Throws HandleError with a message for people.
 */
export function accountRef(platform: SocialPlatform, normalized: string): AccountRef {
  const name = SOCIAL_PLATFORM_NAMES[platform];
  if (!normalized) throw new HandleError(`Please enter your ${name} channel URL first`);
  if (!isSiteAddress(normalized)) {
    const h = normalized.replace(/^@/, '');
    if (!HANDLE.test(h)) throw new HandleError(`"${normalized}" is not a valid ${name} handle.`);
    return platform === 'youtube' ? { kind: 'handle', value: `@${h}` } : { kind: 'username', value: h.toLowerCase() };
  }
  const url = asUrl(normalized);
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  // A malformed escape (`%ZZ`, a cut-off `%E0%A4%A`) makes that segment empty, so it matches nothing and the
  // platform's own "enter an address such as …" message answers instead of a URIError.
  const parts = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const wrongSite = () => new HandleError(`That is not ${platform === 'instagram' ? 'an' : 'a'} ${name} address.`);
  if (platform === 'youtube') {
    if (host !== 'youtube.com') throw wrongSite();
    const [first, second] = parts;
    if (first?.startsWith('@') && HANDLE.test(first.slice(1))) return { kind: 'handle', value: first };
    if (first === 'channel' && second && CHANNEL_ID.test(second)) return { kind: 'id', value: second };
    if (first === 'user' && second && HANDLE.test(second)) return { kind: 'username', value: second };
    if (first === 'c')
      throw new HandleError('YouTube custom addresses (/c/…) cannot be looked up. Please enter your channel @handle.');
    throw new HandleError('Enter a YouTube channel address such as youtube.com/@handle or youtube.com/channel/UC…');
  }
  if (platform === 'tiktok') {
    if (host !== 'tiktok.com') throw wrongSite();
    const first = parts[0];
    if (first?.startsWith('@') && HANDLE.test(first.slice(1)))
      return { kind: 'username', value: first.slice(1).toLowerCase() };
    throw new HandleError('Enter a TikTok profile address such as tiktok.com/@username');
  }
  if (host !== 'instagram.com' && host !== 'instagr.am') throw wrongSite();
  const first = parts[0]?.replace(/^@/, '');
  if (first && HANDLE.test(first) && !['p', 'reel', 'explore', 'stories'].includes(first))
    return { kind: 'username', value: first.toLowerCase() };
  throw new HandleError('Enter an Instagram profile address such as instagram.com/username');
}

/** The public address of an account, for links. */
export function profileUrl(platform: SocialPlatform, ref: AccountRef): string {
  if (platform === 'youtube') {
    if (ref.kind === 'id') return `https://www.youtube.com/channel/${ref.value}`;
    if (ref.kind === 'username') return `https://www.youtube.com/user/${ref.value}`;
    return `https://www.youtube.com/${ref.value}`;
  }
  return platform === 'tiktok' ? `https://www.tiktok.com/@${ref.value}` : `https://www.instagram.com/${ref.value}`;
}

export const SOCIAL_STATUSES = ['pending', 'verified', 'failed'] as const;
export type SocialStatus = (typeof SOCIAL_STATUSES)[number];

export const fetchAccountInput = z.object({ handle: z.string().max(300) });
export type FetchAccountInput = z.infer<typeof fetchAccountInput>;

/** One platform's verification as its owner sees it (never tokens). */
export const socialAccount = z.object({
  platform: socialPlatform,
  handle: z.string(),
  url: z.string(),
  accountId: z.string().nullable(),
  title: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Null when the platform hides it. */
  followerCount: z.number().int().nullable(),
  videoCount: z.number().int().nullable(),
  /** A pending one past its expiry reads 'failed' (spec §4). */
  status: z.enum(SOCIAL_STATUSES),
  /** The code to place in the bio or description, while pending. */
  code: z.string().nullable(),
  expiresAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  countsRefreshedAt: z.string().nullable(),
  /** TikTok and Instagram: whether the creator has connected the account (OAuth) for this code. */
  connected: z.boolean(),
  /** Verified, but the platform would not renew our access: the influencer must connect the account again. */
  reconnectNeeded: z.boolean(),
});
export type SocialAccount = z.infer<typeof socialAccount>;

export const fetchAccountResponse = z.object({
  account: socialAccount,
  /** TikTok and Instagram: where the browser goes to let us read the account (the platform's consent screen). */
  authorizeUrl: z.string().nullable(),
});
export type FetchAccountResponse = z.infer<typeof fetchAccountResponse>;

export const verifyResponse = z.object({ account: socialAccount, message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponse>;

const gel = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number of GEL`)
    .min(PRICE_RANGE.min, `${label} cannot be below ${PRICE_RANGE.min} GEL`)
    .max(PRICE_RANGE.max, `${label} cannot be above ${PRICE_RANGE.max} GEL`)
    .refine((n) => n % PRICE_RANGE.step === 0, `${label} must be a multiple of ${PRICE_RANGE.step} GEL`);

/** Spec §9: up to 3 categories (of the first 8) and a price range per platform, now kept on the server. */
export const platformSettingsInput = z
  .object({
    categoryIds: z
      .array(z.uuid('Not a valid category'))
      .max(LIMITS.categoriesPerPlatformMax, `You can choose up to ${LIMITS.categoriesPerPlatformMax} categories`)
      .refine((ids) => new Set(ids).size === ids.length, 'A category is chosen twice'),
    priceMin: gel('The lowest price'),
    priceMax: gel('The highest price'),
  })
  .refine((v) => v.priceMin <= v.priceMax, {
    message: 'The lowest price cannot be above the highest',
    path: ['priceMax'],
  });
export type PlatformSettingsInput = z.infer<typeof platformSettingsInput>;

export const platformSettings = z.object({
  platform: socialPlatform,
  categoryIds: z.array(z.string()),
  priceMin: z.number().int(),
  priceMax: z.number().int(),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

/** Settings → Social Media in one request. */
export const socialOverview = z.object({
  accounts: z.array(socialAccount),
  /** Every platform, with the defaults where nothing is saved. */
  settings: z.array(platformSettings),
});
export type SocialOverview = z.infer<typeof socialOverview>;

/** The spec's messages (§8) for a code that is not where it should be. */
export const CODE_NOT_FOUND: Record<SocialPlatform, string> = {
  youtube: 'The verification code was not found in your channel description. Please make sure you added it correctly.',
  tiktok: 'Verification code not found in your TikTok bio. Please make sure you added it correctly.',
  instagram: 'Could not find the verification code in your Instagram bio. Please make sure you added it correctly.',
};
export const verifiedMessage = (p: SocialPlatform) =>
  p === 'youtube'
    ? 'Your YouTube channel has been verified successfully'
    : `Your ${SOCIAL_PLATFORM_NAMES[p]} account has been verified successfully`;
