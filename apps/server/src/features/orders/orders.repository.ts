import type { OpenOrderItem } from '@app/shared/auth/auth.schemas';
import { type OrderState, orderStage } from '@app/shared/orders/order-machine';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  campaigns,
  clients,
  influencers,
  orders,
  payoutBatches,
  payoutItems,
  payouts,
  ratings,
} from '../../db/schema.ts';
import { type Cursor, cursorTime, newestFirst, olderThan } from '../../lib/cursor.ts';

export function createOrdersRepository(db: Db) {
  return {
    /**
     * The orders that keep a person's account open (issue 23 §2): an influencer's work in progress, submitted,
     * sent back or disputed; a client's held payment (paid or disputed, not approved). Oldest first.
     */
    async openForAccount(userId: string): Promise<OpenOrderItem[]> {
      const unapproved = or(isNull(orders.approvalStatus), inArray(orders.approvalStatus, ['pending', 'rejected']));
      const held = and(inArray(orders.status, ['paid', 'disputed']), unapproved);
      return db
        .select({
          id: orders.id,
          status: orders.status,
          workStatus: orders.workStatus,
          approvalStatus: orders.approvalStatus,
          campaign: { id: campaigns.id, title: campaigns.title },
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .leftJoin(clients, eq(clients.id, orders.clientId))
        .leftJoin(influencers, eq(influencers.id, orders.influencerId))
        .where(
          or(
            and(eq(clients.userId, userId), held),
            and(eq(influencers.userId, userId), held, inArray(orders.workStatus, ['in_progress', 'completed'])),
          ),
        )
        .orderBy(orders.createdAt)
        .then((rows) =>
          rows.map((r) => ({
            id: r.id,
            campaignId: r.campaign.id,
            title: r.campaign.title,
            stage: orderStage(r as OrderState),
          })),
        );
    },

    /** One page (limit + 1 rows) of the influencer's orders, newest first, with campaign and client: one query. */
    async influencerPage(f: { influencerId: string; userId: string; cursor: Cursor | null; limit: number }) {
      return db
        .select({
          id: orders.id,
          status: orders.status,
          amountMinor: orders.amountMinor,
          workStatus: orders.workStatus,
          approvalStatus: orders.approvalStatus,
          approvalFeedback: orders.approvalFeedback,
          proofUrl: orders.proofUrl,
          completionNotes: orders.completionNotes,
          rated: sql<boolean>`exists (select 1 from ${ratings} where ${ratings.orderId} = ${orders.id} and ${ratings.raterId} = ${f.userId})`,
          // In a batch the admin marked paid: the transfer was made (decision 016). Read only; payouts owns the tables.
          paidOut: sql<boolean>`exists (select 1 from ${payoutItems} join ${payouts} on ${payouts.id} = ${payoutItems.payoutId} join ${payoutBatches} on ${payoutBatches.id} = ${payouts.batchId} where ${payoutItems.orderId} = ${orders.id} and ${payoutBatches.status} = 'paid')`,
          createdAt: orders.createdAt,
          cursorAt: cursorTime(orders.createdAt),
          campaign: {
            id: campaigns.id,
            title: campaigns.title,
            description: campaigns.description,
            socials: campaigns.socials,
            deadline: campaigns.deadline,
          },
          client: { id: clients.id, name: clients.name, lastname: clients.lastname, avatarUrl: clients.avatarUrl },
          clientActive: clients.isActive,
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .where(and(eq(orders.influencerId, f.influencerId), olderThan(orders.createdAt, orders.id, f.cursor)))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(f.limit + 1);
    },

    /** A hire's order (applications accept one, in their transaction): unpaid, for the campaign's budget. */
    async createForHire(
      tx: Tx,
      o: { campaignId: string; applicationId: string; influencerId: string; clientId: string; amountMinor: number },
    ) {
      const [row] = await tx
        .insert(orders)
        .values({ ...o, status: 'unpaid' })
        .returning({ id: orders.id, status: orders.status, amountMinor: orders.amountMinor });
      return row!;
    },

    /** Orders that never held money, gone with their deleted campaign (its service checked that none did). */
    async deleteForCampaign(tx: Tx, orderIds: string[]) {
      if (orderIds.length) await tx.delete(orders).where(inArray(orders.id, orderIds));
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
