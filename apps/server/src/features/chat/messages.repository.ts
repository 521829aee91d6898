import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, chats, clients, influencers, messageReadStatus, messages, orders } from '../../db/schema.ts';

export function createMessagesRepository(db: Db) {
  return {
    /** The chat if the profile is one of its two parties, with the other party and the order's campaign. */
    async chatFor(chatId: string, side: 'client' | 'influencer', profileId: string) {
      const mine = side === 'client' ? chats.clientId : chats.influencerId;
      const other = side === 'client' ? influencers : clients;
      const otherId = side === 'client' ? chats.influencerId : chats.clientId;
      const [row] = await db
        .select({
          id: chats.id,
          status: chats.status,
          counterpart: { id: other.id, name: other.name, lastname: other.lastname, avatarUrl: other.avatarUrl },
          counterpartUserId: other.userId,
          campaignId: campaigns.id,
          campaignTitle: campaigns.title,
          amountMinor: orders.amountMinor,
        })
        .from(chats)
        .innerJoin(other, eq(other.id, otherId))
        .leftJoin(orders, eq(orders.id, chats.orderId))
        .leftJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(and(eq(chats.id, chatId), eq(mine, profileId)));
      return row ?? null;
    },

    /**
     * A page of the conversation: the newest `limit` (or those before / after a sequence number), oldest first,
     * each with whether the other party has read it. One statement.
     */
    async page(chatId: string, f: { before?: number; after?: number; limit: number }) {
      const rows = await db
        .select({
          id: messages.id,
          seq: messages.seq,
          clientId: messages.clientId,
          senderId: messages.senderId,
          kind: messages.kind,
          content: messages.content,
          createdAt: messages.createdAt,
          readByOthers: sql<boolean>`exists (select 1 from message_read_status r where r.message_id = "messages"."id" and r.user_id <> "messages"."sender_id")`,
        })
        .from(messages)
        .where(
          and(
            eq(messages.chatId, chatId),
            f.before ? lt(messages.seq, f.before) : undefined,
            f.after !== undefined ? gt(messages.seq, f.after) : undefined,
          ),
        )
        .orderBy(f.after !== undefined ? asc(messages.seq) : desc(messages.seq))
        .limit(f.limit + 1);
      const more = rows.length > f.limit;
      const page = rows.slice(0, f.limit);
      if (f.after === undefined) page.reverse();
      return { rows: page, more };
    },

    /** Writes a message once per (sender, clientId): a replay returns the first one. */
    async insert(row: { chatId: string; senderId: string; clientId: string; content: string }) {
      const [created] = await db.insert(messages).values(row).onConflictDoNothing().returning({ id: messages.id });
      const [m] = await db
        .select({
          id: messages.id,
          seq: messages.seq,
          chatId: messages.chatId,
          clientId: messages.clientId,
          senderId: messages.senderId,
          kind: messages.kind,
          content: messages.content,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.senderId, row.senderId), eq(messages.clientId, row.clientId)));
      return { message: m!, created: created !== undefined };
    },

    /**
     * Marks every message from others in the chat read for the user (one statement; the unique row makes it
     * idempotent). Returns the newest sequence number it marked, or null when there was nothing new.
     */
    async markRead(chatId: string, userId: string): Promise<number | null> {
      const res = (await db.execute(sql`
        with marked as (
          insert into ${messageReadStatus} (message_id, user_id)
          select m.id, ${userId} from ${messages} m
          where m.chat_id = ${chatId} and m.sender_id <> ${userId}
            and not exists (select 1 from ${messageReadStatus} r where r.message_id = m.id and r.user_id = ${userId})
          on conflict do nothing
          returning message_id
        )
        select max(m.seq) as seq from ${messages} m join marked on marked.message_id = m.id`)) as unknown as {
        rows: { seq: string | number | null }[];
      };
      const seq = res.rows[0]?.seq;
      return seq === null || seq === undefined ? null : Number(seq);
    },

    async unreadIn(chatId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(
            eq(messages.chatId, chatId),
            ne(messages.senderId, userId),
            sql`not exists (select 1 from message_read_status r where r.message_id = "messages"."id" and r.user_id = ${userId})`,
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
