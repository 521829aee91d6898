import { applicationRoutes } from '@app/shared/applications/application.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { ApplicationsService } from './applications.service.ts';

export function applicationsRoutes(deps: { applications: ApplicationsService; guards: Guards }) {
  const { applications, guards } = deps;
  return async (app: FastifyInstance) => {
    serve(app, applicationRoutes.apply, { preHandler: guards.requireRole('influencer') }, async (req, reply) =>
      reply.code(201).send(await applications.apply(actorOf(req), req.params.id)),
    );
    serve(app, applicationRoutes.accept, { preHandler: guards.requireRole('client') }, async (req) =>
      applications.accept(actorOf(req), req.params.id),
    );
    serve(app, applicationRoutes.reject, { preHandler: guards.requireRole('client') }, async (req) =>
      applications.reject(actorOf(req), req.params.id),
    );
  };
}
