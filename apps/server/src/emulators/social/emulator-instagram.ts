// Instagram API with Instagram Login: the short-lived token, its exchange for a long-lived one and refresh, and the
// Graph `me` read (only professional accounts can be read).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SOCIAL_EMULATOR_CREDENTIALS } from '../../integrations/social/emulator-contract.ts';
import { faultGate, randomId } from './emulator-answers.ts';
import type { OAuthGrants } from './emulator-oauth.ts';
import type { SocialStore } from './emulator-store.ts';

const HOUR = 3_600_000;

const igError = (reply: FastifyReply, status: number, code: number, message: string, type = 'OAuthException') =>
  reply.code(status).send({ error: { message, type, code, fbtrace_id: randomId() } });

export function instagramRoutes(store: SocialStore, grants: OAuthGrants) {
  return (app: FastifyInstance) => {
    app.post('/instagram/oauth/access_token', async (req, reply) => {
      if (await faultGate(store, 'instagram', reply)) return;
      const f = (req.body ?? {}) as Record<string, string | undefined>;
      if (
        f.client_id !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppId ||
        f.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppSecret
      )
        return reply
          .code(400)
          .send({ error_type: 'OAuthException', code: 400, error_message: 'Invalid client_id or client_secret' });
      if (f.grant_type !== 'authorization_code')
        return reply.code(400).send({ error_type: 'OAuthException', code: 400, error_message: 'Invalid grant_type' });
      const g = grants.redeem('instagram', f, f.client_id);
      if (typeof g === 'string') {
        store.save();
        return reply.code(400).send({ error_type: 'OAuthException', code: 400, error_message: g });
      }
      const t = grants.issue('instagram', g.accountId, 'short', HOUR);
      store.save();
      return { access_token: t, user_id: Number(g.accountId), permissions: ['instagram_business_basic'] };
    });
    app.get('/instagram/graph/access_token', async (req, reply) => {
      if (await faultGate(store, 'instagram', reply)) return;
      const q = req.query as Record<string, string | undefined>;
      if (q.grant_type !== 'ig_exchange_token' || q.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppSecret)
        return igError(reply, 400, 100, 'Invalid parameter');
      const short = grants.live(q.access_token, 'instagram', 'short');
      if (!short) return igError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const t = grants.issue('instagram', short.accountId, 'access', 60 * 24 * HOUR);
      store.save();
      return { access_token: t, token_type: 'bearer', expires_in: 5_184_000 };
    });
    app.get('/instagram/graph/refresh_access_token', async (req, reply) => {
      if (await faultGate(store, 'instagram', reply)) return;
      const q = req.query as Record<string, string | undefined>;
      const tok = grants.live(q.access_token, 'instagram', 'access');
      // The documented rule: only a valid (unexpired) long-lived token at least 24 hours old can be refreshed.
      if (q.grant_type !== 'ig_refresh_token' || !tok)
        return igError(reply, 400, 190, 'Error validating access token: Session has expired');
      if (grants.age(tok) < 24 * HOUR)
        return igError(reply, 400, 100, 'Invalid parameter: the access token must be at least 24 hours old');
      const t = grants.issue('instagram', tok.accountId, 'access', 60 * 24 * HOUR);
      store.save();
      return { access_token: t, token_type: 'bearer', expires_in: 5_184_000 };
    });
    /** The account behind a live token (short- or long-lived), or null once Graph's error has been sent. */
    async function tokenOwner(accessToken: string | undefined, reply: FastifyReply) {
      const tok = grants.live(accessToken, 'instagram', 'access') ?? grants.live(accessToken, 'instagram', 'short');
      if (!tok) {
        await igError(reply, 400, 190, 'Error validating access token: Session has expired');
        return null;
      }
      const a = store.byKey('instagram', tok.accountId);
      if (!a) await igError(reply, 400, 100, 'Unsupported get request. Object does not exist', 'GraphMethodException');
      return a ?? null;
    }

    app.get('/instagram/graph/:version/me', async (req, reply) => {
      if (await faultGate(store, 'instagram', reply)) return;
      const q = req.query as Record<string, string | undefined>;
      const a = await tokenOwner(q.access_token, reply);
      if (!a) return;
      if (a.accountType === 'PERSONAL')
        return igError(
          reply,
          400,
          10,
          'Application does not have permission for this action: not a professional account',
        );
      const fields = (q.fields ?? 'id').split(',');
      const all: Record<string, unknown> = {
        id: a.id,
        user_id: a.id,
        username: a.username,
        name: a.title,
        biography: a.bio,
        followers_count: a.followers,
        media_count: a.videos,
        profile_picture_url: a.avatarUrl,
        account_type: a.accountType,
      };
      return Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]]));
    });
    // The account's media, newest first, paged by cursors (limit default 25): the proof-of-post check matches a
    // permalink's shortcode among them.
    app.get('/instagram/graph/:version/me/media', async (req, reply) => {
      if (await faultGate(store, 'instagram', reply)) return;
      const q = req.query as Record<string, string | undefined>;
      const a = await tokenOwner(q.access_token, reply);
      if (!a) return;
      const fields = (q.fields ?? 'id').split(',');
      const limit = Math.max(1, Math.min(100, Number(q.limit) || 25));
      const media = store.state.posts
        .filter((p) => p.platform === 'instagram' && p.accountId === a.id)
        .sort((x, y) => y.publishedAt.localeCompare(x.publishedAt));
      const start = q.after ? Math.max(0, media.findIndex((p) => cursorOf(p.id) === q.after) + 1) : 0;
      const page = media.slice(start, start + limit);
      const data = page.map((p) => {
        const all: Record<string, unknown> = {
          id: p.id,
          permalink: `https://www.instagram.com/p/${p.shortcode}/`,
          // Graph's timestamps: ISO 8601 with a +0000 offset.
          timestamp: p.publishedAt.replace(/\.\d{3}Z$/, '+0000'),
          like_count: p.likes,
          comments_count: p.comments,
          media_type: 'VIDEO',
          caption: '',
        };
        return Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]]));
      });
      const body: Record<string, unknown> = { data };
      if (page.length) {
        const after = cursorOf(page[page.length - 1]!.id);
        const paging: Record<string, unknown> = { cursors: { before: cursorOf(page[0]!.id), after } };
        if (start + limit < media.length) {
          const next = new URL(`${req.protocol}://${req.host}${req.url}`);
          next.searchParams.set('after', after);
          paging.next = next.toString();
        }
        body.paging = paging;
      }
      return body;
    });
  };
}

const cursorOf = (id: string) => Buffer.from(id).toString('base64url');
