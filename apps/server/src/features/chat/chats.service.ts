import type { ChatListItem, ChatStatus, chatListQuery } from '@app/shared/chat/chat.schemas';
import type { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { decodeCursor, pageFrom } from '../../lib/cursor.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { ChatsRepository, LastMessageRow } from './chats.repository.ts';

/** A row's preview: the text, or what was sent (a photo with its caption, a file by its name). */
function previewOf(m: LastMessageRow | null): ChatListItem['lastMessage'] {
  if (!m) return null;
  const at = new Date(m.at).toISOString();
  if (m.kind === 'system') return { kind: 'system', text: m.content, at, mine: m.mine };
  if (m.attachmentType?.startsWith('image/')) return { kind: 'photo', text: m.content, at, mine: m.mine };
  if (m.attachmentType) return { kind: 'file', text: m.content ?? m.attachmentName, at, mine: m.mine };
  return { kind: 'text', text: m.content, at, mine: m.mine };
}

export const CHATS_FORBIDDEN = 'Chats are only available for clients and influencers.';

export function createChatsService(deps: { repo: ChatsRepository }) {
  const { repo } = deps;
  return {
    /** The /chat list (spec §2, §6): only the chats the caller is a party to, each showing the other party. */
    async list(actor: Actor, query: z.output<typeof chatListQuery>) {
      if (actor.role === 'admin' || !actor.profileId) throw forbidden(CHATS_FORBIDDEN);
      const rows = await repo.page({
        side: actor.role,
        profileId: actor.profileId,
        userId: actor.userId,
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.cursorAt, id: r.id }));
      return {
        items: page.items.map(
          (r): ChatListItem => ({
            id: r.id,
            // chats_status_check admits only these two.
            status: r.status as ChatStatus,
            createdAt: r.createdAt.toISOString(),
            counterpart: r.counterpart,
            campaign: r.campaignId && r.campaignTitle !== null ? { id: r.campaignId, title: r.campaignTitle } : null,
            amountMinor: r.amountMinor,
            unreadCount: r.unreadCount,
            lastMessage: previewOf(r.lastMessage),
          }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
