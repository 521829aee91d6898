import { socialRoutes as routes } from '@app/shared/social/social.routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import type { SocialService } from './social.service.ts';

/** Settings → Social Media and wizard-1 (spec §2, §4): influencers only, always their own accounts. */
export function socialRoutes(deps: { social: SocialService; guards: Guards; verifyPerMinute: number }) {
  const { social, guards } = deps;
  const influencer = guards.requireRole('influencer');
  // Per person, not per address: an influencer with three addresses had three allowances (issue 21 §4).
  const verifyLimit = { rateLimit: { max: deps.verifyPerMinute, timeWindow: 60_000, ...perUser } };
  return async (app: FastifyInstance) => {
    serve(app, routes.overview, { preHandler: influencer }, async (req) => social.overview(actorOf(req)));
    serve(app, routes.fetch, { preHandler: influencer, config: verifyLimit }, async (req) =>
      social.fetch(actorOf(req), req.params.platform, req.body.handle, req.body.returnTo),
    );
    serve(app, routes.verify, { preHandler: influencer, config: verifyLimit }, async (req) =>
      social.verify(actorOf(req), req.params.platform),
    );
    serve(app, routes.saveSettings, { preHandler: influencer }, async (req) =>
      social.saveSettings(actorOf(req), req.params.platform, req.body),
    );

    // The platform's consent screen sends the browser here; we answer with a redirect to the screen that started it
    // (not JSON: no response schema).
    const callback = routes.oauthCallback;
    app.withTypeProvider<ZodTypeProvider>().get(
      callback.path,
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
          tags: callback.tags,
          summary: callback.summary,
          params: callback.params,
          querystring: callback.query,
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
