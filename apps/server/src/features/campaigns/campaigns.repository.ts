import { PAID_ORDER_STATUSES } from '@app/shared/campaigns/campaign-status';
import { and, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { campaignHired, invitedTo } from '../../db/predicates.ts';
import { proofCheckOf } from '../../db/proof-check-read.ts';
import {
  campaignApplications,
  campaigns,
  chats,
  clients,
  influencers,
  orders,
  payments,
  ratings,
} from '../../db/schema.ts';
import {
  campaignColumns,
  campaignOrderJoin,
  myApplication,
  myApplicationJoin,
  orderInfluencer,
} from './campaign-columns.ts';
import type { CampaignEffect } from './campaign-effects.ts';
import { createCampaignFeedRepository } from './campaign-feed.repository.ts';

export { CAMPAIGN_SORT_KEYS, type ListFilter, type ListViewer } from './campaign-feed.repository.ts';

/**
 * Whose order the detail shows: the owner and admins see the campaign's live order, an influencer the order made
 * from their own application (and nothing of anyone else's).
 */
export type DetailViewer =
  | { role: 'manager'; userId: string }
  | { role: 'influencer'; influencerId: string; userId: string };

export type NewCampaign = {
  clientId: string;
  title: string;
  description: string;
  budgetMinor: number;
  uploadLink: string | null;
  deadline: string | null;
  socials: string[];
};

/** An order of this campaign that holds or held the client's money, or has a payment on record. */
const moneyOnRecord = (db: Db) => {
  const o = alias(orders, 'money_order');
  return exists(
    db
      .select({ one: sql`1` })
      .from(o)
      .where(
        and(
          eq(o.campaignId, campaigns.id),
          or(
            inArray(o.status, [...PAID_ORDER_STATUSES]),
            exists(db.select({ one: sql`1` }).from(payments).where(eq(payments.orderId, o.id))),
          ),
        ),
      ),
  );
};

export function createCampaignsRepository(db: Db) {
  return {
    // The feed (search, sorts, budget range): campaign-feed.repository.ts.
    ...createCampaignFeedRepository(db),
    async insert(c: NewCampaign): Promise<{ id: string }> {
      const [row] = await db
        .insert(campaigns)
        .values({ ...c, status: 'open' })
        .returning({ id: campaigns.id });
      return row!;
    },

    /** The campaign with what the detail screen needs about this viewer, or null when it does not exist. */
    async findDetail(id: string, viewer: DetailViewer) {
      const influencerId = viewer.role === 'influencer' ? viewer.influencerId : null;
      const [row] = await db
        .select({
          ...campaignColumns,
          application: { id: myApplication.id, status: myApplication.status, createdAt: myApplication.createdAt },
          invited: influencerId ? invitedTo(db, campaigns.id, influencerId).mapWith(Boolean) : sql<boolean>`false`,
          clientActive: clients.isActive,
          hired: campaignHired(db, campaigns.id).mapWith(Boolean),
          moneyOnRecord: moneyOnRecord(db).mapWith(Boolean),
          order: {
            id: orders.id,
            status: orders.status,
            amountMinor: orders.amountMinor,
            workStatus: orders.workStatus,
            approvalStatus: orders.approvalStatus,
            createdAt: orders.createdAt,
            chatId: chats.id,
            proofUrl: orders.proofUrl,
            completionNotes: orders.completionNotes,
            approvalFeedback: orders.approvalFeedback,
            workStartedAt: orders.workStartedAt,
            workCompletedAt: orders.workCompletedAt,
            approvedAt: orders.approvedAt,
            reviewDeadlineAt: orders.reviewDeadlineAt,
          },
          /** The proof link's check (decision 039), as the brand's review screen and the admin's order page show it. */
          proofCheck: proofCheckOf(orders.id),
          /** This viewer's rating of the other party on this order (at most one). */
          myRating: sql<{
            rating: number;
            comment: string | null;
          } | null>`(select json_build_object('rating', ${ratings.rating}, 'comment', ${ratings.comment}) from ${ratings} where ${ratings.orderId} = ${orders.id} and ${ratings.raterId} = ${viewer.userId})`,
          /** For influencers: the stars this client has received. */
          clientRating: influencerId
            ? sql<{
                average: number | null;
                count: number;
              }>`(select json_build_object('average', round(avg(${ratings.rating})::numeric, 1)::float8, 'count', count(*)::int) from ${ratings} where ${ratings.ratedUserId} = ${clients.userId})`
            : sql<null>`null`,
          // drizzle nests one level only: the order's influencer sits beside it.
          orderInfluencer: {
            id: orderInfluencer.id,
            name: orderInfluencer.name,
            lastname: orderInfluencer.lastname,
            avatarUrl: orderInfluencer.avatarUrl,
          },
          /** Whether the hired influencer's account is open (the brand sees when they have left: issue 23 §2). */
          orderInfluencerActive: orderInfluencer.isActive,
        })
        .from(campaigns)
        .innerJoin(clients, eq(clients.id, campaigns.clientId))
        .leftJoin(myApplication, myApplicationJoin(influencerId))
        .leftJoin(orders, campaignOrderJoin(influencerId))
        .leftJoin(orderInfluencer, eq(orderInfluencer.id, orders.influencerId))
        .leftJoin(chats, eq(chats.orderId, orders.id))
        .where(eq(campaigns.id, id));
      return row ?? null;
    },

    /** Every application to the campaign with the applicant's card, newest first. */
    /** How many applications the campaign has, by status: one aggregate over its index entries. */
    async applicationCounts(campaignId: string) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where ${campaignApplications.status} = 'pending'))::int`,
          accepted: sql<number>`(count(*) filter (where ${campaignApplications.status} = 'accepted'))::int`,
          rejected: sql<number>`(count(*) filter (where ${campaignApplications.status} = 'rejected'))::int`,
        })
        .from(campaignApplications)
        .where(eq(campaignApplications.campaignId, campaignId));
      return row ?? { total: 0, pending: 0, accepted: 0, rejected: 0 };
    },

    /** The newest `limit` applications with their applicants. */
    async applications(campaignId: string, limit: number) {
      return db
        .select({
          id: campaignApplications.id,
          status: campaignApplications.status,
          createdAt: campaignApplications.createdAt,
          influencer: {
            id: influencers.id,
            name: influencers.name,
            lastname: influencers.lastname,
            avatarUrl: influencers.avatarUrl,
            socials: influencers.socials,
          },
        })
        .from(campaignApplications)
        .innerJoin(influencers, eq(influencers.id, campaignApplications.influencerId))
        .where(eq(campaignApplications.campaignId, campaignId))
        .orderBy(desc(campaignApplications.createdAt), desc(campaignApplications.id))
        .limit(limit);
    },

    /** Locks the owner's campaign row until the transaction ends (a payment or an accept waits for a delete). */
    async lockOwned(tx: Tx, id: string, clientId: string) {
      const [row] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.clientId, clientId)))
        .for('update');
      return row ?? null;
    },

    /** The campaign's orders, locked, each saying whether a payment was ever recorded for it. */
    async lockOrders(tx: Tx, campaignId: string) {
      const rows = await tx
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.campaignId, campaignId))
        .for('update');
      if (rows.length === 0) return [];
      const paid = await tx
        .selectDistinct({ orderId: payments.orderId })
        .from(payments)
        .where(
          inArray(
            payments.orderId,
            rows.map((r) => r.id),
          ),
        );
      const withPayments = new Set(paid.map((p) => p.orderId));
      return rows.map((r) => ({ ...r, hasPayments: withPayments.has(r.id) }));
    },

    /** Removes the campaign (its orders and their chats were dealt with by their own features first). */
    async deleteCampaign(tx: Tx, campaignId: string) {
      await tx.delete(campaigns).where(eq(campaigns.id, campaignId));
    },

    /**
     * An order's transition, on its campaign (campaign-effects.ts): the status derived from the order's new state, and
     * the moment of a step, recorded once. The one write of a campaign's status after it is created.
     */
    async followOrder(tx: Tx, campaignId: string, e: CampaignEffect) {
      await tx
        .update(campaigns)
        .set({
          status: e.status,
          updatedAt: e.now,
          ...(e.stamp === 'paymentCompletedAt'
            ? { paymentCompletedAt: sql`coalesce(${campaigns.paymentCompletedAt}, ${e.now})` }
            : {}),
          ...(e.stamp === 'workStartedAt'
            ? { workStartedAt: sql`coalesce(${campaigns.workStartedAt}, ${e.now})` }
            : {}),
          ...(e.clearStamps ? { paymentCompletedAt: null, workStartedAt: null } : {}),
        })
        .where(eq(campaigns.id, campaignId));
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
