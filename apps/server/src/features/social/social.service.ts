import { randomBytes } from 'node:crypto';
import { LIMITS } from '@app/shared/constants';
import {
  type AccountRef,
  accountRef,
  CODE_NOT_FOUND,
  HandleError,
  normalizeHandle,
  type PlatformSettings,
  type PlatformSettingsInput,
  PRICE_RANGE,
  profileUrl,
  SOCIAL_PLATFORMS,
  type SocialAccount,
  type SocialPlatform,
  VERIFICATION_CODE_TTL_MS,
  verifiedMessage,
} from '@app/shared/social/social.schemas';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { newState, type OAuthTokens, pkcePair, type TokenBox } from '../../integrations/social/oauth.ts';
import { type PlatformAccount, SocialApiError } from '../../integrations/social/social-errors.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { profileOf } from '../../lib/guards.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import { createCountRefresh } from './count-refresh.ts';
import { createPlatformReader } from './platform-reader.ts';
import type { OwnerRow, SocialRepository } from './social.repository.ts';
import type { SocialProviders } from './social-providers.ts';
import { createTokenRefresh } from './token-refresh.ts';
import {
  fromPlatform,
  handleRequired,
  platformName as name,
  notConnected,
  notOffered,
  taken,
} from './verification-errors.ts';
import type { YoutubeVerifyBudget } from './youtube-budget.ts';

type Log = {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
};
export type ReturnTo = 'settings' | 'wizard';

const DAY = 24 * 60 * 60_000;

/** A code people can read aloud and type: no 0/O, 1/I/L. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `INF-${s}`;
}

export function createSocialService(deps: {
  db: Db;
  repo: SocialRepository;
  providers: SocialProviders;
  tokens: TokenBox;
  publicUrl: string;
  jobs: JobRunner;
  clock: Clock;
  youtubeRefreshDailyUnits: number;
  /** Tells an influencer a connection needs them (token-refresh.ts). */
  mailer: Mailer;
  /** Fetch and Verify's YouTube calls, per person, per channel and per day (youtube-budget.ts). */
  youtubeBudget: YoutubeVerifyBudget;
  log: Log;
}) {
  const { db, repo, providers, tokens, clock, log } = deps;
  const redirectUri = (p: SocialPlatform) => `${deps.publicUrl}/api/social/${p}/oauth/callback`;

  function toDto(r: OwnerRow, now: Date): SocialAccount {
    const expired = r.status === 'pending' && r.expiresAt !== null && r.expiresAt.getTime() <= now.getTime();
    return {
      platform: r.platform as SocialPlatform,
      handle: r.handle,
      url: r.url,
      accountId: r.accountId,
      title: r.title,
      avatarUrl: r.avatarUrl,
      followerCount: r.followerCount,
      videoCount: r.videoCount,
      status: expired ? 'failed' : (r.status as SocialAccount['status']),
      code: r.status === 'pending' && !expired ? r.code : null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      countsRefreshedAt: r.countsRefreshedAt?.toISOString() ?? null,
      connected: r.connected,
      reconnectNeeded: r.status === 'verified' && r.reconnectNeededAt !== null,
    };
  }

  async function dtoOf(influencerId: string, platform: SocialPlatform): Promise<SocialAccount> {
    const row = await repo.ownerRow(influencerId, platform);
    if (!row) throw handleRequired(platform);
    return toDto(row, clock());
  }

  function parse(platform: SocialPlatform, raw: string): { handle: string; ref: AccountRef } {
    const handle = normalizeHandle(platform, raw);
    if (!handle) throw handleRequired(platform);
    try {
      return { handle, ref: accountRef(platform, handle) };
    } catch (err) {
      if (err instanceof HandleError) throw new AppError('INVALID_HANDLE', err.message, 400);
      throw err;
    }
  }

  const reader = createPlatformReader({ db, repo, providers, tokens, clock });
  const { oauthClient, sealed, readAccount } = reader;

  /**
   * A new attempt replaces the old row; a verified account it replaces stops counting at once (its followers leave
   * the directory total in the same transaction).
   */
  async function replace(v: Parameters<SocialRepository['replace']>[1], now: Date) {
    await db.transaction(async (tx) => {
      await repo.replace(tx, v, now);
      await repo.recomputeFollowers(tx, [v.influencerId]);
    });
  }

  const sameUsername = (a: PlatformAccount, ref: AccountRef) =>
    (a.username ?? '').replace(/^@/, '').toLowerCase() === ref.value.replace(/^@/, '').toLowerCase();

  return {
    async overview(actor: Actor) {
      const influencerId = profileOf(actor, 'influencer');
      const now = clock();
      const [rows, saved, chosenAtSignUp] = await Promise.all([
        repo.listForInfluencer(influencerId),
        repo.settings(influencerId),
        repo.profileCategoryIds(influencerId),
      ]);
      // A platform never saved starts with the categories chosen at registration ticked (issue 27: it started empty).
      const startingCategories = chosenAtSignUp.slice(0, LIMITS.categoriesPerPlatformMax);
      const settings: PlatformSettings[] = SOCIAL_PLATFORMS.map((platform) => {
        const s = saved.find((x) => x.platform === platform);
        return s
          ? {
              platform,
              categoryIds: s.categoryIds,
              priceMin: Math.round(s.priceMinMinor / 100),
              priceMax: Math.round(s.priceMaxMinor / 100),
            }
          : {
              platform,
              categoryIds: startingCategories,
              priceMin: PRICE_RANGE.default[0],
              priceMax: PRICE_RANGE.default[1],
            };
      });
      return { accounts: rows.map((r) => toDto(r, now)), settings };
    },

    /**
     * Spec §4 "fetch": the handle resolved through the platform (YouTube at once; TikTok and Instagram once the
     * creator has connected the account), a new code valid 24 hours. Replaces any earlier attempt on this platform.
     */
    async fetch(actor: Actor, platform: SocialPlatform, raw: string, returnTo: ReturnTo = 'settings') {
      const influencerId = profileOf(actor, 'influencer');
      const { handle, ref } = parse(platform, raw);
      const now = clock();
      const base = {
        influencerId,
        platform,
        handle,
        url: profileUrl(platform, ref),
        status: 'pending',
        code: newCode(),
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      };
      if (platform === 'youtube') {
        const yt = providers.youtube;
        if (!yt) throw notOffered(platform);
        await deps.youtubeBudget.spend({ influencerId });
        let channel: PlatformAccount | null;
        try {
          channel = await yt.lookup(ref);
        } catch (err) {
          throw fromPlatform(err);
        }
        if (!channel) {
          throw new AppError('SOCIAL_ACCOUNT_NOT_FOUND', `We could not find a YouTube channel for ${handle}.`, 404);
        }
        if (await repo.verifiedByOther(platform, channel.id, influencerId)) throw taken(platform);
        await replace(
          {
            ...base,
            url: `https://www.youtube.com/channel/${channel.id}`,
            accountId: channel.id,
            title: channel.title,
            avatarUrl: channel.avatarUrl,
            followerCount: channel.followerCount,
            videoCount: channel.videoCount,
          },
          now,
        );
        return { account: await dtoOf(influencerId, platform), authorizeUrl: null };
      }
      const client = oauthClient(platform);
      const pkce = pkcePair(client.pkceEncoding);
      // The state names where to come back to; the rest of it is random, and it is kept with the attempt.
      const state = `${newState()}.${returnTo === 'wizard' ? 'w' : 's'}`;
      await replace({ ...base, oauthState: state, oauthVerifier: pkce.verifier }, now);
      return {
        account: await dtoOf(influencerId, platform),
        authorizeUrl: client.authorizeUrl({ state, challenge: pkce.challenge, redirectUri: redirectUri(platform) }),
      };
    },

    /**
     * The consent screen sends the browser back here. The `state` must be the one issued to this influencer's
     * pending attempt on this platform; the code is then exchanged with the PKCE verifier kept beside it.
     */
    async oauthCallback(
      actor: Actor,
      platform: 'tiktok' | 'instagram',
      q: { code?: string; state?: string; error?: string; error_description?: string },
    ): Promise<{ returnTo: ReturnTo }> {
      const influencerId = profileOf(actor, 'influencer');
      const row = q.state ? await repo.findByState(q.state) : null;
      const mismatch = () =>
        new AppError(
          'OAUTH_STATE_MISMATCH',
          `This ${name(platform)} connection is not the one we started. Please press Fetch and connect again.`,
          400,
        );
      if (!row || row.influencerId !== influencerId || row.platform !== platform || !row.oauthVerifier) {
        throw mismatch();
      }
      const returnTo: ReturnTo = q.state!.endsWith('.w') ? 'wizard' : 'settings';
      const now = clock();
      // Whatever happens next, this state has been answered: it cannot be replayed.
      await repo.update(db, row.id, { oauthState: null, oauthVerifier: null }, now);
      if (q.error || !q.code) {
        throw new AppError(
          'OAUTH_DENIED',
          `${name(platform)} did not connect: ${q.error === 'access_denied' ? 'access was not allowed' : (q.error_description ?? q.error ?? 'no code was returned')}. Press Fetch to try again.`,
          400,
        );
      }
      if (row.status !== 'pending' || (row.expiresAt && row.expiresAt <= now)) throw mismatch();
      const client = oauthClient(platform);
      let account: PlatformAccount;
      let granted: OAuthTokens;
      try {
        granted = await client.exchangeCode({
          code: q.code,
          verifier: row.oauthVerifier,
          redirectUri: redirectUri(platform),
        });
        account = await client.me(granted.accessToken);
      } catch (err) {
        throw fromPlatform(err);
      }
      const ref = accountRef(platform, row.handle);
      if (!sameUsername(account, ref)) {
        throw new AppError(
          'SOCIAL_ACCOUNT_MISMATCH',
          `You connected @${account.username ?? '?'} but entered ${row.handle}. Please connect ${row.handle}, or enter @${account.username ?? ''} and press Fetch.`,
          409,
        );
      }
      if (await repo.verifiedByOther(platform, account.id, influencerId)) throw taken(platform);
      await repo.update(
        db,
        row.id,
        {
          accountId: account.id,
          title: account.title,
          avatarUrl: account.avatarUrl,
          followerCount: account.followerCount,
          videoCount: account.videoCount,
          ...sealed(granted),
          lastError: null,
        },
        now,
      );
      return { returnTo };
    },

    /** Spec §4 "verify": the account read again, the code looked for in the description or bio. */
    async verify(actor: Actor, platform: SocialPlatform) {
      const influencerId = profileOf(actor, 'influencer');
      const row = await repo.find(influencerId, platform);
      const now = clock();
      if (!row) throw handleRequired(platform);
      if (row.status === 'verified') {
        throw new AppError('ALREADY_VERIFIED', `Your ${name(platform)} account is already verified.`, 409);
      }
      if (row.status === 'failed' || !row.code || (row.expiresAt && row.expiresAt <= now)) {
        if (row.status === 'pending') await repo.update(db, row.id, { status: 'failed', lastError: 'expired' }, now);
        throw new AppError('CODE_EXPIRED', 'Your verification code has expired. Press Fetch to get a new one.', 410);
      }
      if (!row.accountId) throw notConnected(platform);
      if (platform === 'youtube') await deps.youtubeBudget.spend({ influencerId, channelId: row.accountId });
      let account: PlatformAccount | null;
      try {
        account = await readAccount(row, platform);
      } catch (err) {
        const e = err instanceof SocialApiError ? err : null;
        if (e) {
          log.warn({ platform, kind: e.kind, detail: e.detail }, 'social: verification read failed');
          await repo.update(db, row.id, { lastError: `${e.kind}: ${e.detail ?? ''}`.slice(0, 500) }, now);
        }
        throw fromPlatform(err);
      }
      if (!account || account.id !== row.accountId) {
        await repo.update(db, row.id, { status: 'failed', lastError: 'account not found' }, now);
        throw new AppError(
          'SOCIAL_ACCOUNT_NOT_FOUND',
          `We could not find your ${name(platform)} account any more. Please check the address and press Fetch again.`,
          404,
        );
      }
      const counts = {
        title: account.title,
        avatarUrl: account.avatarUrl,
        followerCount: account.followerCount,
        videoCount: account.videoCount,
      };
      if (!account.description.includes(row.code)) {
        // Still pending: platforms take a moment to show an edited bio; the person may try again until expiry.
        await repo.update(db, row.id, { ...counts, lastError: 'code not found' }, now);
        throw new AppError('CODE_NOT_FOUND', CODE_NOT_FOUND[platform], 422);
      }
      if (await repo.verifiedByOther(platform, account.id, influencerId)) throw taken(platform);
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.markVerified(tx, row.id, { ...counts, lastError: null }, now))) {
            throw new AppError('ALREADY_VERIFIED', `Your ${name(platform)} account is already verified.`, 409);
          }
          const shown = platform === 'youtube' ? (account.username ?? row.handle) : row.handle;
          await repo.setSocialHandle(tx, influencerId, platform, shown);
          await repo.recomputeFollowers(tx, [influencerId]);
        });
      } catch (err) {
        if (isUniqueViolation(err, 'social_verifications_account_verified_uq')) throw taken(platform);
        throw err;
      }
      return { account: await dtoOf(influencerId, platform), message: verifiedMessage(platform) };
    },

    async saveSettings(
      actor: Actor,
      platform: SocialPlatform,
      input: PlatformSettingsInput,
    ): Promise<PlatformSettings> {
      const influencerId = profileOf(actor, 'influencer');
      const offered = await repo.offeredCategoryIds(input.categoryIds);
      if (offered.length !== input.categoryIds.length) {
        throw new AppError(
          'UNKNOWN_CATEGORY',
          'Choose categories from the list offered (the first 8 categories).',
          400,
          { fieldErrors: { categoryIds: ['Choose categories from the list offered'] } },
        );
      }
      await repo.saveSettings(
        influencerId,
        platform,
        { priceMinMinor: input.priceMin * 100, priceMaxMinor: input.priceMax * 100, categoryIds: input.categoryIds },
        clock(),
      );
      return {
        platform,
        categoryIds: [...input.categoryIds].sort(),
        priceMin: input.priceMin,
        priceMax: input.priceMax,
      };
    },

    /** The daily refresh of follower counts (count-refresh.ts). */
    refreshCounts: createCountRefresh({
      db,
      repo,
      providers,
      reader,
      clock,
      youtubeRefreshDailyUnits: deps.youtubeRefreshDailyUnits,
      log,
    }),

    /** The daily renewal of Instagram's long-lived tokens (token-refresh.ts). */
    refreshInstagramTokens: createTokenRefresh({
      db,
      repo,
      reader,
      tokens,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      clock,
      log,
    }),
  };
}
export type SocialService = ReturnType<typeof createSocialService>;

export const SOCIAL_REFRESH_EVERY_DAY = DAY;
