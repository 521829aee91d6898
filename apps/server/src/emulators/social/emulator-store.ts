// The social emulator's state: accounts, OAuth grants and tokens, fault switches and YouTube quota used; in memory or
// a JSON file (each save writes a temporary file and renames it).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmulatedAccount, EmulatedPlatform, EmulatedPost } from '../../integrations/social/emulator-contract.ts';
import { bareUsername, defaultAccounts, defaultPosts } from './emulator-seed.ts';

export type OAuthPlatform = 'tiktok' | 'instagram';

export type Grant = {
  platform: OAuthPlatform;
  accountId: string;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
};
export type Token = {
  platform: OAuthPlatform;
  accountId: string;
  kind: 'access' | 'refresh' | 'short';
  expiresAt: number;
  /** When it was issued (older stores lack it: treated as long ago). */
  issuedAt?: number;
};
export type SocialFaults = {
  /** YouTube answers 403 quotaExceeded. */
  youtubeQuota: boolean;
  /** These platforms answer 503. */
  unavailable: EmulatedPlatform[];
  /** These platforms answer 429 (TikTok: rate_limit_exceeded, Instagram: code 4). */
  rateLimited: EmulatedPlatform[];
  /** Every API answer waits this long. */
  slowMs: number;
};
export type SocialState = {
  version: 1;
  accounts: EmulatedAccount[];
  /** Posts of the accounts (the proof-of-post check reads them); older stores lack them. */
  posts: EmulatedPost[];
  grants: Record<string, Grant>;
  tokens: Record<string, Token>;
  faults: SocialFaults;
  /** YouTube quota units used (each channels.list call is one). */
  quotaUsed: number;
};

export const NO_FAULTS: SocialFaults = { youtubeQuota: false, unavailable: [], rateLimited: [], slowMs: 0 };

const fresh = (accounts: EmulatedAccount[]): SocialState => ({
  version: 1,
  accounts,
  posts: defaultPosts(accounts),
  grants: {},
  tokens: {},
  faults: { ...NO_FAULTS },
  quotaUsed: 0,
});

export type SocialStore = ReturnType<typeof createSocialStore>;

/** `storePath` keeps the state across restarts; `accounts` start a new store (default: the demo's, emulator-seed.ts). */
export function createSocialStore(o: { storePath?: string; accounts?: EmulatedAccount[] }) {
  let state: SocialState =
    o.storePath && existsSync(o.storePath) ? load(o.storePath) : fresh(o.accounts ?? defaultAccounts());

  function save() {
    if (!o.storePath) return;
    mkdirSync(dirname(o.storePath), { recursive: true });
    const tmp = `${o.storePath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, o.storePath);
  }

  return {
    get state() {
      return state;
    },
    save,
    /** Forget everything and start from `accounts` (default: the demo's). */
    reset(accounts?: EmulatedAccount[]) {
      state = fresh(accounts ?? defaultAccounts());
      save();
    },
    /** An account of `platform` by its id or its username (with or without @). */
    byKey(platform: EmulatedPlatform, key: string) {
      return state.accounts.find((a) => a.platform === platform && (a.id === key || a.username === bareUsername(key)));
    },
  };
}

function load(path: string): SocialState {
  const s = JSON.parse(readFileSync(path, 'utf8')) as SocialState;
  return { ...s, posts: s.posts ?? defaultPosts(s.accounts), faults: { ...NO_FAULTS, ...s.faults } };
}
