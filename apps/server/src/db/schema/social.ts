// Social accounts an influencer has proven (spec §3 social_verifications, issue 13).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { orders } from './marketplace.ts';
import { influencers } from './people.ts';

/**
 * One row per influencer and platform: a re-verification replaces it. A verified row is what the directory, the
 * profile and Home show numbers for; a pending one carries the code (24 h) and, for the OAuth platforms, the
 * authorisation in progress (`oauth_state`, the PKCE verifier) and the creator's tokens, encrypted (AES-GCM).
 */
export const socialVerifications = pgTable(
  'social_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** As the influencer typed it, normalised (spec §5). */
    handle: text('handle').notNull(),
    url: text('url').notNull(),
    /** YouTube channel id, TikTok open_id, Instagram user id: what "one account" means. */
    accountId: text('account_id'),
    title: text('title'),
    avatarUrl: text('avatar_url'),
    /** Null while unknown or hidden by the platform (YouTube's hiddenSubscriberCount). */
    followerCount: integer('follower_count'),
    videoCount: integer('video_count'),
    status: text('status').notNull().default('pending'),
    code: text('code'),
    expiresAt: ts('expires_at'),
    verifiedAt: ts('verified_at'),
    countsRefreshedAt: ts('counts_refreshed_at'),
    oauthState: text('oauth_state'),
    oauthVerifier: text('oauth_verifier'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    /** When the platform issued the access token: Instagram refreshes only a token at least 24 hours old. */
    tokenIssuedAt: ts('token_issued_at'),
    refreshExpiresAt: ts('refresh_expires_at'),
    /** The platform refused to refresh the token: the influencer must connect the account again (they are told). */
    reconnectNeededAt: ts('reconnect_needed_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('social_verifications_influencer_platform_uq').on(t.influencerId, t.platform),
    // One platform account is verified by one influencer at a time; a race between two ends here.
    uniqueIndex('social_verifications_account_verified_uq')
      .on(t.platform, t.accountId)
      .where(sql`${t.status} = 'verified'`),
    uniqueIndex('social_verifications_oauth_state_uq').on(t.oauthState),
    // The daily refresh walks verified rows oldest-refreshed first.
    index('social_verifications_refresh_idx').on(t.countsRefreshedAt).where(sql`${t.status} = 'verified'`),
    // The daily token refresh walks verified Instagram rows by their token's age.
    index('social_verifications_token_idx')
      .on(t.tokenIssuedAt)
      .where(sql`${t.status} = 'verified' and ${t.platform} = 'instagram'`),
    check('social_verifications_status_check', sql`${t.status} in ('pending', 'verified', 'failed')`),
    check('social_verifications_platform_check', sql`${t.platform} in ('youtube', 'tiktok', 'instagram')`),
    check(
      'social_verifications_counts_check',
      sql`coalesce(${t.followerCount}, 0) >= 0 and coalesce(${t.videoCount}, 0) >= 0`,
    ),
  ],
);

/**
 * The proof-of-post check of an order's proof link (issue 25 §3, decision 039): one row per order, rewritten at
 * each submission. `status` is what the brand sees; `verified_at` says the post was once found on the influencer's
 * verified account, so a later miss means it was removed (`removed_at`: the brand and support were told, once).
 * `rechecks` counts the 7- and 30-day checks after approval done so far.
 */
export const postChecks = pgTable(
  'post_checks',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    platform: text('platform').notNull(),
    /** YouTube/TikTok video id, Instagram shortcode. */
    postId: text('post_id').notNull(),
    status: text('status').notNull(),
    /** Why unchecked: the platform did not answer, or the influencer has no verified account there. */
    reason: text('reason'),
    handle: text('handle'),
    publishedAt: ts('published_at'),
    views: integer('views'),
    likes: integer('likes'),
    comments: integer('comments'),
    checkedAt: ts('checked_at').notNull(),
    verifiedAt: ts('verified_at'),
    removedAt: ts('removed_at'),
    rechecks: integer('rechecks').notNull().default(0),
  },
  (t) => [
    check('post_checks_status_check', sql`${t.status} in ('verified', 'not_owned', 'not_found', 'unchecked')`),
    check('post_checks_platform_check', sql`${t.platform} in ('youtube', 'tiktok', 'instagram')`),
    // The job retries the platform's outages.
    index('post_checks_unchecked_idx').on(t.checkedAt).where(sql`${t.reason} = 'platform_unavailable'`),
  ],
);
