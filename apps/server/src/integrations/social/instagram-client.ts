import type { OAuthTokens, PkceEncoding } from './oauth.ts';
import { callPlatform, countOf, type PlatformAccount, type PlatformPost, SocialApiError } from './social-errors.ts';

export type InstagramClientOptions = {
  appId: string;
  appSecret: string;
  /** https://www.instagram.com/oauth/authorize (Business Login for Instagram). */
  authorizeUrl: string;
  /** https://api.instagram.com (the short-lived token). */
  apiBaseUrl: string;
  /** https://graph.instagram.com (long-lived token, refresh, me). */
  graphBaseUrl: string;
  /** INSTAGRAM_GRAPH_VERSION, e.g. v25.0 (Meta retires each version about two years after release). */
  graphVersion: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  clock?: () => number;
};

const ME_FIELDS = 'user_id,username,name,biography,followers_count,media_count,profile_picture_url,account_type';

/**
 * Instagram API with Instagram Login (research notes §3.3, professional accounts): authorization code (with PKCE
 * and state), the short-lived token exchanged for a long-lived one (60 days) that refreshes itself, then
 * `GET /me?fields=username,biography,followers_count,media_count,profile_picture_url`.
 */
export function createInstagramClient(o: InstagramClientOptions) {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const now = o.clock ?? Date.now;
  const graph = `${o.graphBaseUrl.replace(/\/$/, '')}`;
  const version = o.graphVersion;

  /** Graph's error body: { error: { message, type, code, error_subcode } }. */
  function graphError(status: number, body: unknown, during: 'token' | 'read'): SocialApiError {
    const e = (body as { error?: { code?: number; message?: string; type?: string } } | undefined)?.error;
    const detail = `status ${status} ${e?.type ?? ''} ${e?.code ?? ''} ${e?.message ?? ''}`.trim();
    if (e?.code === 4 || e?.code === 17 || e?.code === 32 || e?.code === 613) {
      return new SocialApiError(
        'instagram',
        'rate_limited',
        'Instagram is limiting our requests right now. Please try again in a few minutes.',
        detail,
      );
    }
    if (e?.code === 190 || status === 401) {
      return new SocialApiError('instagram', 'token', 'Please connect your Instagram account again.', detail);
    }
    if (e?.code === 10 || e?.code === 200) {
      return new SocialApiError(
        'instagram',
        'private',
        'Instagram only lets us read professional (Business or Creator) accounts. Please switch your account to a professional one and connect it again.',
        detail,
      );
    }
    if (during === 'token') {
      return new SocialApiError(
        'instagram',
        'oauth',
        'Instagram did not confirm the connection. Please press Fetch and connect your account again.',
        detail,
      );
    }
    return new SocialApiError(
      'instagram',
      'unavailable',
      'Instagram is not answering right now. Please try again in a few minutes.',
      detail,
    );
  }

  async function longLived(url: string, accountId: string | null): Promise<OAuthTokens> {
    const { status, body } = await callPlatform('instagram', doFetch, url, { method: 'GET' }, timeoutMs);
    const b = (body ?? {}) as { access_token?: string; expires_in?: number };
    if (status !== 200 || !b.access_token) throw graphError(status, body, 'token');
    // Instagram's long-lived tokens refresh themselves: no refresh token.
    return {
      accessToken: b.access_token,
      refreshToken: null,
      expiresAt: new Date(now() + (b.expires_in ?? 5_184_000) * 1000),
      refreshExpiresAt: null,
      accountId,
    };
  }

  /** Graph's timestamp "2017-08-31T18:10:00+0000" (an offset without a colon, which Date reads on every engine we run). */
  const graphTime = (v: unknown) => {
    if (typeof v !== 'string') return null;
    const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(d.getTime()) ? null : d;
  };

  return {
    platform: 'instagram' as const,
    /**
     * The post of the token's account whose permalink has `shortcode`, from `GET /me/media` (newest first, paged by
     * its `next` link, at most `maxPages` pages of 50), or null when none of them has it.
     */
    async findMedia(accessToken: string, shortcode: string, maxPages = 4): Promise<PlatformPost | null> {
      const u = new URL(`${graph}/${version}/me/media`);
      u.searchParams.set('fields', 'id,permalink,timestamp,like_count,comments_count');
      u.searchParams.set('limit', '50');
      u.searchParams.set('access_token', accessToken);
      let next: string | null = u.toString();
      for (let page = 0; next && page < maxPages; page++) {
        const { status, body } = await callPlatform('instagram', doFetch, next, { method: 'GET' }, timeoutMs);
        if (status !== 200) throw graphError(status, body, 'read');
        const b = (body ?? {}) as { data?: Record<string, unknown>[]; paging?: { next?: string } };
        for (const m of b.data ?? []) {
          const link = typeof m.permalink === 'string' ? m.permalink : '';
          if (!new RegExp(`/(p|reel|reels|tv)/${shortcode}/?$`).test(link.replace(/\?.*$/, ''))) continue;
          return {
            id: String(m.id),
            ownerId: null,
            publishedAt: graphTime(m.timestamp),
            views: null,
            likes: countOf(m.like_count),
            comments: countOf(m.comments_count),
          };
        }
        // Only follow Graph's own next link (it carries the token); never a link to elsewhere.
        next = b.paging?.next && new URL(b.paging.next).origin === new URL(graph).origin ? b.paging.next : null;
      }
      return null;
    },
    /** RFC 7636's S256 (base64url), as Meta's OAuth endpoints take it. */
    pkceEncoding: 'base64url' as PkceEncoding,
    authorizeUrl(p: { state: string; challenge: string; redirectUri: string }): string {
      const url = new URL(o.authorizeUrl);
      url.searchParams.set('client_id', o.appId);
      url.searchParams.set('redirect_uri', p.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'instagram_business_basic');
      url.searchParams.set('state', p.state);
      url.searchParams.set('code_challenge', p.challenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    async exchangeCode(p: { code: string; verifier: string; redirectUri: string }): Promise<OAuthTokens> {
      const { status, body } = await callPlatform(
        'instagram',
        doFetch,
        `${o.apiBaseUrl.replace(/\/$/, '')}/oauth/access_token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: o.appId,
            client_secret: o.appSecret,
            grant_type: 'authorization_code',
            redirect_uri: p.redirectUri,
            code: p.code,
            code_verifier: p.verifier,
          }).toString(),
        },
        timeoutMs,
      );
      // Business Login's page shows the answer wrapped as { data: [{ access_token, user_id, permissions }] }; the
      // endpoint has also been seen answering it flat. Either is read (contract-fixtures/instagram-*.json).
      type Short = { access_token?: string; user_id?: string | number };
      const raw = (body ?? {}) as Short & { data?: Short[] };
      const b: Short = Array.isArray(raw.data) ? (raw.data[0] ?? {}) : raw;
      if (status !== 200 || !b.access_token) throw graphError(status, body, 'token');
      // The short-lived token (1 h) becomes a long-lived one (60 days) at once.
      const u = new URL(`${graph}/access_token`);
      u.searchParams.set('grant_type', 'ig_exchange_token');
      u.searchParams.set('client_secret', o.appSecret);
      u.searchParams.set('access_token', b.access_token);
      return longLived(u.toString(), b.user_id == null ? null : String(b.user_id));
    },
    /** A long-lived token is refreshed with itself (it must still be valid). */
    async refresh(t: { accessToken: string; refreshToken: string | null }): Promise<OAuthTokens> {
      const u = new URL(`${graph}/refresh_access_token`);
      u.searchParams.set('grant_type', 'ig_refresh_token');
      u.searchParams.set('access_token', t.accessToken);
      return longLived(u.toString(), null);
    },
    async me(accessToken: string): Promise<PlatformAccount> {
      const u = new URL(`${graph}/${version}/me`);
      u.searchParams.set('fields', ME_FIELDS);
      u.searchParams.set('access_token', accessToken);
      const { status, body } = await callPlatform('instagram', doFetch, u.toString(), { method: 'GET' }, timeoutMs);
      if (status !== 200) throw graphError(status, body, 'read');
      const m = (body ?? {}) as Record<string, unknown>;
      const id = m.user_id ?? m.id;
      if (id == null) throw graphError(status, body, 'read');
      return {
        id: String(id),
        username: typeof m.username === 'string' ? m.username : null,
        title: typeof m.name === 'string' && m.name ? m.name : typeof m.username === 'string' ? m.username : '',
        description: typeof m.biography === 'string' ? m.biography : '',
        avatarUrl: typeof m.profile_picture_url === 'string' ? m.profile_picture_url : null,
        followerCount: countOf(m.followers_count),
        videoCount: countOf(m.media_count),
      };
    },
  };
}
export type InstagramClient = ReturnType<typeof createInstagramClient>;
export type OAuthPlatformClient = InstagramClient | import('./tiktok-client.ts').TiktokClient;
