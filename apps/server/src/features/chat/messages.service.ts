// Writing and reading an order's chat (issue 12 §2): only its two parties, text by the shared rule, one message per
// client id, read state per message (spec §4).
import type { MessageDto, MessagesPage, messagesQuery, sendMessageInput } from '@app/shared/chat/message.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { Actor } from '../auth/auth.service.ts';
import { CHATS_FORBIDDEN } from './chats.service.ts';
import type { MessagesRepository } from './messages.repository.ts';
import { countUnread } from './unread.routes.ts';

export function createMessagesService(deps: { repo: MessagesRepository; db: Db; hub: RealtimeHub }) {
  const { repo, hub } = deps;

  async function chatOf(actor: Actor, chatId: string) {
    if (actor.role === 'admin' || !actor.profileId) throw forbidden(CHATS_FORBIDDEN);
    // Another pair's chat does not exist for the caller (no hint that the id is real).
    const chat = await repo.chatFor(chatId, actor.role, actor.profileId);
    if (!chat) throw notFound('Chat');
    return chat;
  }

  const dto = (actor: Actor, m: StoredMessage, seen: boolean): MessageDto => ({
    ...messageDtoOf(m, m.senderId === actor.userId),
    seen: m.senderId === actor.userId && seen,
  });

  return {
    async page(actor: Actor, chatId: string, query: z.output<typeof messagesQuery>): Promise<MessagesPage> {
      const chat = await chatOf(actor, chatId);
      const { rows, more } = await repo.page(chatId, query);
      return {
        chat: {
          id: chat.id,
          status: chat.status as 'active' | 'closed',
          counterpart: chat.counterpart,
          campaign:
            chat.campaignId && chat.campaignTitle !== null ? { id: chat.campaignId, title: chat.campaignTitle } : null,
          amountMinor: chat.amountMinor,
        },
        items: rows.map((r) => dto(actor, r, r.readByOthers)),
        hasOlder: query.after === undefined ? more : false,
      };
    },

    async send(actor: Actor, chatId: string, input: z.output<typeof sendMessageInput>): Promise<MessageDto> {
      const chat = await chatOf(actor, chatId);
      if (chat.status === 'closed') {
        throw new AppError('CHAT_CLOSED', 'This chat is closed: messages can no longer be sent.', 409);
      }
      const { message, created } = await repo.insert({
        chatId,
        senderId: actor.userId,
        clientId: input.clientId,
        content: input.content,
      });
      // The same client id in another chat is not a replay of this message.
      if (message.chatId !== chatId) {
        throw new AppError('VALIDATION_ERROR', 'This message id was already used for another chat.', 409);
      }
      const out = dto(actor, message, false);
      // Stored first, then published (a replay was published the first time).
      if (created) {
        await hub.publish(
          [actor.userId, chat.counterpartUserId],
          { type: 'message.created', chatId, message: out },
          actor.userId,
        );
      }
      return out;
    },

    /**
     * Opening the chat: every message from the other party is read (idempotent). The other party's screen learns it
     * (read receipts) and the reader's other tabs lower their counts. Returns this chat's and the total unread.
     */
    async markRead(actor: Actor, chatId: string): Promise<{ unreadCount: number; total: number }> {
      const chat = await chatOf(actor, chatId);
      const seq = await repo.markRead(chatId, actor.userId);
      if (seq !== null) {
        await hub.publish(
          [actor.userId, chat.counterpartUserId],
          { type: 'messages.read', chatId, seq, mine: true },
          actor.userId,
        );
      }
      const [unreadCount, total] = await Promise.all([
        repo.unreadIn(chatId, actor.userId),
        countUnread(deps.db, actor.userId, actor.profileId),
      ]);
      return { unreadCount, total };
    },

    /** The user ids to tell that the actor is typing in the chat (the other party), after checking they are a party. */
    async typingTargets(actor: Actor, chatId: string): Promise<string[]> {
      const chat = await chatOf(actor, chatId);
      return chat.status === 'active' ? [chat.counterpartUserId] : [];
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

export type StoredMessage = {
  id: string;
  seq: number;
  clientId: string | null;
  senderId: string;
  kind: string;
  content: string | null;
  createdAt: Date;
};

/** A stored message as a party sees it (not yet seen by the other party). */
export function messageDtoOf(m: StoredMessage, mine: boolean): MessageDto {
  return {
    id: m.id,
    seq: m.seq,
    clientId: m.clientId,
    mine,
    kind: m.kind === 'system' ? 'system' : 'text',
    content: m.content,
    createdAt: m.createdAt.toISOString(),
    seen: false,
  };
}
