import type { Platform } from '@app/shared/constants';
import { and, count, eq, exists, gte, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { campaignHired, invitedTo } from '../../db/predicates.ts';
import { hasHandleSql } from '../../db/schema/people.ts';
import {
  campaignApplications,
  campaigns,
  categories,
  influencerCategories,
  influencerPlatformCategories,
  influencerPlatforms,
  influencers,
  orders,
  ratings,
  socialVerifications,
  users,
} from '../../db/schema.ts';
import { type Cursor, cursorTime, type Keyset, newestFirst, olderThan, pastKeyset } from '../../lib/cursor.ts';

type CardExtras = {
  categories: { id: string; name: string }[];
  platforms: { platform: string; followersCount: number | null; verified: true }[];
  prices: { platform: string; priceMin: number; priceMax: number; categories: { id: string; name: string }[] }[];
  rating: { average: number | null; count: number };
};

/** Only active influencers are listed, shown or invitable (spec §2: Home and directory read active ones). */
const isActive = sql`${influencers.isActive}`;

/**
 * The social filter: a string with a visible character under that platform in `influencers.socials`, the same rule
 * the card uses to show a handle (`visibleSocials`), so every card a filter returns shows the handle it matched.
 */
/** Served by the partial index `influencers_<platform>_created_idx` (same expression, see the schema). */
export const hasHandle = (socials: AnyPgColumn, platform: Platform) => hasHandleSql(socials, platform);

/** Open for applications: status open and the deadline (a Tbilisi date) not passed. */
const openOn = (today: string) =>
  and(eq(campaigns.status, 'open'), or(isNull(campaigns.deadline), gte(campaigns.deadline, today)));

export function createInfluencersRepository(db: Db) {
  /**
   * What a card shows beyond the influencer row, as correlated subqueries on the page's rows: one statement per
   * page, each subquery an index lookup (influencer_categories pkey, influencer_platforms_unique,
   * ratings_rated_user_idx).
   */
  const cardExtras = (influencerId: AnyPgColumn, userId: AnyPgColumn) => ({
    categories: sql<CardExtras['categories']>`coalesce((${db
      .select({
        list: sql`json_agg(json_build_object('id', ${categories.id}, 'name', ${categories.name}) order by ${categories.sortOrder}, ${categories.name})`,
      })
      .from(influencerCategories)
      .innerJoin(categories, eq(categories.id, influencerCategories.categoryId))
      .where(and(eq(influencerCategories.influencerId, influencerId), eq(categories.isActive, true)))}), '[]'::json)`,
    // Numbers only for verified accounts (social_verifications_influencer_platform_uq serves the lookup).
    platforms: sql<CardExtras['platforms']>`coalesce((${db
      .select({
        list: sql`json_agg(json_build_object('platform', ${socialVerifications.platform}, 'followersCount', ${socialVerifications.followerCount}, 'verified', true) order by ${socialVerifications.followerCount} desc nulls last, ${socialVerifications.platform})`,
      })
      .from(socialVerifications)
      .where(
        and(eq(socialVerifications.influencerId, influencerId), eq(socialVerifications.status, 'verified')),
      )}), '[]'::json)`,
    prices: sql<CardExtras['prices']>`coalesce((${db
      .select({
        list: sql`json_agg(json_build_object('platform', ${influencerPlatforms.platform}, 'priceMin', ${influencerPlatforms.priceMinMinor} / 100, 'priceMax', ${influencerPlatforms.priceMaxMinor} / 100,
          'categories', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.sort_order)
            from ${influencerPlatformCategories} ipc join ${categories} c on c.id = ipc.category_id
            where ipc.influencer_platform_id = "influencer_platforms"."id" and c.is_active), '[]'::json))
          order by ${influencerPlatforms.priceMinMinor}, ${influencerPlatforms.platform})`,
      })
      .from(influencerPlatforms)
      .where(eq(influencerPlatforms.influencerId, influencerId))}), '[]'::json)`,
    rating: sql<CardExtras['rating']>`(${db
      .select({
        summary: sql`json_build_object('average', round(avg(${ratings.rating}), 1), 'count', count(*))`,
      })
      .from(ratings)
      .where(eq(ratings.ratedUserId, userId))})`,
  });

  return {
    /** One directory page (limit + 1 rows, newest first) with everything its cards show, in one statement. */
    async directoryPage(f: {
      category?: string;
      social?: Platform;
      cursor: Cursor | null;
      /** sort=followers: (verified_followers, id) of the last row. */
      keyset?: Keyset | null;
      sort?: 'newest' | 'followers';
      minFollowers?: number;
      limit: number;
    }) {
      const byFollowers = f.sort === 'followers';
      const conditions: (SQL | undefined)[] = [
        isActive,
        byFollowers
          ? pastKeyset(influencers.verifiedFollowers, influencers.id, f.keyset ?? null, {
              direction: 'desc',
              cast: 'integer',
            })
          : olderThan(influencers.createdAt, influencers.id, f.cursor),
      ];
      if (f.minFollowers !== undefined && f.minFollowers > 0) {
        conditions.push(gte(influencers.verifiedFollowers, f.minFollowers));
      }
      if (f.category) {
        const categoryActive = exists(
          db
            .select({ one: sql`1` })
            .from(categories)
            .where(and(eq(categories.id, f.category), eq(categories.isActive, true))),
        );
        // The profile's categories, or one the influencer chose for a platform (Settings → Social Media).
        conditions.push(
          categoryActive,
          or(
            exists(
              db
                .select({ one: sql`1` })
                .from(influencerCategories)
                .where(
                  and(
                    eq(influencerCategories.influencerId, influencers.id),
                    eq(influencerCategories.categoryId, f.category),
                  ),
                ),
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(influencerPlatformCategories)
                .innerJoin(
                  influencerPlatforms,
                  eq(influencerPlatforms.id, influencerPlatformCategories.influencerPlatformId),
                )
                .where(
                  and(
                    eq(influencerPlatforms.influencerId, influencers.id),
                    eq(influencerPlatformCategories.categoryId, f.category),
                  ),
                ),
            ),
          ),
        );
      }
      if (f.social) conditions.push(hasHandle(influencers.socials, f.social));

      // The page is cut first, so the card subqueries run for its rows only, whatever plan the filters get.
      const page = db
        .select({
          id: influencers.id,
          userId: influencers.userId,
          name: influencers.name,
          lastname: influencers.lastname,
          avatarUrl: influencers.avatarUrl,
          socials: influencers.socials,
          createdAt: influencers.createdAt,
          verifiedFollowers: influencers.verifiedFollowers,
          cursorAt: cursorTime(influencers.createdAt).as('cursor_at'),
        })
        .from(influencers)
        .where(and(...conditions))
        .orderBy(
          ...(byFollowers
            ? newestFirst(influencers.verifiedFollowers, influencers.id)
            : newestFirst(influencers.createdAt, influencers.id)),
        )
        .limit(f.limit + 1)
        .as('page');

      return db
        .select({
          id: page.id,
          name: page.name,
          lastname: page.lastname,
          avatarUrl: page.avatarUrl,
          socials: page.socials,
          cursorAt: page.cursorAt,
          verifiedFollowers: page.verifiedFollowers,
          ...cardExtras(page.id, page.userId),
        })
        .from(page)
        .orderBy(
          ...(byFollowers ? newestFirst(page.verifiedFollowers, page.id) : newestFirst(page.createdAt, page.id)),
        );
    },

    /** An active influencer with the card, the contact e-mail, join date and hires (orders not canceled). */
    async profile(id: string) {
      const [row] = await db
        .select({
          id: influencers.id,
          name: influencers.name,
          lastname: influencers.lastname,
          avatarUrl: influencers.avatarUrl,
          socials: influencers.socials,
          ...cardExtras(influencers.id, influencers.userId),
          email: users.email,
          joinedAt: influencers.createdAt,
          totalCampaigns: sql<number>`(${db
            .select({ n: count() })
            .from(orders)
            .where(and(eq(orders.influencerId, influencers.id), sql`${orders.status} <> 'canceled'`))})`.mapWith(
            Number,
          ),
        })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(and(eq(influencers.id, id), isActive));
      return row ?? null;
    },

    async isActiveInfluencer(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: influencers.id })
        .from(influencers)
        .where(and(eq(influencers.id, id), isActive));
      return Boolean(row);
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(influencers).where(isActive);
      return row?.n ?? 0;
    },

    /** Home's Top Influencers: the newest active ones. */
    async newestActive(limit: number) {
      return db
        .select({
          id: influencers.id,
          name: influencers.name,
          lastname: influencers.lastname,
          avatarUrl: influencers.avatarUrl,
          socials: influencers.socials,
          verifiedFollowers: influencers.verifiedFollowers,
        })
        .from(influencers)
        .where(isActive)
        .orderBy(...newestFirst(influencers.createdAt, influencers.id))
        .limit(limit);
    },

    async countOpenCampaigns(clientId: string, today: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.clientId, clientId), openOn(today)));
      return row?.n ?? 0;
    },

    /** The client's open campaigns, newest first, each saying whether this influencer is invited or applied. */
    async invitableCampaigns(clientId: string, influencerId: string, today: string) {
      return (
        db
          .select({
            id: campaigns.id,
            title: campaigns.title,
            budgetMinor: campaigns.budgetMinor,
            invited: invitedTo(db, campaigns.id, influencerId).mapWith(Boolean),
            applied: exists(
              db
                .select({ one: sql`1` })
                .from(campaignApplications)
                .where(
                  and(
                    eq(campaignApplications.campaignId, campaigns.id),
                    eq(campaignApplications.influencerId, influencerId),
                  ),
                ),
            ).mapWith(Boolean),
          })
          .from(campaigns)
          // A campaign that has hired takes no one else: it is not offered in the invite dialog.
          .where(and(eq(campaigns.clientId, clientId), openOn(today), not(campaignHired(db, campaigns.id))))
          .orderBy(...newestFirst(campaigns.createdAt, campaigns.id))
      );
    },
  };
}
export type InfluencersRepository = ReturnType<typeof createInfluencersRepository>;
