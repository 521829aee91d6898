// Accounts tables. Property names are the ones better-auth's Drizzle adapter expects; SQL names are snake_case.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** client | influencer | admin; the role row (clients / influencers) carries the profile. */
    role: text('role').notNull(),
    /** en | ka: the language of the person's screens and mails (issue 26); null until they choose one. */
    language: text('language'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('client', 'influencer', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'ka')`),
    // The admin console's people list: newest first, in all or in one role (issue 23 §3).
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_role_created_idx').on(t.role, t.createdAt.desc(), t.id.desc()),
    // Its search: every word the start of a word of the name or of the address (decision 031). The expression must
    // stay identical to `personWords()` in features/admin/admin-people.repository.ts, or the planner cannot use it.
    index('users_search_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name} || ' ' || ${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    /** better-auth's scrypt hash; never selected outside the auth feature. */
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Failed sign-ins per address, across every server instance: past the limit the address is locked for a while and
 * its owner told by mail, so a guesser spread over many addresses is slowed as much as one.
 */
export const signInFailures = pgTable('sign_in_failures', {
  /** Lower-cased address as typed, whether or not an account has it (the answer must not tell). */
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
});

/**
 * An e-mail change waiting for its link (issue 27): the profile shows it with Resend and Cancel, and the link
 * changes the address only while this row names it; Cancel (or the old address's undo link) deletes it.
 */
export const emailChanges = pgTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  requestedAt: ts('requested_at').notNull().defaultNow(),
});
