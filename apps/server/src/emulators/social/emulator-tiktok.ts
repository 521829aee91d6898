// TikTok Login Kit's token endpoint (authorization code with PKCE, refresh) and the Display API's user info.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SOCIAL_EMULATOR_CREDENTIALS } from '../../integrations/social/emulator-contract.ts';
import { faultGate, randomId } from './emulator-answers.ts';
import type { OAuthGrants } from './emulator-oauth.ts';
import type { SocialStore } from './emulator-store.ts';

const HOUR = 3_600_000;

export function tiktokRoutes(store: SocialStore, grants: OAuthGrants) {
  return (app: FastifyInstance) => {
    app.post('/tiktok/v2/oauth/token/', async (req, reply) => {
      if (await faultGate(store, 'tiktok', reply)) return;
      const f = (req.body ?? {}) as Record<string, string | undefined>;
      const bad = (error: string, error_description: string) =>
        reply.code(400).send({ error, error_description, log_id: randomId() });
      if (
        f.client_key !== SOCIAL_EMULATOR_CREDENTIALS.tiktokClientKey ||
        f.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.tiktokClientSecret
      )
        return bad('invalid_client', 'Client key or secret is invalid.');
      let accountId: string;
      if (f.grant_type === 'authorization_code') {
        const g = grants.redeem('tiktok', f, f.client_key);
        if (typeof g === 'string') {
          store.save();
          return bad('invalid_grant', g);
        }
        accountId = g.accountId;
      } else if (f.grant_type === 'refresh_token') {
        const r = grants.live(f.refresh_token, 'tiktok', 'refresh');
        if (!r) return bad('invalid_grant', 'Refresh token is invalid or expired.');
        accountId = r.accountId;
      } else return bad('unsupported_grant_type', 'grant_type is not supported.');
      const access = grants.issue('tiktok', accountId, 'access', 24 * HOUR);
      const refresh = grants.issue('tiktok', accountId, 'refresh', 365 * 24 * HOUR);
      store.save();
      return {
        access_token: access,
        expires_in: 86_400,
        open_id: accountId,
        refresh_expires_in: 31_536_000,
        refresh_token: refresh,
        scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
        token_type: 'Bearer',
      };
    });

    /** The access token of `Authorization: Bearer …`, or null once the documented 401 has been sent. */
    async function bearer(authorization: string | undefined, reply: FastifyReply) {
      const tok = grants.live((authorization ?? '').replace(/^Bearer /, ''), 'tiktok', 'access');
      if (tok) return tok;
      await reply.code(401).send({
        data: {},
        error: {
          code: 'access_token_invalid',
          message: 'The access token is invalid or not found in the request.',
          log_id: randomId(),
        },
      });
      return null;
    }

    app.get('/tiktok/v2/user/info/', async (req, reply) => {
      if (await faultGate(store, 'tiktok', reply)) return;
      const tok = await bearer(req.headers.authorization, reply);
      if (!tok) return;
      const a = store.byKey('tiktok', tok.accountId);
      if (!a)
        return reply
          .code(404)
          .send({ data: {}, error: { code: 'user_not_found', message: 'User not found', log_id: randomId() } });
      const fields = String((req.query as { fields?: string }).fields ?? 'open_id').split(',');
      const all: Record<string, unknown> = {
        open_id: a.id,
        union_id: `u_${a.id}`,
        avatar_url: a.avatarUrl,
        display_name: a.title,
        bio_description: a.bio,
        profile_deep_link: `https://www.tiktok.com/@${a.username}`,
        is_verified: false,
        username: a.username,
        follower_count: a.followers,
        following_count: 12,
        likes_count: a.followers * 9,
        video_count: a.videos,
      };
      return {
        data: { user: Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]])) },
        error: { code: 'ok', message: '', log_id: randomId() },
      };
    });

    // Display API video query: the authorized user's own videos among `filters.video_ids` (up to 20); another
    // creator's or a deleted video is simply not in `videos`. `fields` in the query string, as the documentation.
    app.post('/tiktok/v2/video/query/', async (req, reply) => {
      if (await faultGate(store, 'tiktok', reply)) return;
      const tok = await bearer(req.headers.authorization, reply);
      if (!tok) return;
      const b = (req.body ?? {}) as { filters?: { video_ids?: unknown } };
      const ids = b.filters?.video_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) {
        return reply.code(400).send({
          data: {},
          error: { code: 'invalid_params', message: 'filters.video_ids must list 1 to 20 ids', log_id: randomId() },
        });
      }
      const fields = String((req.query as { fields?: string }).fields ?? 'id').split(',');
      const videos = store.state.posts
        .filter((p) => p.platform === 'tiktok' && p.accountId === tok.accountId && ids.includes(p.id))
        .map((p) => {
          const a = store.byKey('tiktok', p.accountId);
          const all: Record<string, unknown> = {
            id: p.id,
            create_time: Math.floor(Date.parse(p.publishedAt) / 1000),
            share_url: `https://www.tiktok.com/@${a?.username ?? ''}/video/${p.id}`,
            view_count: p.views,
            like_count: p.likes,
            comment_count: p.comments,
            share_count: 0,
            title: '',
            video_description: '',
            duration: 30,
          };
          return Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]]));
        });
      return {
        data: { videos, cursor: 0, has_more: false },
        error: { code: 'ok', message: '', log_id: randomId() },
      };
    });
  };
}
