// The notification centre (issue 24 §2): what happened to a person, written in the transaction of the event itself
// (a rolled-back hire leaves no "You were hired"), and the kinds each person chooses to hear of, by channel.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: orderedPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (packages/shared). */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** The app path of the screen it concerns. */
    link: text('link').notNull(),
    readAt: ts('read_at'),
    /** When the daily digest told the person of it (unread by then); never twice. */
    digestedAt: ts('digested_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first (keyset), and the bell's count of unread ones.
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice for one kind; no row means every channel on (the default a marketplace's people expect). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    mail: boolean('mail').notNull().default(true),
    /** Web Push to the person's subscribed devices (decision 040). */
    push: boolean('push').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One browser on one device that agreed to Web Push (decision 040): the push service's endpoint (unique: a browser
 * that subscribes again replaces its row) and its keys. Removed when the person turns push off on that device, or when
 * the push service answers 404/410 (the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: orderedPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android", for Settings to tell devices apart. */
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** When a person was last pushed about a topic (a chat, an order): at most one push per topic per minute. */
export const pushSent = pgTable(
  'push_sent',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
