// Messages in an order's chat (spec §2 Chat, §3 messages, §4 read state, §5 chat message).
import { z } from 'zod';
import { personSummary } from '../common/people.schemas.ts';
import { isInvisible } from '../common/text.ts';
import { STAGES } from '../orders/order-machine.ts';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from './chat.constants.ts';
import { CHAT_STATUSES } from './chat.schemas.ts';

export {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  MESSAGE_MAX,
  MESSAGE_MESSAGES,
} from './chat.constants.ts';

export const sendMessageInput = z.object({
  /** Made by the sender's screen: the same id sent twice is one message. */
  clientId: z.uuid('Not a valid message id'),
  content: z
    .string({ error: MESSAGE_MESSAGES.blank })
    .max(MESSAGE_MAX * 2, MESSAGE_MESSAGES.tooLong)
    .transform((s) => s.replace(/\s+$/u, '').replace(/^\s*\n/u, ''))
    .refine((s) => s.trim() !== '' && !isInvisible(s), MESSAGE_MESSAGES.blank)
    .refine((s) => [...s].length <= MESSAGE_MAX, MESSAGE_MESSAGES.tooLong),
});
export type SendMessageInput = z.input<typeof sendMessageInput>;
/** The words under a photo or file (issue 27): a message's own rules. */
export const attachmentCaption = sendMessageInput.shape.content;

export const attachmentQuery = z.object({ clientId: z.uuid('Not a valid message id') });

export const messagesQuery = z.object({
  /** Messages older than this sequence number (scrolling up). */
  before: z.coerce.number().int().positive().optional(),
  /** Messages newer than this one (catching up after a pause). */
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const messageDto = z.object({
  id: z.string(),
  seq: z.number().int(),
  clientId: z.string().nullable(),
  mine: z.boolean(),
  /** 'system': a line of the order's story ('Payment confirmed', ...), shown centred, not as a bubble. */
  kind: z.enum(['text', 'system']),
  content: z.string().nullable(),
  /** A file sent in the chat: fetched from `url`, which answers only the chat's parties. */
  attachment: z
    .object({
      url: z.string(),
      type: z.string(),
      name: z.string(),
      size: z.number().int(),
      /** An image's pixel size when the server could read it: the screen reserves the box before it loads. */
      width: z.number().int().positive().nullable().default(null),
      height: z.number().int().positive().nullable().default(null),
    })
    .nullable(),
  createdAt: z.string(),
  /** Own messages: the other party has opened the chat since. */
  seen: z.boolean(),
  /**
   * Order chats: who wrote it, so a third party reads right (an admin asked to join is 'support'; the admin sees
   * which party wrote what). null in support chats.
   */
  from: z.enum(['client', 'influencer', 'support']).nullable().default(null),
});
export type MessageDto = z.output<typeof messageDto>;

export const chatHeader = z.object({
  id: z.string(),
  /** 'order': the order's two parties; 'support': a user and the admins. */
  kind: z.enum(['order', 'support']),
  status: z.enum(CHAT_STATUSES),
  counterpart: personSummary,
  campaign: z.object({ id: z.string(), title: z.string() }).nullable(),
  amountMinor: z.number().int().nullable(),
  /** Where the chat's order stands, the same word as on the campaign and Orders; null without an order. */
  stage: z.enum(STAGES).nullable(),
  /** Order chats: whether a party asked the admins to join ('requested') and an admin has written ('joined'). */
  support: z.enum(['none', 'requested', 'joined']).default('none'),
  /** An admin reading an order chat: its two parties (the counterpart is the client). */
  parties: z.object({ client: personSummary, influencer: personSummary }).nullable().default(null),
});
export type ChatHeader = z.infer<typeof chatHeader>;

export const messagesPage = z.object({
  chat: chatHeader,
  /** Oldest first. */
  items: z.array(messageDto),
  /** More messages before the first one. */
  hasOlder: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPage>;

export const markReadResponse = z.object({
  /** This chat's unread messages after marking (0 unless some arrived meanwhile). */
  unreadCount: z.number().int().nonnegative(),
  /** Unread across all the caller's chats: the Chat tab badge. */
  total: z.number().int().nonnegative(),
});
export type MarkReadResponse = z.infer<typeof markReadResponse>;

/** Issue 12 §5: the system lines when a party asks the admins into an order chat, and when one first writes there. */
export const SUPPORT_JOIN_MESSAGES = {
  asked: (name: string) => `${name} asked support to join the conversation.`,
  joined: 'Support joined the conversation.',
  adminOnly: 'Only the order’s client or influencer can ask support to join.',
  orderOnly: 'Support can be asked to join an order’s chat.',
} as const;
