// Disputes (issue 23 §1, decision 030): one row per dispute an order went through. The order's own state says it is
// disputed (the order machine); this row holds why, who opened it, and how it ended (withdrawn, or an admin's
// decision with the money each party got). At most one open per order.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders } from './marketplace.ts';

export const disputes = pgTable(
  'disputes',
  {
    id: orderedPk(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** client | influencer | admin (an admin closed a party's account while the order was open). */
    openedByRole: text('opened_by_role').notNull(),
    openedByUserId: text('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    /**
     * Set while an admin's decision moves the money (a claim, taken by a conditional update): a withdrawal or a second
     * decision waits for it. Cleared when the bank refused; a stale claim (a crashed request) is taken over.
     */
    resolutionStartedAt: ts('resolution_started_at'),
    resolution: text('resolution'),
    influencerAmountMinor: integer('influencer_amount_minor'),
    clientAmountMinor: integer('client_amount_minor'),
    decision: text('decision'),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
    withdrawnAt: ts('withdrawn_at'),
    /** When admins were mailed that it waits past DISPUTE_ESCALATION_DAYS (once). */
    escalatedAt: ts('escalated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('disputes_status_check', sql`${t.status} in ('open', 'withdrawn', 'resolved')`),
    check('disputes_opened_by_check', sql`${t.openedByRole} in ('client', 'influencer', 'admin')`),
    check(
      'disputes_resolution_check',
      sql`(${t.status} = 'resolved') = (${t.resolution} is not null) and (${t.resolution} is null or ${t.resolution} in ('release', 'refund', 'split'))`,
    ),
    uniqueIndex('disputes_one_open_per_order').on(t.orderId).where(sql`${t.status} = 'open'`),
    index('disputes_order_idx').on(t.orderId, t.createdAt),
    // The admins' queue: open ones oldest first.
    index('disputes_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    // A person's deletion sets these null: without an index each deleted user scans every dispute (db.test.ts).
    index('disputes_opened_by_idx').on(t.openedByUserId),
    index('disputes_resolved_by_idx').on(t.resolvedByUserId),
  ],
);
