import type { SocialPlatform } from '@app/shared/social/social.schemas';

/**
 * Why a platform call did not give us the account, in our terms. `retryable` failures (quota, rate limit, outage,
 * network) never change a verification: it stays pending and the person tries again later.
 */
export type SocialErrorKind =
  | 'not_found'
  | 'private'
  | 'quota'
  | 'rate_limited'
  | 'unavailable'
  | 'token'
  | 'oauth'
  | 'config';

const RETRYABLE: ReadonlySet<SocialErrorKind> = new Set(['quota', 'rate_limited', 'unavailable']);

export class SocialApiError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly platform: SocialPlatform,
    readonly kind: SocialErrorKind,
    message: string,
    /** What the platform said (for logs; never shown to people as is). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SocialApiError';
    this.retryable = RETRYABLE.has(kind);
  }
}

/** The account as every platform client returns it. */
export type PlatformAccount = {
  /** YouTube channel id, TikTok open_id, Instagram user id. */
  id: string;
  /** The @handle / username the platform knows it by, without @ (YouTube customUrl keeps its @). */
  username: string | null;
  title: string;
  /** Channel description or bio: where the code must appear. */
  description: string;
  avatarUrl: string | null;
  /** Null when hidden (YouTube hiddenSubscriberCount). */
  followerCount: number | null;
  videoCount: number | null;
};

/** A fetch with a deadline; network failures and timeouts become `unavailable`. */
export async function callPlatform(
  platform: SocialPlatform,
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new SocialApiError(
      platform,
      'unavailable',
      `${NAMES[platform]} did not answer${timedOut ? ' in time' : ''}. Please try again in a few minutes.`,
      timedOut ? 'timeout' : `network: ${(err as Error).message}`,
    );
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status >= 500) {
    throw new SocialApiError(
      platform,
      'unavailable',
      `${NAMES[platform]} is not answering right now. Please try again in a few minutes.`,
      `status ${res.status}`,
    );
  }
  if (res.status === 429) {
    throw new SocialApiError(
      platform,
      'rate_limited',
      `${NAMES[platform]} is limiting our requests right now. Please try again in a few minutes.`,
      'status 429',
    );
  }
  return { status: res.status, body };
}

export const NAMES: Record<SocialPlatform, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

/** A whole number from a count the platform may send as a string ("12345") or a number. */
export function countOf(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.trunc(n), 2_147_483_647) : null;
}

/** A post as every platform client returns it (the proof-of-post check, decision 039). */
export type PlatformPost = {
  id: string;
  /** The owning channel (YouTube); TikTok and Instagram only ever answer the token owner's own posts. */
  ownerId: string | null;
  publishedAt: Date | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
};
