// Every transition an order went through (issue 22 §1): written by the order machine's executor
// (features/orders/order-transitions.ts) in the transaction that applies it, so the history and the order never
// disagree. Who (role and person), when, from which state to which, and why.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders } from './marketplace.ts';

export const orderTransitions = pgTable(
  'order_transitions',
  {
    id: orderedPk(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The machine's name for it (ORDER_TRANSITIONS in packages/shared). */
    transition: text('transition').notNull(),
    fromStatus: text('from_status').notNull(),
    fromWork: text('from_work').notNull(),
    fromApproval: text('from_approval'),
    toStatus: text('to_status').notNull(),
    toWork: text('to_work').notNull(),
    toApproval: text('to_approval'),
    /** client | influencer | admin | system (the server: the bank's word, a job). */
    actorRole: text('actor_role').notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A person's words for it (feedback, an admin's reason). */
    reason: text('reason'),
    /** What else a reader of the history needs (the payment that paid, the amount refunded). */
    metadata: jsonb('metadata'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_transitions_order_idx').on(t.orderId, t.createdAt, t.id),
    // What an admin did (issue 23's console), and a deleted account's rows set to null.
    index('order_transitions_actor_idx').on(t.actorUserId),
  ],
);
