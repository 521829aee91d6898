// Admin support chats (spec §2 Settings → Help → Admin Support, §4 admin chat, §8 admin chat errors; issue 12 §5).
import { z } from 'zod';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';

export { SUPPORT_RESET_AFTER_ADMIN_CLOSE_MS, SUPPORT_RESET_AFTER_OWN_CLOSE_MS } from './chat.constants.ts';

export const SUPPORT_MESSAGES = {
  noActiveChat: 'No Active Chat: Please start an admin chat first.',
  createFailed: 'Failed to create admin support chat',
  closeFailed: 'Failed to close chat',
  /** The system line a closing posts, by who closed it. */
  closedByUser: 'Chat closed by the user. Goodbye!',
  closedByAdmin: 'Support closed this chat. Goodbye!',
} as const;

/** The caller's open support chat, if any. */
export const supportChatResponse = z.object({ chatId: z.string().nullable() });
export type SupportChatResponse = z.infer<typeof supportChatResponse>;

export const supportInboxQuery = z.object({
  status: z.enum(['active', 'closed']).default('active'),
  cursor: cursorParam,
  limit: limitParam,
});

export const supportInboxItem = z.object({
  id: z.string(),
  /** 'support': a user's support chat; 'order': an order's chat a party asked support to join (the user asked). */
  kind: z.enum(['support', 'order']),
  /** Order chats: the campaign's title. */
  campaignTitle: z.string().nullable(),
  status: z.enum(['active', 'closed']),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** Messages from the user (or, in an order chat, its parties since support was asked) this admin has not read. */
  unreadCount: z.number().int().nonnegative(),
});
export type SupportInboxItem = z.infer<typeof supportInboxItem>;
export const supportInboxResponse = pageOf(supportInboxItem);

/** The caller's closed support chats (issue 27: a closed conversation stays readable), newest first. */
export const supportHistoryQuery = z.object({ cursor: cursorParam, limit: limitParam });

export const supportHistoryItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** The person's first message in it (its subject in the list); null when they only sent files. */
  firstMessage: z.string().nullable(),
});
export type SupportHistoryItem = z.infer<typeof supportHistoryItem>;
export const supportHistoryResponse = pageOf(supportHistoryItem);
