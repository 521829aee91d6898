import { invitationRoutes } from '@app/shared/invitations/invitation.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { InvitationsService } from './invitations.service.ts';

export function invitationsRoutes(deps: { invitations: InvitationsService; guards: Guards }) {
  const { invitations, guards } = deps;
  return async (app: FastifyInstance) => {
    serve(app, invitationRoutes.create, { preHandler: guards.requireRole('client') }, async (req, reply) =>
      reply.code(201).send(await invitations.create(actorOf(req), req.body)),
    );
    serve(app, invitationRoutes.received, { preHandler: guards.requireRole('influencer') }, async (req) =>
      invitations.received(actorOf(req), req.query),
    );
    serve(app, invitationRoutes.decline, { preHandler: guards.requireRole('influencer') }, async (req) =>
      invitations.decline(actorOf(req), req.params.id),
    );
  };
}
