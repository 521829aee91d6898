// The order's story in its chat (issue 12 §4): each transition of the order posts one system line into the order's
// chat, in the transition's own transaction (so a rolled-back transition leaves no line) and published at commit.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { chats, messages } from '../../db/schema.ts';
import { ADMINS, type RealtimeHub } from '../../realtime/hub.ts';
import { MESSAGE_COLUMNS } from './messages.repository.ts';
import { messageDtoOf } from './messages.service.ts';

type Parties = { id: string; client: { userId: string }; influencer: { userId: string } };

export function createOrderNotes(deps: { hub: RealtimeHub }) {
  /**
   * Posts `text` as a system line from `by` (who caused it: it counts as unread for the other party). `askSupport`
   * brings the admins into the chat first (a dispute: issue 23 §1), as a party's "Ask support to join" does.
   */
  return async function note(
    tx: Tx,
    order: Parties,
    by: 'client' | 'influencer',
    text: string,
    o: { askSupport?: boolean } = {},
  ) {
    const senderId = order[by].userId;
    if (o.askSupport) {
      await tx
        .update(chats)
        .set({ supportRequestedAt: sql`now()`, supportRequestedBy: senderId })
        .where(and(eq(chats.orderId, order.id), isNull(chats.supportRequestedAt)));
    }
    const [chat] = await tx
      .select({ id: chats.id, supportRequestedAt: chats.supportRequestedAt })
      .from(chats)
      .where(eq(chats.orderId, order.id));
    if (!chat) return;
    const [m] = await tx
      .insert(messages)
      .values({ chatId: chat.id, senderId, kind: 'system', content: text })
      .returning(MESSAGE_COLUMNS);
    // Admins asked into the chat (issue 12 §5) follow the order's story too.
    const audience = [order.client.userId, order.influencer.userId, ...(chat.supportRequestedAt ? [ADMINS] : [])];
    await deps.hub.publish(
      audience,
      { type: 'message.created', chatId: chat.id, message: messageDtoOf(m!, false, chat.id, by) },
      senderId,
      tx,
    );
  };
}
export type OrderNote = ReturnType<typeof createOrderNotes>;
