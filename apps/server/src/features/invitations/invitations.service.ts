import { businessToday } from '@app/shared/common/dates';
import { influencerUnverifiedMessage } from '@app/shared/common/people.schemas';
import { ERROR_CODES } from '@app/shared/errors';
import type {
  createInvitationInput,
  INVITATION_STATUSES,
  invitationListQuery,
} from '@app/shared/invitations/invitation.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notices } from '../../integrations/mail/notice-texts.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { decodeCursor, pageFrom } from '../../lib/cursor.ts';
import { profileOf } from '../../lib/guards.ts';
import { isUniqueViolation, pgCode } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { InvitationsRepository } from './invitations.repository.ts';

type InvitationRow = NonNullable<Awaited<ReturnType<InvitationsRepository['decline']>>>;

const toDto = (row: InvitationRow) => ({
  ...row,
  status: row.status as (typeof INVITATION_STATUSES)[number],
  createdAt: row.createdAt.toISOString(),
});

export function createInvitationsService(deps: {
  db: Db;
  repo: InvitationsRepository;
  /** The notification centre's port: the invited influencer is told, both screens follow (issue 24). */
  announce: Announce;
  today?: () => string;
}) {
  const { db, repo } = deps;
  const today = deps.today ?? (() => businessToday());

  return {
    /**
     * One transaction with the campaign share-locked, so a delete racing the invitation either ran first (404) or
     * waits and takes the invitation with it; the foreign key backs that up as a 404, never a 500.
     */
    async create(actor: Actor, input: z.output<typeof createInvitationInput>) {
      const clientId = profileOf(actor, 'client');
      try {
        return await db.transaction(async (tx) => {
          const campaign = await repo.lockOwnCampaign(tx, input.campaignId, clientId);
          if (!campaign) throw notFound('Campaign');
          if (campaign.status !== 'open' || (campaign.deadline !== null && campaign.deadline < today())) {
            throw new AppError('CAMPAIGN_NOT_OPEN', 'This campaign is not open for applications.', 409);
          }
          if (campaign.hired) {
            throw new AppError('CAMPAIGN_ALREADY_HIRED', 'This campaign has already hired an influencer.', 409);
          }
          const influencer = await repo.activeInfluencer(tx, input.influencerId);
          if (!influencer) throw new AppError('INFLUENCER_UNAVAILABLE', 'Influencer not found', 404);
          // An invitation is an offer to hire: refused while the influencer's address is unconfirmed, so the brand
          // learns why now rather than at the accept (issue 23 §2).
          if (!influencer.emailVerified) {
            const { name, lastname } = influencer;
            throw new AppError(
              ERROR_CODES.INFLUENCER_EMAIL_UNVERIFIED,
              influencerUnverifiedMessage(`${name} ${lastname}`.trim()),
              409,
              { influencer: { name, lastname } },
            );
          }
          if (await repo.hasApplied(tx, input.campaignId, input.influencerId)) {
            throw new AppError('ALREADY_APPLIED', 'This influencer has already applied to this campaign.', 409);
          }
          const row = await repo.insert(tx, {
            campaignId: input.campaignId,
            influencerId: input.influencerId,
            clientId,
            message: input.message,
          });
          const invited = { role: 'influencer', profileId: input.influencerId } as const;
          await deps.announce(tx, {
            kind: 'invitation',
            campaignId: input.campaignId,
            parties: [{ role: 'client', profileId: clientId }, invited],
            frame: { type: 'campaign.changed', campaignId: input.campaignId, what: 'invitation' },
            tell: [{ to: invited, text: notices.invitation }],
            actorUserId: actor.userId,
          });
          return toDto(row);
        });
      } catch (e) {
        // No pre-check: the constraint decides, so two clicks or two tabs cannot invite twice.
        if (isUniqueViolation(e, 'campaign_invitations_once')) {
          throw new AppError('ALREADY_INVITED', 'This influencer has already been invited to this campaign.', 409);
        }
        if (pgCode(e) === '23503') throw notFound('Campaign');
        throw e;
      }
    },

    async received(actor: Actor, query: z.output<typeof invitationListQuery>) {
      const influencerId = profileOf(actor, 'influencer');
      const rows = await repo.receivedPage({
        influencerId,
        today: today(),
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.cursorAt, id: r.id }));
      return {
        items: page.items.map(({ cursorAt: _, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })),
        nextCursor: page.nextCursor,
      };
    },

    async decline(actor: Actor, id: string) {
      const influencerId = profileOf(actor, 'influencer');
      const row = await repo.decline(id, influencerId);
      if (row) return toDto(row);
      if ((await repo.statusFor(id, influencerId)) === null) throw notFound('Invitation');
      throw new AppError('INVITATION_NOT_PENDING', 'This invitation has already been answered.', 409);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
