import type { Language } from '@app/shared/i18n/language';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@app/shared/social/social.schemas';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  influencerCategories,
  influencerPlatformCategories,
  influencerPlatforms,
  influencers,
  socialVerifications,
  users,
} from '../../db/schema.ts';

export type VerificationRow = typeof socialVerifications.$inferSelect;
type Exec = Db | Tx;

/** Every column but the tokens, for what the owner sees. */
const ownerColumns = {
  id: socialVerifications.id,
  influencerId: socialVerifications.influencerId,
  platform: socialVerifications.platform,
  handle: socialVerifications.handle,
  url: socialVerifications.url,
  accountId: socialVerifications.accountId,
  title: socialVerifications.title,
  avatarUrl: socialVerifications.avatarUrl,
  followerCount: socialVerifications.followerCount,
  videoCount: socialVerifications.videoCount,
  status: socialVerifications.status,
  code: socialVerifications.code,
  expiresAt: socialVerifications.expiresAt,
  verifiedAt: socialVerifications.verifiedAt,
  countsRefreshedAt: socialVerifications.countsRefreshedAt,
  connected: sql<boolean>`(${socialVerifications.accessTokenEnc} is not null)`.mapWith(Boolean),
  reconnectNeededAt: socialVerifications.reconnectNeededAt,
};
export type OwnerRow = {
  [K in keyof typeof ownerColumns]: K extends 'connected' ? boolean : VerificationRow[K & keyof VerificationRow];
};

export function createSocialRepository(db: Db) {
  return {
    async listForInfluencer(influencerId: string): Promise<OwnerRow[]> {
      return db
        .select(ownerColumns)
        .from(socialVerifications)
        .where(eq(socialVerifications.influencerId, influencerId))
        .orderBy(asc(socialVerifications.platform));
    },

    /** The whole row, tokens included: for the service only, never for an answer. */
    async find(influencerId: string, platform: SocialPlatform): Promise<VerificationRow | null> {
      const [row] = await db
        .select()
        .from(socialVerifications)
        .where(and(eq(socialVerifications.influencerId, influencerId), eq(socialVerifications.platform, platform)));
      return row ?? null;
    },

    async ownerRow(influencerId: string, platform: SocialPlatform): Promise<OwnerRow | null> {
      const [row] = await db
        .select(ownerColumns)
        .from(socialVerifications)
        .where(and(eq(socialVerifications.influencerId, influencerId), eq(socialVerifications.platform, platform)));
      return row ?? null;
    },

    async findByState(state: string): Promise<VerificationRow | null> {
      const [row] = await db.select().from(socialVerifications).where(eq(socialVerifications.oauthState, state));
      return row ?? null;
    },

    /** Whether another influencer holds this account verified now. */
    async verifiedByOther(platform: SocialPlatform, accountId: string, influencerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: socialVerifications.id })
        .from(socialVerifications)
        .where(
          and(
            eq(socialVerifications.platform, platform),
            eq(socialVerifications.accountId, accountId),
            eq(socialVerifications.status, 'verified'),
            sql`${socialVerifications.influencerId} <> ${influencerId}`,
          ),
        );
      return Boolean(row);
    },

    /**
     * A new attempt replaces whatever the influencer had on this platform (one row per influencer and platform):
     * every field is written, so nothing of the old attempt (tokens, counts, verified_at) survives.
     */
    async replace(
      tx: Exec,
      v: Omit<typeof socialVerifications.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
        influencerId: string;
        platform: SocialPlatform;
      },
      now: Date,
    ) {
      const full = {
        accountId: null,
        title: null,
        avatarUrl: null,
        followerCount: null,
        videoCount: null,
        status: 'pending',
        code: null,
        expiresAt: null,
        verifiedAt: null,
        countsRefreshedAt: null,
        oauthState: null,
        oauthVerifier: null,
        accessTokenEnc: null,
        refreshTokenEnc: null,
        tokenExpiresAt: null,
        refreshExpiresAt: null,
        lastError: null,
        ...v,
      };
      await tx
        .insert(socialVerifications)
        .values({ ...full, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [socialVerifications.influencerId, socialVerifications.platform],
          set: { ...full, createdAt: now, updatedAt: now },
        });
    },

    async update(tx: Exec, id: string, set: Partial<typeof socialVerifications.$inferInsert>, now: Date) {
      await tx
        .update(socialVerifications)
        .set({ ...set, updatedAt: now })
        .where(eq(socialVerifications.id, id));
    },

    /** Verified only while still pending: two Verify clicks, or a Fetch in between, cannot both win. */
    async markVerified(tx: Tx, id: string, set: Partial<typeof socialVerifications.$inferInsert>, now: Date) {
      const rows = await tx
        .update(socialVerifications)
        .set({ ...set, status: 'verified', verifiedAt: now, countsRefreshedAt: now, code: null, updatedAt: now })
        .where(and(eq(socialVerifications.id, id), eq(socialVerifications.status, 'pending')))
        .returning({ id: socialVerifications.id });
      return rows.length > 0;
    },

    /**
     * An admin resets a verification (issue 23 §3): the row goes, so the influencer verifies anew, and the follower
     * sum is rewritten in the same transaction (only verified rows count). The row that went, or null.
     */
    async resetVerification(influencerId: string, platform: SocialPlatform) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(socialVerifications)
          .where(and(eq(socialVerifications.influencerId, influencerId), eq(socialVerifications.platform, platform)))
          .returning({ handle: socialVerifications.handle, status: socialVerifications.status });
        if (row) await this.recomputeFollowers(tx, [influencerId]);
        return row ?? null;
      });
    },

    /** influencers.verified_followers: the sum the directory sorts and filters on. */
    async recomputeFollowers(tx: Exec, influencerIds: string[]) {
      if (!influencerIds.length) return;
      await tx
        .update(influencers)
        .set({
          verifiedFollowers: sql`(select coalesce(sum(${socialVerifications.followerCount}), 0)::int from ${socialVerifications}
            where ${socialVerifications.influencerId} = ${influencers.id} and ${socialVerifications.status} = 'verified')`,
        })
        .where(inArray(influencers.id, influencerIds));
    },

    /** The verified handle becomes the one shown (influencers.socials[platform]). */
    async setSocialHandle(tx: Tx, influencerId: string, platform: SocialPlatform, handle: string) {
      await tx
        .update(influencers)
        .set({ socials: sql`${influencers.socials} || jsonb_build_object(${platform}::text, ${handle}::text)` })
        .where(eq(influencers.id, influencerId));
    },

    /** Verified rows whose counts are the oldest, for the daily refresh. */
    /**
     * Verified Instagram connections whose long-lived token is older than `issuedBefore` and still valid at `now`
     * (Instagram refreshes only an unexpired token at least 24 hours old), oldest first.
     */
    async instagramTokensDue(issuedBefore: Date, now: Date, limit: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(socialVerifications)
        .where(
          and(
            eq(socialVerifications.status, 'verified'),
            eq(socialVerifications.platform, 'instagram'),
            sql`${socialVerifications.accessTokenEnc} is not null`,
            sql`${socialVerifications.reconnectNeededAt} is null`,
            sql`coalesce(${socialVerifications.tokenIssuedAt}, ${socialVerifications.verifiedAt}) < ${issuedBefore.toISOString()}`,
            sql`${socialVerifications.tokenExpiresAt} > ${now.toISOString()}`,
          ),
        )
        .orderBy(asc(socialVerifications.tokenIssuedAt))
        .limit(limit);
    },

    /** The influencer's name and address, to tell them a connection needs them. */
    async influencerContact(influencerId: string): Promise<{ email: string; name: string; language: Language } | null> {
      const rows = await db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(eq(influencers.id, influencerId))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, language: row.language === 'ka' ? 'ka' : 'en' } : null;
    },

    async dueForRefresh(before: Date, limit: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(socialVerifications)
        .where(
          and(
            eq(socialVerifications.status, 'verified'),
            sql`(${socialVerifications.countsRefreshedAt} is null or ${lt(socialVerifications.countsRefreshedAt, before)})`,
          ),
        )
        .orderBy(sql`${socialVerifications.countsRefreshedAt} asc nulls first`)
        .limit(limit);
    },

    async settings(influencerId: string) {
      const rows = await db
        .select({
          platform: influencerPlatforms.platform,
          priceMinMinor: influencerPlatforms.priceMinMinor,
          priceMaxMinor: influencerPlatforms.priceMaxMinor,
          categoryIds: sql<
            string[]
          >`coalesce((select array_agg(${influencerPlatformCategories.categoryId}::text order by ${influencerPlatformCategories.categoryId})
            from ${influencerPlatformCategories} where ${influencerPlatformCategories.influencerPlatformId} = ${influencerPlatforms.id}), '{}')`,
        })
        .from(influencerPlatforms)
        .where(
          and(
            eq(influencerPlatforms.influencerId, influencerId),
            inArray(influencerPlatforms.platform, [...SOCIAL_PLATFORMS]),
          ),
        );
      return rows;
    },

    /** The categories the influencer chose at registration (their profile's) that are still offered, in id order. */
    async profileCategoryIds(influencerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: influencerCategories.categoryId })
        .from(influencerCategories)
        .innerJoin(categories, eq(categories.id, influencerCategories.categoryId))
        .where(
          and(
            eq(influencerCategories.influencerId, influencerId),
            eq(categories.isActive, true),
            lt(categories.sortOrder, 8),
          ),
        )
        .orderBy(asc(sql`${influencerCategories.categoryId}::text`));
      return rows.map((r) => r.id);
    },

    /** The categories offered on the screens: the first 8 active ones in the spec's order. */
    async offeredCategoryIds(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.id, ids), eq(categories.isActive, true), lt(categories.sortOrder, 8)));
      return rows.map((r) => r.id);
    },

    async saveSettings(
      influencerId: string,
      platform: SocialPlatform,
      s: { priceMinMinor: number; priceMaxMinor: number; categoryIds: string[] },
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(influencerPlatforms)
          .values({ influencerId, platform, priceMinMinor: s.priceMinMinor, priceMaxMinor: s.priceMaxMinor })
          .onConflictDoUpdate({
            target: [influencerPlatforms.influencerId, influencerPlatforms.platform],
            set: { priceMinMinor: s.priceMinMinor, priceMaxMinor: s.priceMaxMinor, updatedAt: now },
          })
          .returning({ id: influencerPlatforms.id });
        await tx
          .delete(influencerPlatformCategories)
          .where(eq(influencerPlatformCategories.influencerPlatformId, row!.id));
        if (s.categoryIds.length) {
          await tx
            .insert(influencerPlatformCategories)
            .values(s.categoryIds.map((categoryId) => ({ influencerPlatformId: row!.id, categoryId })));
        }
      });
    },
  };
}
export type SocialRepository = ReturnType<typeof createSocialRepository>;
