import type { AccountRef } from '@app/shared/social/social.schemas';
import { callPlatform, countOf, type PlatformAccount, type PlatformPost, SocialApiError } from './social-errors.ts';

export type YoutubeClientOptions = {
  apiKey: string;
  /** https://www.googleapis.com/youtube/v3, or the emulator's /youtube/v3. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a looked-up channel is reused for a preview (default 10 min): every call costs a quota unit. */
  cacheTtlMs?: number;
  clock?: () => number;
};

type ChannelItem = {
  id?: string;
  snippet?: {
    title?: string;
    description?: string;
    customUrl?: string;
    thumbnails?: Record<string, { url?: string } | undefined>;
  };
  statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean; videoCount?: string };
};

const FIELDS =
  'items(id,snippet(title,description,customUrl,thumbnails),statistics(subscriberCount,hiddenSubscriberCount,videoCount))';

/**
 * YouTube Data API v3 `channels.list` with an API key (research notes §3.1): one quota unit a call, 10,000 a day for
 * the whole project. Previews are cached; a verification asks with `fresh` (the description just changed).
 */
export function createYoutubeClient(o: YoutubeClientOptions) {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const ttl = o.cacheTtlMs ?? 10 * 60_000;
  const now = o.clock ?? Date.now;
  const cache = new Map<string, { at: number; account: PlatformAccount }>();
  let calls = 0;

  function param(ref: AccountRef): [string, string] {
    if (ref.kind === 'id') return ['id', ref.value];
    if (ref.kind === 'username') return ['forUsername', ref.value];
    return ['forHandle', ref.value];
  }

  async function channels(filter: [string, string]): Promise<PlatformAccount | null> {
    const url = new URL(`${o.baseUrl.replace(/\/$/, '')}/channels`);
    url.searchParams.set('part', 'snippet,statistics');
    url.searchParams.set(filter[0], filter[1]);
    url.searchParams.set('fields', FIELDS);
    url.searchParams.set('key', o.apiKey);
    calls++;
    const { status, body } = await callPlatform('youtube', doFetch, url.toString(), { method: 'GET' }, timeoutMs);
    if (status !== 200) throw toError(status, body);
    const item = (body as { items?: ChannelItem[] } | undefined)?.items?.[0];
    // A missing channel is 200 with no items (or an empty array).
    if (!item?.id) return null;
    const s = item.snippet ?? {};
    const t = s.thumbnails ?? {};
    const hidden = item.statistics?.hiddenSubscriberCount === true;
    return {
      id: item.id,
      username: s.customUrl ?? null,
      title: s.title ?? '',
      description: s.description ?? '',
      avatarUrl: t.medium?.url ?? t.high?.url ?? t.default?.url ?? null,
      followerCount: hidden ? null : countOf(item.statistics?.subscriberCount),
      videoCount: countOf(item.statistics?.videoCount),
    };
  }

  return {
    /** The channel, or null when YouTube has none by that handle, id or username. */
    async lookup(ref: AccountRef, opts: { fresh?: boolean } = {}): Promise<PlatformAccount | null> {
      const key = `${ref.kind}:${ref.value.toLowerCase()}`;
      const hit = cache.get(key);
      if (!opts.fresh && hit && now() - hit.at < ttl) return hit.account;
      const account = await channels(param(ref));
      if (account) cache.set(key, { at: now(), account });
      else cache.delete(key);
      return account;
    },
    /** Up to 50 channels in one call (one quota unit): the daily refresh. */
    async byIds(ids: string[]): Promise<Map<string, PlatformAccount>> {
      const out = new Map<string, PlatformAccount>();
      if (!ids.length) return out;
      if (ids.length > 50) throw new Error('channels.list takes at most 50 ids');
      const url = new URL(`${o.baseUrl.replace(/\/$/, '')}/channels`);
      url.searchParams.set('part', 'snippet,statistics');
      url.searchParams.set('id', ids.join(','));
      url.searchParams.set('maxResults', '50');
      url.searchParams.set('fields', FIELDS);
      url.searchParams.set('key', o.apiKey);
      calls++;
      const { status, body } = await callPlatform('youtube', doFetch, url.toString(), { method: 'GET' }, timeoutMs);
      if (status !== 200) throw toError(status, body);
      for (const item of (body as { items?: ChannelItem[] } | undefined)?.items ?? []) {
        if (!item.id) continue;
        const hidden = item.statistics?.hiddenSubscriberCount === true;
        out.set(item.id, {
          id: item.id,
          username: item.snippet?.customUrl ?? null,
          title: item.snippet?.title ?? '',
          description: item.snippet?.description ?? '',
          avatarUrl: item.snippet?.thumbnails?.medium?.url ?? item.snippet?.thumbnails?.default?.url ?? null,
          followerCount: hidden ? null : countOf(item.statistics?.subscriberCount),
          videoCount: countOf(item.statistics?.videoCount),
        });
      }
      return out;
    },
    /**
     * Videos by id, up to 50 in one `videos.list` call (one quota unit): their channel, publication and counts. A
     * removed, private or unknown video is absent from the map.
     */
    async videos(ids: string[]): Promise<Map<string, PlatformPost>> {
      const out = new Map<string, PlatformPost>();
      if (!ids.length) return out;
      if (ids.length > 50) throw new Error('videos.list takes at most 50 ids');
      const url = new URL(`${o.baseUrl.replace(/\/$/, '')}/videos`);
      url.searchParams.set('part', 'snippet,statistics');
      url.searchParams.set('id', ids.join(','));
      url.searchParams.set(
        'fields',
        'items(id,snippet(channelId,publishedAt),statistics(viewCount,likeCount,commentCount))',
      );
      url.searchParams.set('key', o.apiKey);
      calls++;
      const { status, body } = await callPlatform('youtube', doFetch, url.toString(), { method: 'GET' }, timeoutMs);
      if (status !== 200) throw toError(status, body);
      type VideoItem = {
        id?: string;
        snippet?: { channelId?: string; publishedAt?: string };
        statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
      };
      for (const item of (body as { items?: VideoItem[] } | undefined)?.items ?? []) {
        if (!item.id) continue;
        const at = item.snippet?.publishedAt ? new Date(item.snippet.publishedAt) : null;
        out.set(item.id, {
          id: item.id,
          ownerId: item.snippet?.channelId ?? null,
          publishedAt: at && !Number.isNaN(at.getTime()) ? at : null,
          // Likes and comments are left out when the owner hides or disables them.
          views: countOf(item.statistics?.viewCount),
          likes: countOf(item.statistics?.likeCount),
          comments: countOf(item.statistics?.commentCount),
        });
      }
      return out;
    },
    /** Calls made (each one quota unit), for tests and logs. */
    get calls() {
      return calls;
    },
  };
}
export type YoutubeClient = ReturnType<typeof createYoutubeClient>;

/** Google's error body: { error: { code, message, errors: [{ reason, domain }] } }. */
function toError(status: number, body: unknown): SocialApiError {
  const err = (body as { error?: { message?: string; errors?: { reason?: string }[] } } | undefined)?.error;
  const reason = err?.errors?.[0]?.reason ?? '';
  const detail = `status ${status} ${reason} ${err?.message ?? ''}`.trim();
  if (status === 403 && (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')) {
    return new SocialApiError(
      'youtube',
      'quota',
      'We have reached our YouTube lookup limit for today. Please try again tomorrow.',
      detail,
    );
  }
  if (status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(reason)) {
    return new SocialApiError(
      'youtube',
      'rate_limited',
      'YouTube is limiting our requests right now. Please try again in a few minutes.',
      detail,
    );
  }
  if (status === 404)
    return new SocialApiError('youtube', 'not_found', 'We could not find that YouTube channel.', detail);
  // 400 keyInvalid / 403 forbidden: our configuration, not the person's input.
  return new SocialApiError(
    'youtube',
    'config',
    'YouTube verification is not available right now. Please try again later.',
    detail,
  );
}
