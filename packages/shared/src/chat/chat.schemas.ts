// The conversation list on /chat (spec §2 Chat, §3 chats): one chat per accepted application, between its two parties.
import { z } from 'zod';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { personSummary } from '../common/people.schemas.ts';

export const CHAT_STATUSES = ['active', 'closed'] as const;
/** The characters of the newest message a chat row previews. */
export const CHAT_PREVIEW_MAX = 120;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const chatListQuery = z.object({ cursor: cursorParam, limit: limitParam });

export const chatListItem = z.object({
  id: z.string(),
  status: z.enum(CHAT_STATUSES),
  createdAt: z.string(),
  /** The other party: the influencer for a client, the client for an influencer. */
  counterpart: personSummary,
  /** Through the chat's order; null once the order is gone (the screen says 'No campaign'). */
  campaign: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The order's amount (tetri); null once the order is gone. */
  amountMinor: z.number().int().nullable(),
  /** Messages from the other party the caller has not opened yet (spec §4). */
  unreadCount: z.number().int().nonnegative(),
  /**
   * The newest message, for the row's preview and time (issue 27): its text (cut at CHAT_PREVIEW_MAX), or a photo /
   * file (with its caption or file name); null in a chat without messages.
   */
  lastMessage: z
    .object({
      kind: z.enum(['text', 'system', 'photo', 'file']),
      text: z.string().nullable(),
      at: z.string(),
      mine: z.boolean(),
    })
    .nullable(),
});
export type ChatListItem = z.infer<typeof chatListItem>;
export const chatListResponse = pageOf(chatListItem);
