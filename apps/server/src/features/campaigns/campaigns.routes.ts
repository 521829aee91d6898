import {
  campaignDetail,
  campaignListQuery,
  campaignListResponse,
  createCampaignInput,
} from '@app/shared/campaigns/campaign.schemas';
import { idParam } from '@app/shared/common/pagination';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { MARKETPLACE_TABLES, type ReadCache } from '../../lib/read-cache.ts';
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
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/campaigns',
      {
        preHandler: clientOrInfluencer,
        schema: {
          tags: ['campaigns'],
          summary:
            'Campaign cards, newest first: a client’s own, or for an influencer the open ones and those they applied to; deadline not passed',
          querystring: campaignListQuery,
          response: { 200: campaignListResponse },
        },
      },
      // Per viewer and page: a list is what this person may see (lib/read-cache.ts).
      async (req) => {
        const actor = actorOf(req);
        return reads.through(`${actor.userId} ${req.url}`, MARKETPLACE_TABLES, () => campaigns.list(actor, req.query));
      },
    );

    r.post(
      '/api/campaigns',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['campaigns'],
          summary: 'Create an open campaign on one social network (budget in whole GEL)',
          body: createCampaignInput,
          response: { 201: campaignDetail },
        },
      },
      async (req, reply) => reply.code(201).send(await campaigns.create(actorOf(req), req.body)),
    );

    r.get(
      '/api/campaigns/:id',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['campaigns'],
          summary: 'Everything the detail screen shows, trimmed to what this viewer may see',
          params: idParam,
          response: { 200: campaignDetail },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        return reads.through(`${actor.userId} ${req.url}`, MARKETPLACE_TABLES, () =>
          campaigns.detail(actor, req.params.id),
        );
      },
    );

    r.delete(
      '/api/campaigns/:id',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['campaigns'],
          summary: 'Delete an own campaign that has no paid order; unpaid orders go with it and their chats close',
          params: idParam,
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        await campaigns.remove(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
