import { createHash } from 'node:crypto';
import { DEMO_INFLUENCERS } from '../../db/demo-data.ts';
import {
  type EmulatedAccount,
  type EmulatedPlatform,
  type EmulatedPost,
  emulatedAccountId,
} from '../../integrations/social/emulator-contract.ts';

export const bareUsername = (handle: string) => handle.replace(/^@/, '').toLowerCase();

export function newAccount(
  platform: EmulatedPlatform,
  username: string,
  extra: Partial<EmulatedAccount> = {},
): EmulatedAccount {
  const u = bareUsername(username);
  return {
    platform,
    id: emulatedAccountId(platform, u),
    username: u,
    legacyUsername: null,
    title: u,
    bio: '',
    avatarUrl: null,
    followers: 0,
    videos: 0,
    hiddenFollowers: false,
    accountType: 'MEDIA_CREATOR',
    ...extra,
  };
}

/**
 * The demo influencers' accounts (db/demo-data.ts), so the seeded verifications refresh against something, plus a
 * few free channels and profiles anyone can connect in the demo.
 */
export function defaultAccounts(): EmulatedAccount[] {
  const out: EmulatedAccount[] = [];
  for (const d of DEMO_INFLUENCERS) {
    for (const platform of ['youtube', 'tiktok', 'instagram'] as const) {
      const handle = d.socials[platform];
      if (!handle) continue;
      const followers = d.followers[platform] ?? 0;
      out.push(
        newAccount(platform, handle, {
          title: `${d.name} ${d.lastname}`,
          bio: `${d.name} ${d.lastname} · Tbilisi`,
          followers,
          videos: Math.max(12, Math.round(Math.sqrt(followers))),
        }),
      );
    }
  }
  out.push(
    newAccount('youtube', 'tbilisi-eats', { title: 'Tbilisi Eats', followers: 48_250, videos: 210 }),
    newAccount('youtube', 'quiet-channel', {
      title: 'Quiet Channel',
      followers: 3_100,
      videos: 40,
      hiddenFollowers: true,
    }),
    newAccount('youtube', 'oldschool', {
      title: 'Old School',
      legacyUsername: 'OldSchoolGe',
      followers: 9_900,
      videos: 88,
    }),
    newAccount('tiktok', 'kartuli.dance', { title: 'Kartuli Dance', followers: 77_700, videos: 301 }),
    newAccount('instagram', 'batumi.sunsets', { title: 'Batumi Sunsets', followers: 15_400, videos: 520 }),
    newAccount('instagram', 'just.me.personal', {
      title: 'Just me',
      followers: 240,
      videos: 33,
      accountType: 'PERSONAL',
    }),
  );
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A post of `account` numbered `n`, with ids shaped as each platform's (YouTube 11 characters, TikTok 19 digits,
 * Instagram a numeric media id and an 11-character shortcode), stable for the same account and number.
 */
export function newPost(account: EmulatedAccount, n: number, extra: Partial<EmulatedPost> = {}): EmulatedPost {
  const h = createHash('sha256').update(`${account.platform}:${account.id}:post:${n}`).digest();
  const code = Array.from(h.subarray(0, 11), (b) => ALPHABET[b % 64]).join('');
  const digits = (len: number) => Array.from(h.subarray(11, 11 + len), (b) => String(b % 10)).join('');
  const id =
    account.platform === 'youtube' ? code : account.platform === 'tiktok' ? `7${digits(18)}` : `1790${digits(13)}`;
  return {
    platform: account.platform,
    id,
    accountId: account.id,
    shortcode: account.platform === 'instagram' ? code : null,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + n, 12)).toISOString(),
    views: 1000 * (n + 1),
    likes: 80 * (n + 1),
    comments: 7 * (n + 1),
    ...extra,
  };
}

/** Three posts per account, so a demo influencer has something to submit as proof. */
export function defaultPosts(accounts: EmulatedAccount[]): EmulatedPost[] {
  return accounts.flatMap((a) => [0, 1, 2].map((n) => newPost(a, n)));
}

/** The public link of a post, as a person would copy it from the app. */
export function postUrl(account: EmulatedAccount, post: EmulatedPost): string {
  if (post.platform === 'youtube') return `https://www.youtube.com/watch?v=${post.id}`;
  if (post.platform === 'tiktok') return `https://www.tiktok.com/@${account.username}/video/${post.id}`;
  return `https://www.instagram.com/p/${post.shortcode}/`;
}
