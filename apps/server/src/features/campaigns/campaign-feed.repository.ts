import type { CampaignSort } from '@app/shared/campaigns/campaign.schemas';
import { type AnyColumn, and, arrayContains, eq, exists, gte, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignHired, invitedTo } from '../../db/predicates.ts';
import { campaignApplications, campaigns, clients, orders } from '../../db/schema.ts';
import { cursorTime, type KeyKind, type Keyset, keysetOrder, pastKeyset } from '../../lib/cursor.ts';
import { campaignColumns, campaignOrderJoin, myApplication, myApplicationJoin } from './campaign-columns.ts';

/** Who is looking decides which campaigns a list holds and which application and order a card reflects. */
export type ListViewer = { role: 'client'; clientId: string } | { role: 'influencer'; influencerId: string };

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

/** The campaign feed's reads (decision 025): one page of cards for a client or an influencer, and the search. */
export function createCampaignFeedRepository(db: Db) {
  return {
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
        .leftJoin(myApplication, myApplicationJoin(influencerId))
        .leftJoin(orders, campaignOrderJoin(influencerId))
        .orderBy(...order);
    },
  };
}
