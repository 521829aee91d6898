// Reading an account from its platform now, never from a cache: YouTube by API key, TikTok and Instagram with the
// creator's own token, refreshed (and sealed again) when it has expired or the platform calls it dead.
import type { SocialPlatform } from '@app/shared/social/social.schemas';
import type { Db } from '../../db/client.ts';
import type { OAuthPlatformClient } from '../../integrations/social/instagram-client.ts';
import type { OAuthTokens, TokenBox } from '../../integrations/social/oauth.ts';
import { type PlatformAccount, SocialApiError } from '../../integrations/social/social-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SocialRepository, VerificationRow } from './social.repository.ts';
import type { SocialProviders } from './social-providers.ts';
import { notConnected, notOffered } from './verification-errors.ts';

export type PlatformReader = ReturnType<typeof createPlatformReader>;

export function createPlatformReader(deps: {
  db: Db;
  repo: SocialRepository;
  providers: SocialProviders;
  tokens: TokenBox;
  clock: Clock;
}) {
  const { db, repo, providers, tokens, clock } = deps;

  function oauthClient(platform: 'tiktok' | 'instagram'): OAuthPlatformClient {
    const c = providers[platform];
    if (!c) throw notOffered(platform);
    return c;
  }

  /** Tokens as stored: encrypted at rest, with when they were issued (a working token clears "reconnect needed"). */
  const sealed = (t: OAuthTokens) => ({
    accessTokenEnc: tokens.seal(t.accessToken),
    refreshTokenEnc: t.refreshToken ? tokens.seal(t.refreshToken) : null,
    tokenExpiresAt: t.expiresAt,
    tokenIssuedAt: clock(),
    refreshExpiresAt: t.refreshExpiresAt,
    reconnectNeededAt: null,
  });

  /** A live access token for the row, refreshed (and stored again, encrypted) when it has expired. */
  async function accessTokenOf(row: VerificationRow, platform: 'tiktok' | 'instagram'): Promise<string> {
    const client = oauthClient(platform);
    const access = tokens.open(row.accessTokenEnc);
    if (!access) throw notConnected(platform);
    const now = clock();
    // A minute early: the token must still be valid when the platform reads it.
    if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() - 60_000 > now.getTime()) return access;
    const fresh = await client.refresh({ accessToken: access, refreshToken: tokens.open(row.refreshTokenEnc) });
    await repo.update(db, row.id, sealed(fresh), now);
    return fresh.accessToken;
  }

  /** Reads the account behind a row now (never from a cache: the code was just placed). */
  async function readAccount(row: VerificationRow, platform: SocialPlatform): Promise<PlatformAccount | null> {
    if (platform === 'youtube') {
      const yt = providers.youtube;
      if (!yt) throw notOffered(platform);
      return yt.lookup({ kind: 'id', value: row.accountId! }, { fresh: true });
    }
    const token = await accessTokenOf(row, platform);
    try {
      return await oauthClient(platform).me(token);
    } catch (err) {
      // The platform says the token is dead although it had not expired by our clock: one refresh, then give up.
      if (err instanceof SocialApiError && err.kind === 'token' && row.refreshTokenEnc) {
        const fresh = await oauthClient(platform).refresh({
          accessToken: token,
          refreshToken: tokens.open(row.refreshTokenEnc),
        });
        await repo.update(db, row.id, sealed(fresh), clock());
        return oauthClient(platform).me(fresh.accessToken);
      }
      throw err;
    }
  }

  return { oauthClient, sealed, readAccount, accessTokenOf };
}
