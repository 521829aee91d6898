import { idParam } from '@app/shared/common/pagination';
import {
  clientHome,
  directoryQuery,
  directoryResponse,
  influencerProfile,
} from '@app/shared/influencers/influencer.schemas';
import { invitableCampaigns } from '@app/shared/invitations/invitation.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { MARKETPLACE_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import type { InfluencersService } from './influencers.service.ts';

/** The clients' side of the marketplace: directory, profile, Home and the invite dialog's campaign list. */
export function influencersRoutes(deps: { influencers: InfluencersService; guards: Guards; reads: ReadCache }) {
  const { influencers, guards, reads } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/influencers',
      {
        preHandler: guards.requireRole('client', 'admin'),
        schema: {
          tags: ['influencers'],
          summary: 'Active influencers newest first, filtered by category and social platform (keyset pages)',
          querystring: directoryQuery,
          response: { 200: directoryResponse },
        },
      },
      // The same page for every client who asks (it does not depend on the viewer): one key per query.
      async (req) => reads.through(`directory ${req.url}`, MARKETPLACE_TABLES, () => influencers.directory(req.query)),
    );

    r.get(
      '/api/influencers/:id',
      {
        preHandler: guards.requireRole('client', 'admin'),
        schema: {
          tags: ['influencers'],
          summary: 'An active influencer’s profile: card, contact e-mail, join date, hires',
          params: idParam,
          response: { 200: influencerProfile },
        },
      },
      async (req) => influencers.profile(req.params.id),
    );

    r.get(
      '/api/influencers/:id/invitable-campaigns',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['invitations'],
          summary: 'The caller’s open campaigns, each saying whether this influencer is invited or applied',
          params: idParam,
          response: { 200: invitableCampaigns },
        },
      },
      async (req) => influencers.invitableCampaigns(actorOf(req), req.params.id),
    );

    r.get(
      '/api/home',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['influencers'],
          summary: 'Client Home: counts of active influencers and own open campaigns, Top Influencers',
          response: { 200: clientHome },
        },
      },
      async (req) => influencers.home(actorOf(req)),
    );
  };
}
