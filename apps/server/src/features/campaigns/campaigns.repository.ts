import type { CampaignSort } from '@app/shared/campaigns/campaign.schemas';
import { PAID_ORDER_STATUSES } from '@app/shared/campaigns/campaign-status';
import {
  type AnyColumn,
  and,
  arrayContains,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { campaignHired, invitedTo } from '../../db/predicates.ts';
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
import { cursorTime, type KeyKind, type Keyset, keysetOrder, pastKeyset } from '../../lib/cursor.ts';
import type { CampaignEffect } from './campaign-effects.ts';

/** Who is looking decides which campaigns a list holds and which application and order a card reflects. */
export type ListViewer = { role: 'client'; clientId: string } | { role: 'influencer'; influencerId: string };

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

const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  description: campaigns.description,
  budgetMinor: campaigns.budgetMinor,
  uploadLink: campaigns.uploadLink,
  deadline: campaigns.deadline,
  socials: campaigns.socials,
  status: campaigns.status,
  createdAt: campaigns.createdAt,
  clientId: campaigns.clientId,
  client: { id: clients.id, name: clients.name, lastname: clients.lastname, avatarUrl: clients.avatarUrl },
};

/**
 * The list's orders (decision 025), each a keyset over (key, id) that an index on (client_id | status, key, id)
 * serves. A deadline sort puts the campaigns without one last: its key is coalesce(deadline, 'infinity'), which has
 * no nulls, so one row comparison pages through it. `text` is the key as the cursor carries it.
 */
const deadlineKey = sql`coalesce(${campaigns.deadline}, 'infinity'::date)`;
export const CAMPAIGN_SORT_KEYS: Record<
  CampaignSort,
  {
    key: AnyColumn | SQL;
    text: SQL<string>;
    kind: KeyKind;
    cast: 'timestamptz' | 'integer' | 'date';
    direction: 'asc' | 'desc';
  }
> = {
  newest: {
    key: campaigns.createdAt,
    text: cursorTime(campaigns.createdAt),
    kind: 'timestamp',
    cast: 'timestamptz',
    direction: 'desc',
  },
  budget: {
    key: campaigns.budgetMinor,
    text: sql<string>`${campaigns.budgetMinor}::text`,
    kind: 'integer',
    cast: 'integer',
    direction: 'desc',
  },
  deadline: {
    key: deadlineKey,
    // to_char, not ::text, whose form follows the session's DateStyle.
    text: sql<string>`case when ${campaigns.deadline} is null then 'infinity' else to_char(${campaigns.deadline}, 'YYYY-MM-DD') end`,
    kind: 'date',
    cast: 'date',
    direction: 'asc',
  },
};

export type ListFilter = {
  platform?: string;
  /** A prefix tsquery from `searchQuery()`; null for no search. */
  search: string | null;
  /** Budget bounds in tetri, inclusive. */
  minBudgetMinor?: number;
  maxBudgetMinor?: number;
  sort: CampaignSort;
  today: string;
  cursor: Keyset | null;
  limit: number;
};

const myApplication = alias(campaignApplications, 'my_application');
const orderInfluencer = alias(influencers, 'order_influencer');

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
    async insert(c: NewCampaign): Promise<{ id: string }> {
      const [row] = await db
        .insert(campaigns)
        .values({ ...c, status: 'open' })
        .returning({ id: campaigns.id });
      return row!;
    },

    /**
     * Turns what a person typed into a tsquery that matches word prefixes ("sum dri" finds "Summer drinks"). The
     * words are PostgreSQL's own (the same parser and 'simple' configuration as the indexed document), so a query
     * and a title split "e-mail" or "ზაფხულის" alike; each becomes a quoted prefix term, all of them required.
     * Returns null when the text has no words (only punctuation): nothing can match it.
     */
    async searchQuery(text: string): Promise<string | null> {
      const result = (await db.execute(
        sql`select tsvector_to_array(to_tsvector('simple'::regconfig, ${text})) as lexemes`,
      )) as unknown as { rows: { lexemes: string[] }[] };
      const lexemes = result.rows[0]?.lexemes ?? [];
      if (lexemes.length === 0) return null;
      return lexemes.map((l) => `'${l.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
    },

    /**
     * One page of cards in the chosen order, in one statement. The page's ids come from keyset scans that an index
     * serves (a client's own campaigns; for an influencer the open ones UNION the ones they applied to, each
     * limited before the merge, because an OR across the two would scan everything); then each card's client,
     * the viewer's application, invitation and order, and the applications count are joined to those ids only.
     * A search goes through the GIN index on search_vector; PostgreSQL picks it or the sort's index by how many
     * campaigns the words match.
     */
    async listPage(viewer: ListViewer, f: ListFilter) {
      const take = f.limit + 1;
      const sort = CAMPAIGN_SORT_KEYS[f.sort];
      const visible = (who: SQL) =>
        and(
          who,
          // "No deadline, or not passed": the deadline sort's index key, so that sort starts its scan at today.
          gte(deadlineKey, f.today),
          f.platform ? arrayContains(campaigns.socials, [f.platform]) : undefined,
          f.search ? sql`${campaigns.searchVector} @@ ${f.search}::tsquery` : undefined,
          f.minBudgetMinor !== undefined ? gte(campaigns.budgetMinor, f.minBudgetMinor) : undefined,
          f.maxBudgetMinor !== undefined ? lte(campaigns.budgetMinor, f.maxBudgetMinor) : undefined,
          pastKeyset(sort.key, campaigns.id, f.cursor, sort),
        );
      const key = { id: campaigns.id, sortKey: sql`${sort.key}`.as('sort_key') };
      const order = keysetOrder(sort.key, campaigns.id, sort.direction);

      const pageQuery =
        viewer.role === 'client'
          ? db
              .select(key)
              .from(campaigns)
              .where(visible(eq(campaigns.clientId, viewer.clientId)))
              .orderBy(...order)
              .limit(take)
          : db
              .select(key)
              .from(campaigns)
              // A deactivated brand's open campaigns leave the market with it.
              .where(
                visible(
                  and(
                    eq(campaigns.status, 'open'),
                    exists(
                      db
                        .select({ one: sql`1` })
                        .from(clients)
                        .where(and(eq(clients.id, campaigns.clientId), eq(clients.isActive, true))),
                    ),
                    // Hired campaigns stay only on the lists of those who applied (the other branch).
                    not(campaignHired(db, campaigns.id)),
                  )!,
                ),
              )
              .orderBy(...order)
              .limit(take)
              .union(
                db
                  .select(key)
                  .from(campaignApplications)
                  .innerJoin(campaigns, eq(campaigns.id, campaignApplications.campaignId))
                  .where(visible(eq(campaignApplications.influencerId, viewer.influencerId)))
                  .orderBy(...order)
                  .limit(take),
              )
              .orderBy(...keysetOrder(sql`"sort_key"`, sql`"id"`, sort.direction))
              .limit(take);
      const page = db.$with('page').as(pageQuery);

      const influencerId = viewer.role === 'influencer' ? viewer.influencerId : null;
      return db
        .with(page)
        .select({
          ...campaignColumns,
          cursorKey: sort.text,
          applicationStatus: myApplication.status,
          invited: influencerId ? invitedTo(db, campaigns.id, influencerId).mapWith(Boolean) : sql<boolean>`false`,
          applicationsCount: influencerId
            ? sql<number | null>`null`
            : sql<number>`(select count(*) from ${campaignApplications} where ${campaignApplications.campaignId} = ${campaigns.id})`.mapWith(
                Number,
              ),
          order: { status: orders.status, workStatus: orders.workStatus, approvalStatus: orders.approvalStatus },
        })
        .from(page)
        .innerJoin(campaigns, eq(campaigns.id, page.id))
        .innerJoin(clients, eq(clients.id, campaigns.clientId))
        .leftJoin(
          myApplication,
          influencerId
            ? and(eq(myApplication.campaignId, campaigns.id), eq(myApplication.influencerId, influencerId))
            : sql`false`,
        )
        .leftJoin(
          orders,
          influencerId
            ? eq(orders.applicationId, myApplication.id)
            : and(eq(orders.campaignId, campaigns.id), ne(orders.status, 'canceled')),
        )
        .orderBy(...order);
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
        })
        .from(campaigns)
        .innerJoin(clients, eq(clients.id, campaigns.clientId))
        .leftJoin(
          myApplication,
          influencerId
            ? and(eq(myApplication.campaignId, campaigns.id), eq(myApplication.influencerId, influencerId))
            : sql`false`,
        )
        .leftJoin(
          orders,
          influencerId
            ? eq(orders.applicationId, myApplication.id)
            : and(eq(orders.campaignId, campaigns.id), ne(orders.status, 'canceled')),
        )
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
