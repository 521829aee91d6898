import type { Db } from '../../db/client.ts';
import type { Guards } from '../../lib/guards.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import { createInvitationsRepository } from './invitations.repository.ts';
import { invitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';

/** Invitations: a client invites an influencer to an open campaign; applying answers it. */
export function createInvitationsFeature(deps: { db: Db; guards: Guards; announce: Announce }) {
  const repo = createInvitationsRepository(deps.db);
  const invitations = createInvitationsService({ db: deps.db, repo, announce: deps.announce });
  return { plugin: invitationsRoutes({ invitations, guards: deps.guards }), repo };
}
