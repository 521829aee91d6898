import { applyResponse, decideApplicationResponse } from '@app/shared/campaigns/campaign.schemas';
import { idParam } from '@app/shared/common/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { ApplicationsService } from './applications.service.ts';

export function applicationsRoutes(deps: { applications: ApplicationsService; guards: Guards }) {
  const { applications, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/campaigns/:id/applications',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['applications'],
          summary: 'Apply to an open campaign (once per campaign); answers a pending invitation to it',
          params: idParam,
          response: { 201: applyResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await applications.apply(actorOf(req), req.params.id)),
    );

    r.post(
      '/api/applications/:id/accept',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['applications'],
          summary: 'Hire the applicant: creates the unpaid order for the budget and its chat, rejects the others',
          params: idParam,
          response: { 200: decideApplicationResponse },
        },
      },
      async (req) => applications.accept(actorOf(req), req.params.id),
    );

    r.post(
      '/api/applications/:id/reject',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['applications'],
          summary: 'Reject a pending application',
          params: idParam,
          response: { 200: decideApplicationResponse },
        },
      },
      async (req) => applications.reject(actorOf(req), req.params.id),
    );
  };
}
