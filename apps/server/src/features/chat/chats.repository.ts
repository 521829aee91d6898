import { CHAT_PREVIEW_MAX } from '@app/shared/chat/chat.schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, chats, clients, influencers, orders } from '../../db/schema.ts';
import { type Cursor, cursorTime, newestFirst, olderThan } from '../../lib/cursor.ts';

export type ChatSide = 'client' | 'influencer';
export type LastMessageRow = {
  kind: string;
  content: string | null;
  attachmentType: string | null;
  attachmentName: string | null;
  at: string;
  mine: boolean;
};

export function createChatsRepository(db: Db) {
  return {
    /**
     * One page (limit + 1 rows) of the chats one party is in, newest first, with the other party and the campaign
     * reached through the order: one query. The order's campaign is a left join, as `chats.order_id` is set null
     * when the order is deleted.
     */
    async page(f: { side: ChatSide; profileId: string; userId: string; cursor: Cursor | null; limit: number }) {
      const mine = f.side === 'client' ? chats.clientId : chats.influencerId;
      const other = f.side === 'client' ? influencers : clients;
      const otherId = f.side === 'client' ? chats.influencerId : chats.clientId;
      return db
        .select({
          id: chats.id,
          status: chats.status,
          createdAt: chats.createdAt,
          cursorAt: cursorTime(chats.createdAt),
          counterpart: { id: other.id, name: other.name, lastname: other.lastname, avatarUrl: other.avatarUrl },
          campaignId: campaigns.id,
          campaignTitle: campaigns.title,
          amountMinor: orders.amountMinor,
          // Messages from the other party without the caller's read-status row (spec §4), on this page's rows only.
          unreadCount: sql<number>`(select count(*) from messages m where m.chat_id = "chats"."id" and m.sender_id <> ${f.userId}
            and not exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id = ${f.userId}))::int`,
          // The newest message by seq (messages_chat_seq_idx: one index probe per row of the page).
          lastMessage: sql<LastMessageRow | null>`(select json_build_object('kind', m.kind, 'content', left(m.content, ${CHAT_PREVIEW_MAX}),
            'attachmentType', m.attachment_type, 'attachmentName', m.attachment_name, 'at', m.created_at,
            'mine', m.sender_id = ${f.userId}) from messages m where m.chat_id = "chats"."id" order by m.seq desc limit 1)`,
        })
        .from(chats)
        .innerJoin(other, eq(other.id, otherId))
        .leftJoin(orders, eq(orders.id, chats.orderId))
        .leftJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(and(eq(mine, f.profileId), olderThan(chats.createdAt, chats.id, f.cursor)))
        .orderBy(...newestFirst(chats.createdAt, chats.id))
        .limit(f.limit + 1);
    },

    /** The order's chat, opened with the hire (in its transaction). */
    async openForOrder(tx: Tx, c: { clientId: string; influencerId: string; orderId: string }) {
      const [row] = await tx
        .insert(chats)
        .values({ ...c, chatType: 'order' })
        .returning({ id: chats.id });
      return row!;
    },

    /** Closes the orders' chats (the conversation stays readable) before the orders go. */
    async closeForOrders(tx: Tx, orderIds: string[]) {
      if (orderIds.length) await tx.update(chats).set({ status: 'closed' }).where(inArray(chats.orderId, orderIds));
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
