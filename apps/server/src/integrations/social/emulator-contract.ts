// What the app and the local social emulator (emulators/social) agree on without talking to each other: the
// credentials it accepts, the account ids it derives from usernames (so db/seed.ts writes verified rows that match its
// accounts), and the shape of an account its controls answer (/dev/social reads them). The app imports this module,
// never the emulator itself: which one answers, the emulator or the platform, is configuration.
import { createHash } from 'node:crypto';

/** The credentials the emulator accepts (and the server uses while no real ones are configured). */
export const SOCIAL_EMULATOR_CREDENTIALS = {
  youtubeApiKey: 'emulator-youtube-key',
  tiktokClientKey: 'emulator-tiktok-key',
  tiktokClientSecret: 'emulator-tiktok-secret',
  instagramAppId: 'emulator-instagram-app',
  instagramAppSecret: 'emulator-instagram-secret',
} as const;

export type EmulatedPlatform = 'youtube' | 'tiktok' | 'instagram';

/** One account on an emulated platform, in one shape; each protocol writes its own field names. */
export type EmulatedAccount = {
  platform: EmulatedPlatform;
  /** YouTube channel id (UC + 22), TikTok open_id, Instagram user id. */
  id: string;
  /** Handle without @, lower case (YouTube: the @handle). */
  username: string;
  /** YouTube's legacy /user/ name, when it has one. */
  legacyUsername: string | null;
  title: string;
  /** Channel description or bio: where a person pastes the code. */
  bio: string;
  avatarUrl: string | null;
  followers: number;
  videos: number;
  /** YouTube hiddenSubscriberCount. */
  hiddenFollowers: boolean;
  /** Instagram: only professional accounts can be read. */
  accountType: 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL';
};

/** One post (video, reel, photo) on an emulated account: what the proof-of-post check reads (decision 039). */
export type EmulatedPost = {
  platform: EmulatedPlatform;
  /** YouTube video id (11 characters), TikTok video id (digits), Instagram media id (digits). */
  id: string;
  /** The owning account's id (EmulatedAccount.id). */
  accountId: string;
  /** Instagram's permalink shortcode (instagram.com/p/<shortcode>/); null elsewhere. */
  shortcode: string | null;
  /** ISO 8601. */
  publishedAt: string;
  views: number;
  likes: number;
  comments: number;
};

/** A stable platform id for a username, so the demo seed and the emulator agree without talking to each other. */
export function emulatedAccountId(platform: EmulatedPlatform, username: string): string {
  const h = createHash('sha256').update(`${platform}:${username.toLowerCase()}`).digest('base64url');
  if (platform === 'youtube') return `UC${h.slice(0, 22)}`;
  if (platform === 'tiktok') return `-000${h.slice(0, 28)}`;
  return String(
    17_841_400_000_000_000n +
      (BigInt(`0x${createHash('sha256').update(username).digest('hex').slice(0, 12)}`) % 1_000_000_000n),
  );
}
