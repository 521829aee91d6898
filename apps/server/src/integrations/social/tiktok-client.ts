import type { OAuthTokens, PkceEncoding } from './oauth.ts';
import { callPlatform, countOf, type PlatformAccount, type PlatformPost, SocialApiError } from './social-errors.ts';

export type TiktokClientOptions = {
  clientKey: string;
  clientSecret: string;
  /** https://www.tiktok.com/v2/auth/authorize/ (the consent screen). */
  authorizeUrl: string;
  /** https://open.tiktokapis.com (token and user info). */
  apiBaseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  clock?: () => number;
};

/** user.info.profile gives bio_description and username, user.info.stats the counts, video.list the proof-of-post check. */
export const TIKTOK_SCOPES = 'user.info.basic,user.info.profile,user.info.stats,video.list';
const USER_FIELDS =
  'open_id,union_id,avatar_url,display_name,bio_description,profile_deep_link,is_verified,username,follower_count,video_count';

/** TikTok Login Kit (OAuth 2.0 authorization code with PKCE) and `GET /v2/user/info/`. */
export function createTiktokClient(o: TiktokClientOptions) {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const now = o.clock ?? Date.now;
  const api = o.apiBaseUrl.replace(/\/$/, '');

  async function token(form: Record<string, string>): Promise<OAuthTokens> {
    const { status, body } = await callPlatform(
      'tiktok',
      doFetch,
      `${api}/v2/oauth/token/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
        body: new URLSearchParams({ client_key: o.clientKey, client_secret: o.clientSecret, ...form }).toString(),
      },
      timeoutMs,
    );
    const b = (body ?? {}) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      refresh_expires_in?: number;
      open_id?: string;
      error?: string;
      error_description?: string;
    };
    if (status !== 200 || !b.access_token) {
      // invalid_grant: the code was used, expired or does not match the PKCE verifier; the person starts again.
      throw new SocialApiError(
        'tiktok',
        'oauth',
        'TikTok did not confirm the connection. Please press Fetch and connect your account again.',
        `status ${status} ${b.error ?? ''} ${b.error_description ?? ''}`.trim(),
      );
    }
    const t = now();
    return {
      accessToken: b.access_token,
      refreshToken: b.refresh_token ?? null,
      expiresAt: new Date(t + (b.expires_in ?? 86_400) * 1000),
      refreshExpiresAt: b.refresh_expires_in ? new Date(t + b.refresh_expires_in * 1000) : null,
      accountId: b.open_id ?? null,
    };
  }

  /** TikTok's error envelope (`error.code` other than "ok") in our terms. */
  function apiError(status: number, b: { error?: { code?: string; message?: string } }): SocialApiError {
    const code = b.error?.code ?? `status_${status}`;
    const detail = `status ${status} ${code} ${b.error?.message ?? ''}`.trim();
    if (code === 'access_token_invalid' || status === 401)
      return new SocialApiError('tiktok', 'token', 'Please connect your TikTok account again.', detail);
    if (code === 'rate_limit_exceeded')
      return new SocialApiError(
        'tiktok',
        'rate_limited',
        'TikTok is limiting our requests right now. Please try again in a few minutes.',
        detail,
      );
    if (code === 'scope_not_authorized' || code === 'scope_permission_missed')
      return new SocialApiError(
        'tiktok',
        'oauth',
        'Please allow access to your videos when connecting TikTok.',
        detail,
      );
    return new SocialApiError(
      'tiktok',
      'unavailable',
      'TikTok is not answering right now. Please try again in a few minutes.',
      detail,
    );
  }

  return {
    platform: 'tiktok' as const,
    /**
     * `POST /v2/video/query/` with `filters.video_ids` (up to 20): the token owner's own videos among them, with
     * `create_time` (Unix seconds) and counts. Another creator's or a deleted video is absent from the map.
     */
    async videos(accessToken: string, ids: string[]): Promise<Map<string, PlatformPost>> {
      const out = new Map<string, PlatformPost>();
      if (!ids.length) return out;
      const { status, body } = await callPlatform(
        'tiktok',
        doFetch,
        `${api}/v2/video/query/?fields=id,create_time,share_url,view_count,like_count,comment_count`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ filters: { video_ids: ids.slice(0, 20) } }),
        },
        timeoutMs,
      );
      const b = (body ?? {}) as {
        data?: { videos?: Record<string, unknown>[] };
        error?: { code?: string; message?: string };
      };
      if (status !== 200 || (b.error?.code ?? 'ok') !== 'ok') throw apiError(status, b);
      for (const v of b.data?.videos ?? []) {
        if (v.id == null) continue;
        const t = typeof v.create_time === 'number' ? new Date(v.create_time * 1000) : null;
        out.set(String(v.id), {
          id: String(v.id),
          ownerId: null,
          publishedAt: t,
          views: countOf(v.view_count),
          likes: countOf(v.like_count),
          comments: countOf(v.comment_count),
        });
      }
      return out;
    },
    /**
     * Login Kit for Desktop: "code_challenge: SHA256(code_verifier) hex-encoded", method S256; its web guide lists no
     * PKCE, and the token endpoint takes code_verifier. We send the documented hex form (decision 018).
     */
    pkceEncoding: 'hex' as PkceEncoding,
    authorizeUrl(p: { state: string; challenge: string; redirectUri: string }): string {
      const url = new URL(o.authorizeUrl);
      url.searchParams.set('client_key', o.clientKey);
      url.searchParams.set('scope', TIKTOK_SCOPES);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', p.redirectUri);
      url.searchParams.set('state', p.state);
      url.searchParams.set('code_challenge', p.challenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    exchangeCode: (p: { code: string; verifier: string; redirectUri: string }) =>
      token({
        code: p.code,
        grant_type: 'authorization_code',
        redirect_uri: p.redirectUri,
        code_verifier: p.verifier,
      }),
    async refresh(t: { accessToken: string; refreshToken: string | null }): Promise<OAuthTokens> {
      if (!t.refreshToken) {
        throw new SocialApiError('tiktok', 'token', 'Please connect your TikTok account again.', 'no refresh token');
      }
      try {
        return await token({ grant_type: 'refresh_token', refresh_token: t.refreshToken });
      } catch (err) {
        if (err instanceof SocialApiError && err.kind === 'oauth') {
          throw new SocialApiError('tiktok', 'token', 'Please connect your TikTok account again.', err.detail);
        }
        throw err;
      }
    },
    async me(accessToken: string): Promise<PlatformAccount> {
      const { status, body } = await callPlatform(
        'tiktok',
        doFetch,
        `${api}/v2/user/info/?fields=${USER_FIELDS}`,
        { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
        timeoutMs,
      );
      const b = (body ?? {}) as {
        data?: { user?: Record<string, unknown> };
        error?: { code?: string; message?: string };
      };
      const code = b.error?.code ?? (status === 200 ? 'ok' : `status_${status}`);
      if (code !== 'ok') {
        const detail = `status ${status} ${code} ${b.error?.message ?? ''}`.trim();
        if (code === 'access_token_invalid' || status === 401) {
          throw new SocialApiError('tiktok', 'token', 'Please connect your TikTok account again.', detail);
        }
        if (code === 'rate_limit_exceeded') {
          throw new SocialApiError(
            'tiktok',
            'rate_limited',
            'TikTok is limiting our requests right now. Please try again in a few minutes.',
            detail,
          );
        }
        if (code === 'scope_not_authorized' || code === 'scope_permission_missed') {
          throw new SocialApiError(
            'tiktok',
            'oauth',
            'Please allow access to your profile and statistics when connecting TikTok.',
            detail,
          );
        }
        throw new SocialApiError(
          'tiktok',
          'unavailable',
          'TikTok is not answering right now. Please try again in a few minutes.',
          detail,
        );
      }
      const u = b.data?.user ?? {};
      if (typeof u.open_id !== 'string') {
        throw new SocialApiError('tiktok', 'unavailable', 'TikTok sent an answer we could not read.', 'no open_id');
      }
      return {
        id: u.open_id,
        username: typeof u.username === 'string' ? u.username : null,
        title: typeof u.display_name === 'string' ? u.display_name : '',
        description: typeof u.bio_description === 'string' ? u.bio_description : '',
        avatarUrl: typeof u.avatar_url === 'string' ? u.avatar_url : null,
        followerCount: countOf(u.follower_count),
        videoCount: countOf(u.video_count),
      };
    },
  };
}
export type TiktokClient = ReturnType<typeof createTiktokClient>;
