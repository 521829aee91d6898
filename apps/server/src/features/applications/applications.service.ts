import type { applyResponse, decideApplicationResponse } from '@app/shared/campaigns/campaign.schemas';
import { businessToday } from '@app/shared/common/dates';
import { influencerUnverifiedMessage } from '@app/shared/common/people.schemas';
import { ERROR_CODES } from '@app/shared/errors';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { notices } from '../../integrations/mail/notice-texts.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { ApplicationsRepository } from './applications.repository.ts';

type ApplyResponse = z.infer<typeof applyResponse>;
type DecideResponse = z.infer<typeof decideApplicationResponse>;
type ApplicationRow = { id: string; status: string; createdAt: Date };

const notOpen = () => new AppError('CAMPAIGN_NOT_OPEN', 'This campaign is no longer accepting applications.', 409);
const alreadyApplied = () => new AppError('ALREADY_APPLIED', 'You have already applied to this campaign.', 409);
const alreadyHired = () =>
  new AppError('CAMPAIGN_ALREADY_HIRED', 'This campaign has already hired an influencer.', 409);
const influencerGone = () =>
  new AppError(
    'INFLUENCER_UNAVAILABLE',
    'This influencer has deactivated their account and can no longer be hired. Choose another applicant.',
    409,
  );
const influencerUnverified = (p: { name: string; lastname: string }) =>
  new AppError(
    ERROR_CODES.INFLUENCER_EMAIL_UNVERIFIED,
    influencerUnverifiedMessage(`${p.name} ${p.lastname}`.trim()),
    409,
    {
      influencer: { name: p.name, lastname: p.lastname },
    },
  );
const notPending = () =>
  new AppError('APPLICATION_NOT_PENDING', 'This application has already been accepted or rejected.', 409);

const dto = (a: ApplicationRow) => ({
  id: a.id,
  status: a.status as 'pending' | 'accepted' | 'rejected',
  createdAt: a.createdAt.toISOString(),
});

/**
 * What a hire needs of the features that own its other rows (each writes only its own tables, in the hire's
 * transaction): the order, its chat, and the invitation an application answers.
 */
export type HirePorts = {
  orders: {
    createForHire(
      tx: Tx,
      o: { campaignId: string; applicationId: string; influencerId: string; clientId: string; amountMinor: number },
    ): Promise<{ id: string; status: string; amountMinor: number }>;
  };
  chats: {
    openForOrder(tx: Tx, c: { clientId: string; influencerId: string; orderId: string }): Promise<{ id: string }>;
  };
  invitations: { markApplied(tx: Tx, campaignId: string, influencerId: string): Promise<void> };
  /** The notification centre's port: the parties' screens follow, the one concerned is told (issue 24). */
  announce: Announce;
};

export function createApplicationsService(
  deps: { db: Db; repo: ApplicationsRepository; now?: () => Date } & HirePorts,
) {
  const { db, repo } = deps;
  const today = () => businessToday(deps.now?.() ?? new Date());

  /** The application, if the actor owns its campaign; another client's is "not found", never "forbidden". */
  async function ownedApplication(actor: Actor, id: string) {
    const app = await repo.findWithOwner(id);
    if (!app || app.clientId !== profileOf(actor)) throw notFound('Application');
    return app;
  }

  return {
    /**
     * Once per campaign (spec §5), while it is open, before its deadline and before it has hired; answers a pending
     * invitation in the same transaction.
     */
    async apply(actor: Actor, campaignId: string): Promise<ApplyResponse> {
      const influencerId = profileOf(actor);
      try {
        return await db.transaction(async (tx) => {
          const campaign = await repo.shareLockCampaign(tx, campaignId);
          if (!campaign) throw notFound('Campaign');
          if (await repo.findOwn(tx, campaignId, influencerId)) throw alreadyApplied();
          const expired = campaign.deadline !== null && campaign.deadline < today();
          if (campaign.status !== 'open' || expired || !campaign.clientActive || (await repo.hasHired(tx, campaignId)))
            throw notOpen();
          const application = await repo.insert(tx, campaignId, influencerId);
          await deps.invitations.markApplied(tx, campaignId, influencerId);
          const brand = { role: 'client', profileId: campaign.clientId } as const;
          await deps.announce(tx, {
            kind: 'application',
            campaignId,
            parties: [brand, { role: 'influencer', profileId: influencerId }],
            frame: { type: 'campaign.changed', campaignId, what: 'application' },
            tell: [{ to: brand, text: notices.application }],
            actorUserId: actor.userId,
          });
          return { application: dto(application) };
        });
      } catch (e) {
        // Two requests from one influencer at once: the unique constraint is the one that decides.
        if (isUniqueViolation(e)) throw alreadyApplied();
        throw e;
      }
    },

    /**
     * Hires the applicant (spec §4): in one transaction the application is accepted, the unpaid order for the
     * campaign's budget and the order's chat are created, and the other pending applicants are rejected. The
     * campaign row is locked first; the partial unique indexes (one accepted application, one live order per
     * campaign) refuse a second hire even so.
     */
    async accept(actor: Actor, id: string): Promise<DecideResponse> {
      const app = await ownedApplication(actor, id);
      try {
        return await db.transaction(async (tx) => {
          const campaign = await repo.lockCampaign(tx, app.campaignId);
          if (!campaign) throw notFound('Application');
          if (await repo.hasHired(tx, app.campaignId)) throw alreadyHired();
          if (campaign.status !== 'open') throw notOpen();
          // A deactivated influencer can take no work: no order, no chat, and the screen says why. Nor can one whose
          // address is unconfirmed: the mail about their order and payouts might reach nobody (issue 23 §2).
          const influencer = await repo.hireable(tx, app.influencerId);
          if (!influencer?.isActive) throw influencerGone();
          if (!influencer.emailVerified) throw influencerUnverified(influencer);
          const accepted = await repo.decidePending(tx, id, 'accepted');
          if (!accepted) throw notPending();
          const order = await deps.orders.createForHire(tx, {
            campaignId: app.campaignId,
            applicationId: id,
            influencerId: app.influencerId,
            clientId: app.clientId,
            amountMinor: campaign.budgetMinor,
          });
          const chat = await deps.chats.openForOrder(tx, {
            clientId: app.clientId,
            influencerId: app.influencerId,
            orderId: order.id,
          });
          const declined = await repo.rejectOtherPending(tx, app.campaignId, id);
          const hired = { role: 'influencer', profileId: app.influencerId } as const;
          await deps.announce(tx, {
            kind: 'hired',
            campaignId: app.campaignId,
            // The declined applicants' screens follow too: the campaign is no longer open to them.
            parties: [
              { role: 'client', profileId: app.clientId },
              hired,
              ...declined.map((influencerId) => ({ role: 'influencer' as const, profileId: influencerId })),
            ],
            frame: { type: 'campaign.changed', campaignId: app.campaignId, what: 'hire' },
            tell: [{ to: hired, text: notices.hired }],
            actorUserId: actor.userId,
          });
          return {
            application: dto(accepted),
            order: { id: order.id, status: order.status as 'unpaid', amountMinor: order.amountMinor },
            chatId: chat.id,
          };
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw alreadyHired();
        throw e;
      }
    },

    async reject(actor: Actor, id: string): Promise<DecideResponse> {
      const app = await ownedApplication(actor, id);
      const rejected = await db.transaction(async (tx) => {
        const row = await repo.decidePending(tx, id, 'rejected');
        if (row) {
          await deps.announce(tx, {
            kind: 'application',
            campaignId: app.campaignId,
            parties: [
              { role: 'client', profileId: app.clientId },
              { role: 'influencer', profileId: app.influencerId },
            ],
            frame: { type: 'campaign.changed', campaignId: app.campaignId, what: 'application' },
            tell: [],
            actorUserId: actor.userId,
          });
        }
        return row;
      });
      if (!rejected) throw notPending();
      return { application: dto(rejected), order: null, chatId: null };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
