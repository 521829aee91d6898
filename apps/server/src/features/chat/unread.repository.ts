import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chats, messageReadStatus, messages, users } from '../../db/schema.ts';
import type { Actor } from '../auth/auth.service.ts';

/**
 * Messages from others with no read-status row for the reader (spec §4): in their order chats and their own support
 * chats; for an admin, what users wrote in support chats, and parties in order chats support was asked into, that
 * this admin has not read.
 *
 * Chat by chat (issue 11 §1): the person's chats come from their indexes, then each chat's messages from
 * `messages_chat_seq_idx`, so the count visits the person's own messages only. As one join the planner read the whole
 * messages table (a hash join over every message: 100 ms at 100,000 messages on PGlite).
 */
export async function countUnread(db: Db, actor: Pick<Actor, 'userId' | 'profileId' | 'role'>): Promise<number> {
  // `author`: only this sender's messages count (a support chat's user); `since`: an order chat support was asked
  // into counts for admins what its parties wrote from the ask on (issue 12 §5).
  const mine =
    actor.role === 'admin'
      ? sql`select c.id, c.user_id as author, null::timestamptz as since from ${chats} c where c.chat_type = 'support'
            union all select c.id, null, c.support_requested_at from ${chats} c where c.support_requested_at is not null`
      : actor.profileId
        ? sql`select c.id, null::text as author, null::timestamptz as since from ${chats} c where c.client_id = ${actor.profileId}
              union all select c.id, null, null from ${chats} c where c.influencer_id = ${actor.profileId}
              union all select c.id, null, null from ${chats} c where c.user_id = ${actor.userId}`
        : sql`select c.id, null::text as author, null::timestamptz as since from ${chats} c where c.user_id = ${actor.userId}`;
  const rows = (await db.execute(sql`
    select coalesce(sum(n), 0)::int as n
    from (${mine}) c
    cross join lateral (
      select count(*) as n from ${messages} m
      where m.chat_id = c.id
        and m.sender_id <> ${actor.userId}
        and (c.author is null or m.sender_id = c.author)
        and (c.since is null or (m.created_at >= c.since
          and not exists (select 1 from ${users} su where su.id = m.sender_id and su.role = 'admin')))
        and not exists (
          select 1 from ${messageReadStatus} r where r.message_id = m.id and r.user_id = ${actor.userId})
    ) x`)) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? 0;
}
