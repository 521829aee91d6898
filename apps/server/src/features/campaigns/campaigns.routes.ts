import { campaignRoutes } from '@app/shared/campaigns/campaign.routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { MARKETPLACE_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import { serve } from '../../lib/route.ts';
import type { CampaignsService } from './campaigns.service.ts';

export function campaignsRoutes(deps: { campaigns: CampaignsService; guards: Guards; reads: ReadCache }) {
  const { campaigns, guards, reads } = deps;
  /** Lists are per side of the marketplace: a client's own campaigns, or what an influencer may apply to. */
  const clientOrInfluencer = [
    guards.requireAuth,
    async (req: FastifyRequest) => {
      if (actorOf(req).role === 'admin') throw forbidden('Campaign lists are for clients and influencers.');
    },
  ];

  return async (app: FastifyInstance) => {
    // Per viewer and page: a list is what this person may see (lib/read-cache.ts).
    serve(app, campaignRoutes.list, { preHandler: clientOrInfluencer }, async (req) => {
      const actor = actorOf(req);
      return reads.through(`${actor.userId} ${req.url}`, MARKETPLACE_TABLES, () => campaigns.list(actor, req.query));
    });

    serve(app, campaignRoutes.create, { preHandler: guards.requireRole('client') }, async (req, reply) =>
      reply.code(201).send(await campaigns.create(actorOf(req), req.body)),
    );

    serve(app, campaignRoutes.detail, { preHandler: guards.requireAuth }, async (req) => {
      const actor = actorOf(req);
      return reads.through(`${actor.userId} ${req.url}`, MARKETPLACE_TABLES, () =>
        campaigns.detail(actor, req.params.id),
      );
    });

    serve(app, campaignRoutes.remove, { preHandler: guards.requireRole('client') }, async (req, reply) => {
      await campaigns.remove(actorOf(req), req.params.id);
      return reply.code(204).send(null);
    });
  };
}
