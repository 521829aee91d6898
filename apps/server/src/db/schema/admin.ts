// What admins did to people's accounts (issue 23 §3, decision 031): one row per action, with the admin and the
// reason, written by the admin feature beside the action. Order actions are in order_transitions instead (the
// machine writes them), so an order has one history.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';

export const adminActions = pgTable(
  'admin_actions',
  {
    id: orderedPk(),
    /** The account acted on. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin; null once that admin's account is deleted (the row stays). */
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    /** What else a reader needs (the platform reset, the lock that was lifted). */
    details: jsonb('details'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'admin_actions_action_check',
      sql`${t.action} in ('deactivate', 'reactivate', 'resend_verification', 'unlock_sign_in', 'reset_social')`,
    ),
    check('admin_actions_reason_check', sql`length(btrim(${t.reason})) > 0`),
    // A person's page lists their history newest first.
    index('admin_actions_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // What one admin did, and a deleted admin's rows set to null.
    index('admin_actions_admin_idx').on(t.adminId),
  ],
);
