// Cancellation by agreement (issue 23 §2, decision 038): one row per proposal a party made to end an order after
// work started. The order's state does not change while one is open; the row holds who proposed it, the influencer's
// part for the work done, and how it ended (accepted, declined, withdrawn, or void because the order moved on).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders } from './marketplace.ts';

export const cancelProposals = pgTable(
  'cancel_proposals',
  {
    id: orderedPk(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** client | influencer */
    proposedByRole: text('proposed_by_role').notNull(),
    proposedByUserId: text('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Captured for the influencer when accepted (0: the whole hold is released); less than the order's amount. */
    influencerAmountMinor: integer('influencer_amount_minor').notNull(),
    status: text('status').notNull().default('open'),
    /** Who accepted, declined or withdrew it (set with the acceptance's claim, before the bank moves the money). */
    closedByUserId: text('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('cancel_proposals_status_check', sql`${t.status} in ('open', 'accepted', 'declined', 'withdrawn', 'void')`),
    check('cancel_proposals_role_check', sql`${t.proposedByRole} in ('client', 'influencer')`),
    check('cancel_proposals_amount_check', sql`${t.influencerAmountMinor} >= 0`),
    uniqueIndex('cancel_proposals_one_open_per_order').on(t.orderId).where(sql`${t.status} = 'open'`),
    index('cancel_proposals_order_idx').on(t.orderId, t.createdAt),
    // A person's deletion sets these null: indexed so it does not scan every proposal (db.test.ts).
    index('cancel_proposals_proposed_by_idx').on(t.proposedByUserId),
    index('cancel_proposals_closed_by_idx').on(t.closedByUserId),
  ],
);
