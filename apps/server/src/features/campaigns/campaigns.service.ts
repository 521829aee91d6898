import type {
  CampaignCard,
  CampaignDetail,
  CampaignDto,
  campaignListQuery,
  createCampaignInput,
  OrderSummary,
} from '@app/shared/campaigns/campaign.schemas';
import { campaignStage, PAID_ORDER_STATUSES } from '@app/shared/campaigns/campaign-status';
import { businessToday } from '@app/shared/common/dates';
import type { Page } from '@app/shared/common/pagination';
import { visibleSocials } from '@app/shared/format/format';
import { type OrderState, orderStage, viewerActions } from '@app/shared/orders/order-machine';
import type { ProofCheckDto } from '@app/shared/social/proof-link';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.ts';
import { profileOf } from '../../lib/guards.ts';
import { pgCode } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import {
  CAMPAIGN_SORT_KEYS,
  type CampaignsRepository,
  type DetailViewer,
  type ListViewer,
} from './campaigns.repository.ts';

type Status = CampaignDto['status'];
type ApplicationStatus = 'pending' | 'accepted' | 'rejected';

const CAMPAIGN_NOT_FOUND = 'Campaign';
/**
 * The owner sees the newest this many applications on the campaign (the counts cover all of them). Far above what a
 * campaign gets today; past it, the applicants want their own paged list.
 */
export const APPLICATIONS_SHOWN = 100;

/** What deleting a campaign needs of the features that own its orders and their chats (each writes its own rows). */
export type CampaignRemovalPorts = {
  orders: { deleteForCampaign(tx: Tx, orderIds: string[]): Promise<void> };
  chats: { closeForOrders(tx: Tx, orderIds: string[]): Promise<void> };
};

export function createCampaignsService(
  deps: { db: Db; repo: CampaignsRepository; now?: () => Date } & CampaignRemovalPorts,
) {
  const { db, repo } = deps;
  const today = () => businessToday(deps.now?.() ?? new Date());

  async function detail(actor: Actor, id: string): Promise<CampaignDetail> {
    const viewer: DetailViewer =
      actor.role === 'influencer'
        ? { role: 'influencer', influencerId: profileOf(actor), userId: actor.userId }
        : { role: 'manager', userId: actor.userId };
    const row = await repo.findDetail(id, viewer);
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);

    const isOwner = actor.role === 'client' && row.clientId === actor.profileId;
    const manages = isOwner || actor.role === 'admin';
    const application = row.application?.id
      ? {
          id: row.application.id,
          status: row.application.status as ApplicationStatus,
          createdAt: row.application.createdAt!.toISOString(),
        }
      : null;
    const deadlinePassed = row.deadline !== null && row.deadline < today();
    // On the market: what the influencers' list shows to everyone (decision 004).
    const onMarket = row.status === 'open' && !row.hired && row.clientActive && !deadlinePassed;
    // Another client's campaign does not exist for a client. An influencer opens what their list shows them: a
    // campaign on the market, or one they applied to (the hired one sees their order there). A hired campaign, a
    // deactivated brand's or an expired one is gone for everyone else, invited or not.
    if (actor.role === 'client' && !isOwner) throw notFound(CAMPAIGN_NOT_FOUND);
    if (actor.role === 'influencer' && !application && !onMarket) throw notFound(CAMPAIGN_NOT_FOUND);

    // The other party has left (an account closed with the order open, issue 23 §2); an admin sees either.
    const counterpartDeactivated =
      actor.role === 'client'
        ? row.orderInfluencerActive === false
        : actor.role === 'influencer'
          ? !row.clientActive
          : !row.clientActive || row.orderInfluencerActive === false;
    const order = row.order?.id
      ? orderSummaryOf(row.order, row.orderInfluencer!, row.myRating, row.proofCheck, actor.role, {
          deadlinePassed,
          counterpartDeactivated,
        })
      : null;
    // Counted in SQL, listed up to a bound: a campaign with thousands of applicants costs the same to open.
    const [applications, counts] = manages
      ? await Promise.all([repo.applications(id, APPLICATIONS_SHOWN), repo.applicationCounts(id)])
      : [null, null];

    return {
      ...campaignOf(row),
      displayStatus: campaignStage({ campaignStatus: row.status, applicationStatus: application?.status, order }),
      viewer: {
        isOwner,
        canDelete: isOwner && !row.moneyOnRecord,
        // A campaign that has hired can never accept another application (one accepted per campaign).
        canApply: actor.role === 'influencer' && onMarket && !application,
        application,
        invited: row.invited,
      },
      counts,
      applications:
        applications?.map((a) => ({
          id: a.id,
          status: a.status as ApplicationStatus,
          createdAt: a.createdAt.toISOString(),
          influencer: { ...a.influencer, socials: visibleSocials(a.influencer.socials) },
        })) ?? null,
      order: manages || order?.influencer.id === actor.profileId ? order : null,
      clientRating: row.clientRating ?? null,
    };
  }

  return {
    detail,

    async create(actor: Actor, input: z.output<typeof createCampaignInput>): Promise<CampaignDetail> {
      const { id } = await repo.insert({
        clientId: profileOf(actor),
        title: input.title,
        description: input.description,
        budgetMinor: input.budget * 100,
        uploadLink: input.uploadLink,
        deadline: input.deadline,
        socials: [...input.socials],
      });
      return detail(actor, id);
    },

    async list(actor: Actor, query: z.output<typeof campaignListQuery>): Promise<Page<CampaignCard>> {
      const viewer: ListViewer =
        actor.role === 'client'
          ? { role: 'client', clientId: profileOf(actor) }
          : { role: 'influencer', influencerId: profileOf(actor) };
      const sort = CAMPAIGN_SORT_KEYS[query.sort];
      // A newest-first cursor keeps its original, untagged form; the other orders name theirs.
      const tag = query.sort === 'newest' ? undefined : query.sort;
      const cursor = decodeKeyset(query.cursor, { kind: sort.kind, tag });
      const search = query.q ? await repo.searchQuery(query.q) : null;
      // Words only of punctuation ("!!!") can match nothing.
      if (query.q && !search) return { items: [], nextCursor: null };
      const rows = await repo.listPage(viewer, {
        platform: query.platform,
        search,
        minBudgetMinor: query.minBudget === undefined ? undefined : query.minBudget * 100,
        maxBudgetMinor: query.maxBudget === undefined ? undefined : query.maxBudget * 100,
        sort: query.sort,
        today: today(),
        cursor,
        limit: query.limit,
      });
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page[page.length - 1];
      const nextCursor = more && last ? encodeKeyset({ key: last.cursorKey, id: last.id }, tag) : null;
      return {
        nextCursor,
        items: page.map((r) => {
          const applicationStatus = r.applicationStatus as ApplicationStatus | null;
          const order = r.order?.status
            ? {
                status: r.order.status as OrderState['status'],
                workStatus: r.order.workStatus as OrderState['workStatus'],
                approvalStatus: r.order.approvalStatus as OrderState['approvalStatus'],
              }
            : null;
          return {
            ...campaignOf(r),
            displayStatus: campaignStage({ campaignStatus: r.status, applicationStatus, order }),
            applicationStatus,
            invited: r.invited,
            applicationsCount: r.applicationsCount,
          };
        }),
      };
    },

    /**
     * Only while no order holds or held money (spec §2). The campaign and its orders are locked first, so a payment
     * racing this delete either lands before the check (and the delete is refused) or finds the order gone.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const clientId = profileOf(actor);
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.lockOwned(tx, id, clientId))) throw notFound(CAMPAIGN_NOT_FOUND);
          const orders = await repo.lockOrders(tx, id);
          if (orders.some((o) => (PAID_ORDER_STATUSES as readonly string[]).includes(o.status))) {
            throw new AppError('CAMPAIGN_HAS_PAID_ORDER', 'This campaign has a paid order and cannot be deleted.', 409);
          }
          // Payment records are kept for the books; an order with one (a payment started, say) stays, and so does its campaign.
          if (orders.some((o) => o.hasPayments)) throw paymentOnRecord();
          const orderIds = orders.map((o) => o.id);
          await deps.chats.closeForOrders(tx, orderIds);
          await deps.orders.deleteForCampaign(tx, orderIds);
          await repo.deleteCampaign(tx, id);
        });
      } catch (e) {
        // Something else that must outlive the order references it (a payout line, say): refuse, do not fail.
        if (pgCode(e) === '23503') throw paymentOnRecord();
        throw e;
      }
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;

type OrderRow = {
  id: string | null;
  status: string | null;
  amountMinor: number | null;
  workStatus: string | null;
  approvalStatus: string | null;
  createdAt: Date | null;
  chatId: string | null;
  proofUrl: string | null;
  completionNotes: string | null;
  approvalFeedback: string | null;
  workStartedAt: Date | null;
  workCompletedAt: Date | null;
  approvedAt: Date | null;
  reviewDeadlineAt: Date | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The order as this viewer sees it: its stage, and the buttons the order machine gives their role now. */
function orderSummaryOf(
  o: OrderRow,
  influencer: { id: string; name: string; lastname: string; avatarUrl: string | null },
  myRating: { rating: number; comment: string | null } | null,
  proofCheck: ProofCheckDto | null,
  role: Actor['role'],
  facts: {
    /** The campaign's deadline is over (the client may cancel work not submitted by then: issue 23 §2). */
    deadlinePassed: boolean;
    /** The other party has left (an account closed with the order open, issue 23 §2). */
    counterpartDeactivated: boolean;
  },
): OrderSummary {
  const state: OrderState = {
    status: o.status as OrderState['status'],
    workStatus: o.workStatus as OrderState['workStatus'],
    approvalStatus: o.approvalStatus as OrderState['approvalStatus'],
  };
  return {
    id: o.id!,
    ...state,
    amountMinor: o.amountMinor!,
    createdAt: o.createdAt!.toISOString(),
    influencer,
    chatId: o.chatId,
    stage: orderStage(state),
    actions: viewerActions(state, role, { rated: myRating !== null, deadlinePassed: facts.deadlinePassed }),
    proofUrl: o.proofUrl,
    proofCheck,
    completionNotes: o.completionNotes,
    approvalFeedback: o.approvalFeedback,
    workStartedAt: iso(o.workStartedAt),
    workCompletedAt: iso(o.workCompletedAt),
    approvedAt: iso(o.approvedAt),
    reviewDeadlineAt: iso(o.reviewDeadlineAt),
    myRating,
    counterpartDeactivated: facts.counterpartDeactivated,
  };
}

const paymentOnRecord = () =>
  new AppError(
    'CAMPAIGN_HAS_PAID_ORDER',
    'This campaign has a payment on record and cannot be deleted. Contact support if it should be removed.',
    409,
  );

function campaignOf(r: {
  id: string;
  title: string;
  description: string;
  budgetMinor: number;
  uploadLink: string | null;
  deadline: string | null;
  socials: string[];
  status: string;
  createdAt: Date;
  client: { id: string; name: string; lastname: string; avatarUrl: string | null };
}): CampaignDto {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    budgetMinor: r.budgetMinor,
    uploadLink: r.uploadLink,
    deadline: r.deadline,
    socials: r.socials,
    status: r.status as Status,
    createdAt: r.createdAt.toISOString(),
    client: r.client,
  };
}
