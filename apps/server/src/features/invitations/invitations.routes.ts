import { idParam } from '@app/shared/common/pagination';
import {
  createInvitationInput,
  invitationDto,
  invitationListQuery,
  receivedInvitationList,
} from '@app/shared/invitations/invitation.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { InvitationsService } from './invitations.service.ts';

export function invitationsRoutes(deps: { invitations: InvitationsService; guards: Guards }) {
  const { invitations, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/invitations',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['invitations'],
          summary: 'Invite an active influencer to one of the caller’s open campaigns',
          body: createInvitationInput,
          response: { 201: invitationDto },
        },
      },
      async (req, reply) => reply.code(201).send(await invitations.create(actorOf(req), req.body)),
    );

    r.get(
      '/api/invitations',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['invitations'],
          summary: 'The caller’s pending invitations to campaigns still open, newest first (keyset pages)',
          querystring: invitationListQuery,
          response: { 200: receivedInvitationList },
        },
      },
      async (req) => invitations.received(actorOf(req), req.query),
    );

    r.post(
      '/api/invitations/:id/decline',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['invitations'],
          summary: 'Decline a pending invitation addressed to the caller',
          params: idParam,
          response: { 200: invitationDto },
        },
      },
      async (req) => invitations.decline(actorOf(req), req.params.id),
    );
  };
}
