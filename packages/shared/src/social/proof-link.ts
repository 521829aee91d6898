import { z } from 'zod';
import type { SocialPlatform } from './social.schemas.ts';

/**
 * A proof link read as a post on a platform (decision 039): YouTube's video id (watch, youtu.be, shorts, live),
 * TikTok's video id (and the @username the link names), Instagram's shortcode (/p/, /reel/, /tv/). Null for any
 * other link: it is still accepted as proof, just not checked.
 */
export type ProofPost =
  | { platform: 'youtube'; videoId: string }
  | { platform: 'tiktok'; videoId: string; username: string | null }
  | { platform: 'instagram'; shortcode: string };

export function parseProofLink(link: string): ProofPost | null {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com') {
    const v =
      parts[0] === 'watch'
        ? u.searchParams.get('v')
        : ['shorts', 'live', 'embed'].includes(parts[0] ?? '')
          ? parts[1]
          : null;
    return v && /^[A-Za-z0-9_-]{11}$/.test(v) ? { platform: 'youtube', videoId: v } : null;
  }
  if (host === 'youtu.be') {
    const v = parts[0];
    return v && /^[A-Za-z0-9_-]{11}$/.test(v) ? { platform: 'youtube', videoId: v } : null;
  }
  if (host === 'tiktok.com') {
    const i = parts.indexOf('video');
    const id = i >= 0 ? parts[i + 1] : null;
    if (!id || !/^\d{5,25}$/.test(id)) return null;
    const user = parts[0]?.startsWith('@') ? parts[0].slice(1).toLowerCase() : null;
    return { platform: 'tiktok', videoId: id, username: user };
  }
  if (host === 'instagram.com') {
    // instagram.com/p/<code>/ or instagram.com/<user>/p/<code>/
    const i = parts.findIndex((p) => p === 'p' || p === 'reel' || p === 'reels' || p === 'tv');
    const code = i >= 0 ? parts[i + 1] : null;
    return code && /^[A-Za-z0-9_-]{5,40}$/.test(code) ? { platform: 'instagram', shortcode: code } : null;
  }
  return null;
}

export const PROOF_CHECK_STATUSES = ['verified', 'not_owned', 'not_found', 'unchecked'] as const;
export type ProofCheckStatus = (typeof PROOF_CHECK_STATUSES)[number];

/** Why a link was not checked: the platform did not answer, or there is no verified account on it to check against. */
export const PROOF_UNCHECKED_REASONS = ['platform_unavailable', 'no_verified_account'] as const;

/** What the brand sees beside the proof link (the order's review screen). */
export const proofCheckDto = z.object({
  platform: z.enum(['instagram', 'tiktok', 'youtube'] satisfies SocialPlatform[]),
  status: z.enum(PROOF_CHECK_STATUSES),
  reason: z.enum(PROOF_UNCHECKED_REASONS).nullable(),
  /** The verified account's handle, without @. */
  handle: z.string().nullable(),
  publishedAt: z.string().nullable(),
  views: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  checkedAt: z.string(),
  /** The post was verified once and a later check found it gone (the brand was told). */
  removedAt: z.string().nullable(),
});
export type ProofCheckDto = z.infer<typeof proofCheckDto>;
