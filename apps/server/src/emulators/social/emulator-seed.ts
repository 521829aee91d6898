import { DEMO_INFLUENCERS } from '../../db/demo-data.ts';
import {
  type EmulatedAccount,
  type EmulatedPlatform,
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
