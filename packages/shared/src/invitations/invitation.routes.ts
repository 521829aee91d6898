// Invitations to campaigns (issue 22 §4). The invite dialog's campaign list is the influencers' route
// (influencers/influencer.routes.ts `invitableCampaigns`), as on the server.
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import {
  createInvitationInput,
  invitationDto,
  invitationListQuery,
  receivedInvitationList,
} from './invitation.schemas.ts';

export const invitationRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/invitations',
    body: createInvitationInput,
    response: { 201: invitationDto },
    tags: ['invitations'],
    summary: 'Invite an active influencer to one of the caller’s open campaigns',
  }),
  received: defineRoute({
    method: 'GET',
    path: '/api/invitations',
    query: invitationListQuery,
    response: { 200: receivedInvitationList },
    tags: ['invitations'],
    summary: 'The caller’s pending invitations to campaigns still open, newest first (keyset pages)',
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/invitations/:id/decline',
    params: idParam,
    response: { 200: invitationDto },
    tags: ['invitations'],
    summary: 'Decline a pending invitation addressed to the caller',
  }),
} as const;
