// Role rows (spec §3 clients, influencers), categories and the influencer's per-platform data.
import { DIRECTORY_PLATFORMS, type Platform } from '@app/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';

/**
 * "Has a visible handle on this network": a JSON string with a non-space character. The directory filter and the
 * partial indexes below share this one expression, so the planner can match them. Platforms are inlined literals
 * (an index predicate cannot take parameters); they come from the fixed DIRECTORY_PLATFORMS list.
 */
export const hasHandleSql = (socials: AnyPgColumn | SQL, platform: Platform) => {
  if (!(DIRECTORY_PLATFORMS as readonly string[]).includes(platform)) throw new Error(`Unknown platform ${platform}`);
  const key = sql.raw(`'${platform}'`);
  return sql`(jsonb_typeof(${socials} -> ${key}) = 'string' and (${socials} ->> ${key}) ~ '[^[:space:]]')`;
};

export const clients = pgTable('clients', {
  id: orderedPk(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  lastname: text('lastname').notNull(),
  mobile: text('mobile'),
  companyId: text('company_id'),
  avatarUrl: text('avatar_url'),
  isActive: boolean('is_active').notNull().default(true),
  isOnboarded: boolean('is_onboarded').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const influencers = pgTable(
  'influencers',
  {
    id: orderedPk(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    mobile: text('mobile'),
    avatarUrl: text('avatar_url'),
    /** platform → handle or URL, as spec §3 keeps it. */
    socials: jsonb('socials').$type<Record<string, string>>().notNull().default({}),
    iban: text('iban'),
    /** Sum of the verified accounts' follower counts (social_verifications), kept by the social feature: the
     * directory sorts and filters on it through the index below. */
    verifiedFollowers: integer('verified_followers').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Directory and Home list active influencers newest first.
  (t) => [
    index('influencers_active_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.isActive}`),
    // The directory's network filter walks one of these newest first and stops at the page size, instead of reading
    // every active influencer. The predicate must stay identical to `hasHandle()` in the influencers repository.
    ...DIRECTORY_PLATFORMS.map((p) =>
      index(`influencers_${p}_created_idx`)
        .on(t.createdAt.desc(), t.id.desc())
        .where(sql`${t.isActive} and ${hasHandleSql(t.socials, p)}`),
    ),
    index('influencers_active_verified_followers_idx')
      .on(t.verifiedFollowers.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
  ],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  /** The spec's order; the first 8 are the ones offered on the screens. */
  sortOrder: integer('sort_order').notNull(),
});

export const influencerCategories = pgTable(
  'influencer_categories',
  {
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.influencerId, t.categoryId] }),
    index('influencer_categories_category_idx').on(t.categoryId),
  ],
);

/**
 * Per-platform price range and categories (the spec left these in screen state; we persist them, issue 13). Reach
 * is not here: only a verified account (social_verifications) has numbers.
 */
export const influencerPlatforms = pgTable(
  'influencer_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    priceMinMinor: integer('price_min_minor').notNull().default(10_000),
    priceMaxMinor: integer('price_max_minor').notNull().default(40_000),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('influencer_platforms_unique').on(t.influencerId, t.platform),
    index('influencer_platforms_platform_idx').on(t.platform),
    check(
      'influencer_platforms_price_check',
      sql`${t.priceMinMinor} >= 0 and ${t.priceMaxMinor} <= 500000 and ${t.priceMinMinor} <= ${t.priceMaxMinor}`,
    ),
  ],
);

/** Up to 3 categories per platform; the limit is enforced by the service that writes them. */
export const influencerPlatformCategories = pgTable(
  'influencer_platform_categories',
  {
    influencerPlatformId: uuid('influencer_platform_id')
      .notNull()
      .references(() => influencerPlatforms.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.influencerPlatformId, t.categoryId] }),
    index('influencer_platform_categories_category_idx').on(t.categoryId),
  ],
);
