import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { MARKETPLACE_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import { serve } from '../../lib/route.ts';
import type { InfluencersService } from './influencers.service.ts';

/** The clients' side of the marketplace: directory, profile, Home and the invite dialog's campaign list. */
export function influencersRoutes(deps: { influencers: InfluencersService; guards: Guards; reads: ReadCache }) {
  const { influencers, guards, reads } = deps;
  return async (app: FastifyInstance) => {
    // The same page for every client who asks (it does not depend on the viewer): one key per query.
    serve(app, influencerRoutes.directory, { preHandler: guards.requireRole('client', 'admin') }, async (req) =>
      reads.through(`directory ${req.url}`, MARKETPLACE_TABLES, () => influencers.directory(req.query)),
    );
    serve(app, influencerRoutes.profile, { preHandler: guards.requireRole('client', 'admin') }, async (req) =>
      influencers.profile(req.params.id),
    );
    serve(app, influencerRoutes.invitableCampaigns, { preHandler: guards.requireRole('client') }, async (req) =>
      influencers.invitableCampaigns(actorOf(req), req.params.id),
    );
    serve(app, influencerRoutes.home, { preHandler: guards.requireRole('client') }, async (req) =>
      influencers.home(actorOf(req)),
    );
  };
}
