// Chats between the two parties of an order, admin support chats, and social account verification.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderedPk, ts } from './columns.ts';
import { orders } from './marketplace.ts';
import { clients, influencers } from './people.ts';

/**
 * Conversations, one table for both kinds (issue 12 §1): an order's chat between its two parties, and a user's
 * support chat with the admins (one open at a time per user).
 */
export const chats = pgTable(
  'chats',
  {
    id: orderedPk(),
    /** Order chats: the two parties. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id').references(() => influencers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    /** Support chats: the person asking for help (any role). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'order' or 'support'. */
    chatType: text('chat_type').notNull().default('order'),
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The newest message's time (the support inbox's order); the creation time until then. */
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /** Order chats: a party asked the admins to join (issue 12 §5); the chat is in the support inbox from then on. */
    supportRequestedAt: ts('support_requested_at'),
    supportRequestedBy: text('support_requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The first admin's message in an order chat: 'Support joined the conversation' is posted once. */
    supportJoinedAt: ts('support_joined_at'),
  },
  (t) => [
    check('chats_status_check', sql`${t.status} in ('active', 'closed')`),
    check(
      'chats_kind_check',
      sql`(${t.chatType} = 'order' and ${t.clientId} is not null and ${t.influencerId} is not null and ${t.userId} is null)
        or (${t.chatType} = 'support' and ${t.userId} is not null and ${t.clientId} is null and ${t.influencerId} is null)`,
    ),
    index('chats_client_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
    index('chats_influencer_idx').on(t.influencerId, t.createdAt.desc(), t.id.desc()),
    // get_or_create_admin_chat: one open support chat per user.
    uniqueIndex('chats_one_open_support_idx')
      .on(t.userId)
      .where(sql`${t.chatType} = 'support' and ${t.status} = 'active'`),
    index('chats_support_user_idx').on(t.userId, t.createdAt.desc()),
    // The admins' inbox (support chats and order chats support was asked to join): open first, newest activity first.
    index('chats_support_inbox_idx')
      .on(t.status, t.lastMessageAt.desc(), t.id.desc())
      .where(sql`${t.chatType} = 'support' or ${t.supportRequestedAt} is not null`),
    index('chats_support_requested_by_idx').on(t.supportRequestedBy),
  ],
);

const attachmentColumns = () => ({
  attachmentUrl: text('attachment_url'),
  attachmentType: text('attachment_type'),
  attachmentName: text('attachment_name'),
  attachmentSize: integer('attachment_size'),
  /** An image's pixel size, read from its header at upload: the chat reserves its box before it loads (issue 27). */
  attachmentWidth: integer('attachment_width'),
  attachmentHeight: integer('attachment_height'),
});

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Strictly increasing: the order of a conversation (created_at ties at PGlite's millisecond resolution). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's own id for the message, so a retry after a lost answer never posts it twice. */
    clientId: uuid('client_id'),
    /** 'text' (a person wrote it) or 'system' (the order's story: 'Payment confirmed', 'Work submitted', ...). */
    kind: text('kind').notNull().default('text'),
    content: text('content'),
    ...attachmentColumns(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('messages_not_empty_check', sql`${t.content} is not null or ${t.attachmentUrl} is not null`),
    check('messages_kind_check', sql`${t.kind} in ('text', 'system')`),
    index('messages_chat_created_idx').on(t.chatId, t.createdAt),
    uniqueIndex('messages_chat_seq_idx').on(t.chatId, t.seq),
    unique('messages_sender_client_id').on(t.senderId, t.clientId),
    index('messages_sender_idx').on(t.senderId),
  ],
);

export const messageReadStatus = pgTable(
  'message_read_status',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [
    unique('message_read_status_once').on(t.messageId, t.userId),
    index('message_read_status_user_idx').on(t.userId),
  ],
);
