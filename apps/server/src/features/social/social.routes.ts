import {
  fetchAccountInput,
  fetchAccountResponse,
  platformSettings,
  platformSettingsInput,
  socialOverview,
  socialPlatform,
  verifyResponse,
} from '@app/shared/social/social.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import type { SocialService } from './social.service.ts';

const platformParams = z.object({ platform: socialPlatform });
const oauthParams = z.object({
  platform: z.enum(['tiktok', 'instagram'], 'Only TikTok and Instagram connect by OAuth'),
});

/** Settings → Social Media and wizard-1 (spec §2, §4): influencers only, always their own accounts. */
export function socialRoutes(deps: { social: SocialService; guards: Guards; verifyPerMinute: number }) {
  const { social, guards } = deps;
  const influencer = guards.requireRole('influencer');
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/social',
      {
        preHandler: influencer,
        schema: {
          tags: ['social'],
          summary: 'My social accounts (verification state, counts) and per-platform categories and price range',
          response: { 200: socialOverview },
        },
      },
      async (req) => social.overview(actorOf(req)),
    );

    r.post(
      '/api/social/:platform/fetch',
      {
        preHandler: influencer,
        // Per person, not per address: an influencer with three addresses had three allowances (issue 21 §4).
        config: { rateLimit: { max: deps.verifyPerMinute, timeWindow: 60_000, ...perUser } },
        schema: {
          tags: ['social'],
          summary:
            'Resolve a handle or channel URL through the platform and issue a code valid 24 hours (TikTok and Instagram: also the consent URL)',
          params: platformParams,
          body: fetchAccountInput.extend({ returnTo: z.enum(['settings', 'wizard']).default('settings') }),
          response: { 200: fetchAccountResponse },
        },
      },
      async (req) => social.fetch(actorOf(req), req.params.platform, req.body.handle, req.body.returnTo),
    );

    r.post(
      '/api/social/:platform/verify',
      {
        preHandler: influencer,
        // Per person, not per address: an influencer with three addresses had three allowances (issue 21 §4).
        config: { rateLimit: { max: deps.verifyPerMinute, timeWindow: 60_000, ...perUser } },
        schema: {
          tags: ['social'],
          summary: 'Read the account again and look for the code in its description or bio',
          params: platformParams,
          response: { 200: verifyResponse },
        },
      },
      async (req) => social.verify(actorOf(req), req.params.platform),
    );

    r.put(
      '/api/social/:platform/settings',
      {
        preHandler: influencer,
        schema: {
          tags: ['social'],
          summary: 'Up to 3 categories (of the first 8) and a price range (0–5000 GEL, step 10) for one platform',
          params: platformParams,
          body: platformSettingsInput,
          response: { 200: platformSettings },
        },
      },
      async (req) => social.saveSettings(actorOf(req), req.params.platform, req.body),
    );

    // The platform's consent screen sends the browser here; we answer with a redirect to the screen that started it.
    r.get(
      '/api/social/:platform/oauth/callback',
      {
        // A browser, not an API client: a lost session goes to sign-in instead of a JSON 401.
        preHandler: async (req, reply) => {
          try {
            await influencer(req, reply);
          } catch (err) {
            if (err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403)) {
              return reply.redirect('/auth', 303);
            }
            throw err;
          }
        },
        schema: {
          tags: ['social'],
          summary: 'OAuth redirect target (TikTok, Instagram): checks state, exchanges the code with the PKCE verifier',
          params: oauthParams,
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
            error_description: z.string().max(1000).optional(),
            scopes: z.string().max(500).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { platform } = req.params;
        const back = (returnTo: string, q: Record<string, string>) => {
          const path = returnTo === 'wizard' ? '/influencer-wizard-1' : '/settings';
          const params = new URLSearchParams(returnTo === 'wizard' ? q : { section: 'socials', ...q });
          return reply.redirect(`${path}?${params}`, 303);
        };
        const fallback = req.query.state?.endsWith('.w') ? 'wizard' : 'settings';
        try {
          const { returnTo } = await social.oauthCallback(actorOf(req), platform, req.query);
          return back(returnTo, { connected: platform });
        } catch (err) {
          if (err instanceof AppError) {
            return back(fallback, { socialPlatform: platform, socialError: err.message });
          }
          throw err;
        }
      },
    );
  };
}
