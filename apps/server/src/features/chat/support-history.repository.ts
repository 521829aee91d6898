import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chats } from '../../db/schema.ts';
import { cursorTime, type Keyset, keysetOrder, pastKeyset } from '../../lib/cursor.ts';

/**
 * A person's closed support chats, newest first (chats_support_user_idx), with the first thing they wrote in each as
 * its subject. Only their own: the user id is the filter.
 */
export function closedSupportChats(db: Db, f: { userId: string; cursor: Keyset | null; limit: number }) {
  return db
    .select({
      id: chats.id,
      createdAt: chats.createdAt,
      closedAt: chats.closedAt,
      key: cursorTime(chats.createdAt),
      firstMessage: sql<string | null>`(select m.content from messages m
        where m.chat_id = "chats"."id" and m.sender_id = ${f.userId} and m.kind = 'text' and m.content <> ''
        order by m.seq limit 1)`,
    })
    .from(chats)
    .where(
      and(
        eq(chats.chatType, 'support'),
        eq(chats.userId, f.userId),
        eq(chats.status, 'closed'),
        pastKeyset(chats.createdAt, chats.id, f.cursor, { direction: 'desc', cast: 'timestamptz' }),
      ),
    )
    .orderBy(...keysetOrder(chats.createdAt, chats.id, 'desc'))
    .limit(f.limit + 1);
}
