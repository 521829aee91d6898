import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, executePrepared } from '../../db/client.ts';
import { campaigns, chats, clients, influencers, messageReadStatus, messages, orders, users } from '../../db/schema.ts';
import { cursorTime, type Keyset, keysetOrder, pastKeyset } from '../../lib/cursor.ts';
import { createStatementBatcher } from '../../lib/statement-batcher.ts';
import { ADMINS, MAX_PAYLOAD_BYTES, REALTIME_CHANNEL } from '../../realtime/hub.ts';

const supportUser = alias(users, 'support_user');

/** A message as the service turns it into what a party sees (`messageDtoOf`). */
export const MESSAGE_COLUMNS = {
  id: messages.id,
  seq: messages.seq,
  clientId: messages.clientId,
  senderId: messages.senderId,
  kind: messages.kind,
  content: messages.content,
  attachmentUrl: messages.attachmentUrl,
  attachmentType: messages.attachmentType,
  attachmentName: messages.attachmentName,
  attachmentSize: messages.attachmentSize,
  attachmentWidth: messages.attachmentWidth,
  attachmentHeight: messages.attachmentHeight,
  createdAt: messages.createdAt,
};

/** A message from an order chat's party or a support chat's own user, for the send path's batched insert. */
export type PartyMessage = {
  chatId: string;
  senderId: string;
  role: 'client' | 'influencer';
  profileId: string;
  clientId: string;
  content: string;
  /** The sender instance's echo token (hub.ts `expectEcho`): its own event coming back says the write has arrived. */
  echo: string;
};

/**
 * Inserts a batch of party messages in one statement: each row is written only if its own access check passes (the
 * same conditions as one alone), in the batch's order; the answer says, per row, what was written and who hears it.
 */
type PartyRow = {
  n: number;
  id: string;
  seq: string | number;
  client_id: string | null;
  sender_id: string;
  kind: string;
  content: string | null;
  created_at: string;
  chat_type: string;
  support_asked: boolean;
  client_user: string | null;
  influencer_user: string | null;
};

async function insertPartyBatch(db: Db, rows: PartyMessage[]) {
  const input = JSON.stringify(
    rows.map((r, n) => ({
      n,
      chat_id: r.chatId,
      sender_id: r.senderId,
      role: r.role,
      profile_id: r.profileId,
      client_id: r.clientId,
      content: r.content,
      echo: r.echo,
    })),
  );
  // The realtime event (hub.ts's envelope of a `message.created`, the same fields as `messageDtoOf`) is built and
  // NOTIFYed in the statement that writes the message: it leaves at commit, with the row, or not at all.
  const res = await executePrepared<PartyRow>(
    db,
    'messages_insert_party',
    sql`
    with input as (
      select * from json_to_recordset(${input}::json)
        as i(n int, chat_id uuid, sender_id text, role text, profile_id uuid, client_id uuid, content text, echo text)
    ), target as (
      select i.n, i.sender_id, i.client_id, i.content, i.role, i.echo, c.id, c.chat_type, c.support_requested_at,
        cl.user_id as client_user, inf.user_id as influencer_user
      from input i
      join ${chats} c on c.id = i.chat_id
      left join ${clients} cl on cl.id = c.client_id
      left join ${influencers} inf on inf.id = c.influencer_id
      where c.status = 'active'
        and ((c.chat_type = 'order'
              and ((i.role = 'client' and cl.id = i.profile_id) or (i.role = 'influencer' and inf.id = i.profile_id)))
          or (c.chat_type = 'support' and c.user_id = i.sender_id))
    ), written as (
      insert into ${messages} (chat_id, sender_id, client_id, content)
      select t.id, t.sender_id, t.client_id, t.content from target t order by t.n
      on conflict do nothing
      returning id, chat_id, seq, client_id, sender_id, kind, content, created_at
    ), touched as (
      update ${chats} set last_message_at = now()
      where id in (
        select t.id from target t join written w on w.sender_id = t.sender_id and w.client_id = t.client_id
        where t.chat_type = 'support' or t.support_requested_at is not null)
    ), matched as (
      -- The same client id twice in one batch is written once, and answered to its first row only; in the order
      -- written, which is the order the events leave in.
      select * from (
        select distinct on (w.id) t.n, t.role, t.echo, w.id, w.chat_id, w.seq, w.client_id, w.sender_id, w.kind,
          w.content, w.created_at, t.chat_type, t.support_requested_at is not null as support_asked,
          t.client_user, t.influencer_user,
          case when t.chat_type = 'support' then json_build_array(w.sender_id, ${ADMINS}::text)
            else to_json(array_remove(array[t.client_user, t.influencer_user,
              case when t.support_requested_at is not null then ${ADMINS}::text end], null)) end as audience
        from written w join target t on t.sender_id = w.sender_id and t.client_id = w.client_id
        order by w.id, t.n) d
      order by d.seq
    ), enveloped as (
      select m.*, json_build_object(
        'to', m.audience,
        'frame', json_build_object('type', 'message.created', 'chatId', m.chat_id, 'message', json_build_object(
          'id', m.id, 'seq', m.seq, 'clientId', m.client_id, 'mine', true,
          'kind', case when m.kind = 'system' then 'system' else 'text' end, 'content', m.content, 'attachment', null,
          'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'seen', false,
          'from', case when m.chat_type = 'order' then m.role end)),
        'actorId', m.sender_id, 'echo', m.echo)::text as payload
      from matched m
    )
    select e.n, e.id, e.seq, e.client_id, e.sender_id, e.kind, e.content, e.created_at::text as created_at,
      e.chat_type, e.support_asked, e.client_user, e.influencer_user,
      -- Past NOTIFY's size limit the event says only that the chat changed (as hub.ts does).
      pg_notify(${REALTIME_CHANNEL}, case when octet_length(e.payload) > ${MAX_PAYLOAD_BYTES}::int
        then json_build_object('to', e.audience, 'frame', json_build_object('type', 'chat.stale', 'chatId', e.chat_id),
          'actorId', e.sender_id, 'echo', e.echo)::text
        else e.payload end) as notified
    from enveloped e`,
  );
  const byRow = new Map(res.rows.map((r) => [Number(r.n), r]));
  return rows.map((_, n) => {
    const r = byRow.get(n);
    if (!r) return null;
    return {
      message: {
        id: r.id,
        seq: Number(r.seq),
        clientId: r.client_id,
        senderId: r.sender_id,
        kind: r.kind,
        content: r.content,
        attachmentUrl: null,
        attachmentType: null,
        attachmentName: null,
        attachmentSize: null,
        createdAt: new Date(r.created_at),
      },
      kind: r.chat_type === 'support' ? ('support' as const) : ('order' as const),
      supportAsked: r.support_asked,
      clientUserId: r.client_user,
      influencerUserId: r.influencer_user,
    };
  });
}

export function createMessagesRepository(db: Db) {
  // One statement in flight: messages sent one after the other (a person's quick second message) are stored in that
  // order on this instance. Two in flight measured no faster and let a later batch commit first.
  const insertParty = createStatementBatcher({
    run: (rows: PartyMessage[]) => insertPartyBatch(db, rows),
    maxInFlight: 1,
    maxBatch: 100,
  });
  return {
    /**
     * The chat with everyone it concerns: an order chat's two parties (profiles and user ids) and campaign, or a
     * support chat's user. The service decides who may see it. One statement.
     */
    async chat(chatId: string) {
      const [row] = await db
        .select({
          id: chats.id,
          kind: chats.chatType,
          status: chats.status,
          client: {
            id: clients.id,
            userId: clients.userId,
            name: clients.name,
            lastname: clients.lastname,
            avatarUrl: clients.avatarUrl,
          },
          influencer: {
            id: influencers.id,
            userId: influencers.userId,
            name: influencers.name,
            lastname: influencers.lastname,
            avatarUrl: influencers.avatarUrl,
          },
          supportUser: { id: supportUser.id, name: supportUser.name, image: supportUser.image },
          campaignId: campaigns.id,
          campaignTitle: campaigns.title,
          amountMinor: orders.amountMinor,
          order: { status: orders.status, workStatus: orders.workStatus, approvalStatus: orders.approvalStatus },
          supportRequestedAt: chats.supportRequestedAt,
          supportJoinedAt: chats.supportJoinedAt,
        })
        .from(chats)
        .leftJoin(clients, eq(clients.id, chats.clientId))
        .leftJoin(influencers, eq(influencers.id, chats.influencerId))
        .leftJoin(supportUser, eq(supportUser.id, chats.userId))
        .leftJoin(orders, eq(orders.id, chats.orderId))
        .leftJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(eq(chats.id, chatId));
      return row ?? null;
    },

    /**
     * A page of the conversation: the newest `limit` (or those before / after a sequence number), oldest first,
     * each with whether the other party has read it. One statement.
     */
    async page(chatId: string, f: { before?: number; after?: number; limit: number }) {
      const rows = await db
        .select({
          ...MESSAGE_COLUMNS,
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
    async insert(row: {
      chatId: string;
      senderId: string;
      clientId: string;
      content: string | null;
      attachmentUrl?: string;
      attachmentType?: string;
      attachmentName?: string;
      attachmentSize?: number;
      attachmentWidth?: number;
      attachmentHeight?: number;
      /** Keep the chat's last activity (support chats). */
      touchChat?: boolean;
    }) {
      const columns = { ...MESSAGE_COLUMNS, chatId: messages.chatId };
      // One statement when new (the common case); the first one's row when this client id was seen before.
      const { touchChat, ...values } = row;
      const [created] = await db.insert(messages).values(values).onConflictDoNothing().returning(columns);
      if (created) {
        // The support inbox sorts by last activity; order chats never read it.
        if (touchChat) await db.update(chats).set({ lastMessageAt: sql`now()` }).where(eq(chats.id, row.chatId));
        return { message: created, created: true };
      }
      const [m] = await db
        .select(columns)
        .from(messages)
        .where(and(eq(messages.senderId, row.senderId), eq(messages.clientId, row.clientId)));
      return { message: m!, created: false };
    },

    /**
     * The send path's one statement (issue 28 §1): the access check folded into the insert. The message is written
     * only when the chat is open and the sender is one of its parties (an order chat's client or influencer by their
     * profile, a support chat's own user), the chat's last activity is kept where the support inbox reads it, and the
     * answer carries who hears about it. Null when nothing was written: not a party, closed, an admin, or a replay of
     * the client id; the service then takes the full path, which tells those apart. Messages sent while the previous
     * statement is in flight go together in the next one (`insertPartyBatch`).
     */
    insertAsParty: (row: PartyMessage) => insertParty(row),

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

    /** A message's stored file, if it has one in this chat. */
    async attachmentOf(chatId: string, messageId: string) {
      const [row] = await db
        .select({
          key: messages.attachmentUrl,
          type: messages.attachmentType,
          name: messages.attachmentName,
          size: messages.attachmentSize,
        })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)));
      return row?.key
        ? { key: row.key, type: row.type ?? 'application/octet-stream', name: row.name ?? 'file', size: row.size }
        : null;
    },

    // ---- support chats ---------------------------------------------------------------------------------------
    /** The user's open support chat, created when there is none (the partial unique index keeps it one). */
    async openSupportChat(userId: string): Promise<string> {
      await db.insert(chats).values({ chatType: 'support', userId }).onConflictDoNothing();
      const id = await this.activeSupportChat(userId);
      if (!id) throw new Error('support chat neither created nor found');
      return id;
    },

    async activeSupportChat(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.chatType, 'support'), eq(chats.userId, userId), eq(chats.status, 'active')));
      return row?.id ?? null;
    },

    /** Closes an open chat once; null when it was already closed. */
    async close(chatId: string): Promise<string | null> {
      const [row] = await db
        .update(chats)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(chats.id, chatId), eq(chats.status, 'active')))
        .returning({ id: chats.id });
      return row?.id ?? null;
    },

    async insertSystem(chatId: string, senderId: string, content: string) {
      const [m] = await db
        .insert(messages)
        .values({ chatId, senderId, kind: 'system', content })
        .returning(MESSAGE_COLUMNS);
      await db.update(chats).set({ lastMessageAt: sql`now()` }).where(eq(chats.id, chatId));
      return m!;
    },

    /** The admins' inbox: support chats of one status, newest activity first, with what this admin has not read. */
    /** An order chat's party asks the admins in: once (null when it was asked before). */
    async requestSupport(chatId: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(chats)
        .set({ supportRequestedAt: sql`now()`, supportRequestedBy: userId, lastMessageAt: sql`now()` })
        .where(and(eq(chats.id, chatId), isNull(chats.supportRequestedAt)))
        .returning({ id: chats.id });
      return rows.length > 0;
    },

    /** The first admin to write in an order chat: true only for that first one. */
    async markSupportJoined(chatId: string): Promise<boolean> {
      const rows = await db
        .update(chats)
        .set({ supportJoinedAt: sql`now()` })
        .where(and(eq(chats.id, chatId), isNull(chats.supportJoinedAt)))
        .returning({ id: chats.id });
      return rows.length > 0;
    },

    /**
     * The admins' inbox: support chats and the order chats a party asked support into (the asking party as the
     * user), newest activity first, with what this admin has not read from users (an order chat: since the ask).
     */
    async inbox(f: { status: 'active' | 'closed'; adminUserId: string; cursor: Keyset | null; limit: number }) {
      return db
        .select({
          id: chats.id,
          kind: chats.chatType,
          campaignTitle: campaigns.title,
          status: chats.status,
          user: { id: users.id, name: users.name, email: users.email, role: users.role, image: users.image },
          createdAt: chats.createdAt,
          lastMessageAt: chats.lastMessageAt,
          lastKey: cursorTime(chats.lastMessageAt),
          unreadCount: sql<number>`(select count(*) from messages m join users su on su.id = m.sender_id
            where m.chat_id = "chats"."id" and su.role <> 'admin'
              and ("chats"."support_requested_at" is null or m.created_at >= "chats"."support_requested_at")
              and not exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id = ${f.adminUserId}))::int`,
        })
        .from(chats)
        .innerJoin(users, eq(users.id, sql`coalesce(${chats.userId}, ${chats.supportRequestedBy})`))
        .leftJoin(orders, eq(orders.id, chats.orderId))
        .leftJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .where(
          and(
            sql`(${chats.chatType} = 'support' or ${chats.supportRequestedAt} is not null)`,
            eq(chats.status, f.status),
            pastKeyset(chats.lastMessageAt, chats.id, f.cursor, { direction: 'desc', cast: 'timestamptz' }),
          ),
        )
        .orderBy(...keysetOrder(chats.lastMessageAt, chats.id, 'desc'))
        .limit(f.limit + 1);
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
