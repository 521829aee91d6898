// Writing and reading chats (issue 12 §2, §5), one implementation for both kinds: an order's chat is its two
// parties'; a support chat is its user's and every admin's. Text by the shared rule, one message per client id,
// read state per message (spec §4). Every change is stored first, then published to the chat's audience.
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  type ChatHeader,
  type MessageDto,
  type MessagesPage,
  type messagesQuery,
  SUPPORT_JOIN_MESSAGES,
  type sendMessageInput,
} from '@app/shared/chat/message.schemas';
import { SUPPORT_MESSAGES, type SupportInboxItem, type supportInboxQuery } from '@app/shared/chat/support.schemas';
import { stripBidiControls } from '@app/shared/common/text';
import { type OrderState, orderStage } from '@app/shared/orders/order-machine';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../integrations/storage/storage.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.ts';
import { imageSize } from '../../lib/image-size.ts';
import { discardUpload, storeUpload, type Upload } from '../../lib/uploads.ts';
import { ADMINS, type RealtimeHub } from '../../realtime/hub.ts';
import type { Actor } from '../auth/auth.service.ts';
import { CHATS_FORBIDDEN } from './chats.service.ts';
import type { MessagesRepository } from './messages.repository.ts';
import { countUnread } from './unread.repository.ts';

/** The name shown on the chip: no path, no control or bidi characters, at most 120 characters, the right extension. */
function cleanFileName(raw: string, ext: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const printable = [...stripBidiControls(last)].filter((c) => c >= ' ' && c !== '\u007f').join('');
  const base = printable.trim().slice(0, 120);
  if (!base) return `file.${ext}`;
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[^.]*$/, '')}.${ext}`;
}

type Loaded = NonNullable<Awaited<ReturnType<MessagesRepository['chat']>>>;
/** What the caller may do with a chat, and who hears about it. */
type Access = { chat: Loaded; header: ChatHeader; audience: string[] };

const SUPPORT_PERSON = { id: 'support', name: 'Admin', lastname: 'Support', avatarUrl: null };

export function createMessagesService(deps: {
  repo: MessagesRepository;
  db: Db;
  hub: RealtimeHub;
  files: BlobStore;
  /** A message was stored (a push to the chat's other people, decision 040); must not block or throw. */
  onSent?: (m: { chatId: string; senderId: string; recipients: string[]; content: string | null }) => void;
}) {
  const { repo, hub } = deps;
  const sent = (chatId: string, actor: Actor, audience: string[], content: string | null) =>
    deps.onSent?.({ chatId, senderId: actor.userId, recipients: audience.filter((u) => u !== ADMINS), content });

  async function access(actor: Actor, chatId: string): Promise<Access> {
    const chat = await repo.chat(chatId);
    // Another pair's chat does not exist for the caller (no hint that the id is real).
    if (!chat) throw notFound('Chat');
    const status = chat.status === 'closed' ? 'closed' : 'active';
    if (chat.kind === 'support') {
      const user = chat.supportUser!;
      if (actor.role !== 'admin' && actor.userId !== user.id) throw notFound('Chat');
      const [name = user.name, ...rest] = actor.role === 'admin' ? user.name.split(' ') : [];
      return {
        chat,
        audience: [user.id, ADMINS],
        header: {
          id: chat.id,
          kind: 'support',
          status,
          counterpart:
            actor.role === 'admin'
              ? { id: user.id, name, lastname: rest.join(' '), avatarUrl: user.image }
              : SUPPORT_PERSON,
          campaign: null,
          amountMinor: null,
          stage: null,
          support: 'none',
          parties: null,
        },
      };
    }
    const client = chat.client!;
    const influencer = chat.influencer!;
    const person = (p: typeof client) => ({ id: p.id, name: p.name, lastname: p.lastname, avatarUrl: p.avatarUrl });
    let counterpart: typeof client;
    if (actor.role === 'admin') {
      // An admin reads an order's chat only once a party asked support in (issue 12 §5); before that it is private.
      if (!chat.supportRequestedAt) throw notFound('Chat');
      counterpart = client;
    } else {
      if (!actor.profileId) throw forbidden(CHATS_FORBIDDEN);
      const mine = actor.role === 'client' ? client : influencer;
      if (!mine || mine.id !== actor.profileId) throw notFound('Chat');
      counterpart = actor.role === 'client' ? influencer : client;
    }
    return {
      chat,
      audience: chat.supportRequestedAt
        ? [client.userId, influencer.userId, ADMINS]
        : [client.userId, influencer.userId],
      header: {
        id: chat.id,
        kind: 'order',
        status,
        counterpart: person(counterpart),
        campaign:
          chat.campaignId && chat.campaignTitle !== null ? { id: chat.campaignId, title: chat.campaignTitle } : null,
        amountMinor: chat.amountMinor,
        stage: chat.order ? orderStage(chat.order as OrderState) : null,
        support: chat.supportJoinedAt ? 'joined' : chat.supportRequestedAt ? 'requested' : 'none',
        parties: actor.role === 'admin' ? { client: person(client), influencer: person(influencer) } : null,
      },
    };
  }

  /** Who wrote a message, as an order chat's reader needs it: one of the parties, or support (an admin). */
  const fromOf = (a: Access, senderId: string): MessageDto['from'] => {
    if (a.chat.kind !== 'order') return null;
    if (senderId === a.chat.client?.userId) return 'client';
    if (senderId === a.chat.influencer?.userId) return 'influencer';
    return 'support';
  };

  /** An admin's first words in an order chat are preceded, once, by 'Support joined the conversation.' */
  async function joinIfFirst(actor: Actor, a: Access) {
    if (actor.role !== 'admin' || a.chat.kind !== 'order' || a.chat.supportJoinedAt) return;
    if (!(await repo.markSupportJoined(a.chat.id))) return;
    const m = await repo.insertSystem(a.chat.id, actor.userId, SUPPORT_JOIN_MESSAGES.joined);
    await hub.publish(
      a.audience,
      { type: 'message.created', chatId: a.chat.id, message: messageDtoOf(m, false, a.chat.id, 'support') },
      actor.userId,
    );
  }
  /** Support chats, and order chats support was asked into, keep their last activity (the inbox's order). */
  const touches = (a: Access) => a.header.kind === 'support' || a.chat.supportRequestedAt !== null;

  const dto = (actor: Actor, a: Access, m: StoredMessage & { chatId?: string }, seen: boolean): MessageDto => ({
    ...messageDtoOf(m, m.senderId === actor.userId, a.chat.id, fromOf(a, m.senderId)),
    seen: m.senderId === actor.userId && seen,
  });

  async function close(actor: Actor, a: Access) {
    const closed = await repo.close(a.chat.id);
    if (!closed) return;
    const text = actor.role === 'admin' ? SUPPORT_MESSAGES.closedByAdmin : SUPPORT_MESSAGES.closedByUser;
    const m = await repo.insertSystem(a.chat.id, actor.userId, text);
    await hub.publish(
      a.audience,
      { type: 'message.created', chatId: a.chat.id, message: messageDtoOf(m, false, a.chat.id) },
      actor.userId,
    );
    await hub.publish(a.audience, { type: 'chat.closed', chatId: a.chat.id });
  }

  return {
    async page(actor: Actor, chatId: string, query: z.output<typeof messagesQuery>): Promise<MessagesPage> {
      const a = await access(actor, chatId);
      const { rows, more } = await repo.page(chatId, query);
      return {
        chat: a.header,
        items: rows.map((r) => dto(actor, a, r, r.readByOthers)),
        hasOlder: query.after === undefined ? more : false,
      };
    },

    /**
     * A text message. `caughtUp`: its event came back through this instance's listener, so the read cache already
     * knows of it (the route then skips `reads.sync()`).
     */
    async send(
      actor: Actor,
      chatId: string,
      input: z.output<typeof sendMessageInput>,
    ): Promise<{ message: MessageDto; caughtUp: boolean }> {
      // One statement in the common case (issue 28 §1): the insert that checks access and publishes the event.
      if (actor.role !== 'admin' && actor.profileId) {
        const echo = hub.expectEcho();
        const fast = await repo
          .insertAsParty({
            chatId,
            senderId: actor.userId,
            role: actor.role,
            profileId: actor.profileId,
            clientId: input.clientId,
            content: input.content,
            echo: echo.token,
          })
          .catch((err: unknown) => {
            echo.cancel();
            throw err;
          });
        if (fast) {
          const parties = [fast.clientUserId, fast.influencerUserId].filter((u): u is string => u !== null);
          const audience =
            fast.kind === 'support' ? [actor.userId, ADMINS] : fast.supportAsked ? [...parties, ADMINS] : parties;
          const from = fast.kind === 'order' ? actor.role : null;
          sent(chatId, actor, audience, input.content);
          // Its event came back through this instance's listener: the read cache has seen the insert too.
          return { message: messageDtoOf(fast.message, true, chatId, from), caughtUp: await echo.back };
        }
        echo.cancel();
      }
      // Everything else (an admin, a replay, a closed chat, someone else's chat) the full way, which tells them apart.
      const a = await access(actor, chatId);
      if (a.header.status === 'closed') {
        throw a.header.kind === 'support' && actor.role !== 'admin'
          ? new AppError('NO_ACTIVE_CHAT', SUPPORT_MESSAGES.noActiveChat, 409)
          : new AppError('CHAT_CLOSED', 'This chat is closed: messages can no longer be sent.', 409);
      }
      await joinIfFirst(actor, a);
      const { message, created } = await repo.insert({
        chatId,
        senderId: actor.userId,
        clientId: input.clientId,
        content: input.content,
        touchChat: touches(a),
      });
      // The same client id in another chat is not a replay of this message.
      if (message.chatId !== chatId) {
        throw new AppError('VALIDATION_ERROR', 'This message id was already used for another chat.', 409);
      }
      const out = dto(actor, a, message, false);
      // Stored first, then published (a replay was published the first time).
      if (created) {
        await hub.publish(a.audience, { type: 'message.created', chatId, message: out }, actor.userId);
        sent(chatId, actor, a.audience, input.content);
      }
      return { message: out, caughtUp: false };
    },

    /**
     * A file as a message: its type judged from its bytes (an .exe renamed .jpg is refused), stored privately under
     * `{user_id}/{timestamp}.{ext}`, once per client id like a text message.
     */
    /** A file, with the caption typed under its preview (issue 27), as one message. */
    async sendAttachment(
      actor: Actor,
      chatId: string,
      clientId: string,
      upload: Upload,
      caption: string | null = null,
    ): Promise<MessageDto> {
      const a = await access(actor, chatId);
      if (a.header.status === 'closed') {
        throw a.header.kind === 'support' && actor.role !== 'admin'
          ? new AppError('NO_ACTIVE_CHAT', SUPPORT_MESSAGES.noActiveChat, 409)
          : new AppError('CHAT_CLOSED', 'This chat is closed: messages can no longer be sent.', 409);
      }
      const type = await fileTypeFromBuffer(upload.head);
      const ext = type && (ATTACHMENT_TYPES as Record<string, string>)[type.mime];
      if (!type || !ext) {
        discardUpload(upload);
        throw new AppError('UNSUPPORTED_FILE_TYPE', ATTACHMENT_MESSAGES.unsupported, 415);
      }
      const size = imageSize(upload.head, type.mime);
      await joinIfFirst(actor, a);
      // Streamed to the store (disk or bucket), refused there past the limit; the row follows only a whole file.
      const key = `${actor.userId}/${Date.now()}-${clientId.slice(0, 8)}.${ext}`;
      const bytes = await storeUpload(upload, deps.files, key, type.mime);
      const { message, created } = await repo
        .insert({
          chatId,
          senderId: actor.userId,
          clientId,
          content: caption,
          attachmentUrl: key,
          attachmentType: type.mime,
          attachmentName: cleanFileName(upload.filename, ext),
          attachmentSize: bytes,
          attachmentWidth: size?.width,
          attachmentHeight: size?.height,
          touchChat: touches(a),
        })
        .catch(async (e) => {
          await deps.files.remove(key).catch(() => {});
          throw e;
        });
      // A retried upload (same client id) found its first message: this copy has no row, so it goes.
      if (!created) await deps.files.remove(key).catch(() => {});
      if (message.chatId !== chatId) {
        throw new AppError('VALIDATION_ERROR', 'This message id was already used for another chat.', 409);
      }
      const out = dto(actor, a, message, false);
      if (created) {
        await hub.publish(a.audience, { type: 'message.created', chatId, message: out }, actor.userId);
        sent(chatId, actor, a.audience, caption);
      }
      return out;
    },

    /** The file of a message, for the chat's parties only. */
    async attachment(actor: Actor, chatId: string, messageId: string) {
      await access(actor, chatId);
      const file = await repo.attachmentOf(chatId, messageId);
      if (!file) throw notFound('File');
      const stored = await deps.files.get(file.key);
      if (!stored) throw notFound('File');
      return { ...file, stream: stored.stream, size: stored.size, etag: stored.etag };
    },

    /**
     * Opening the chat: every message from others is read (idempotent). The other side's screen learns it (read
     * receipts) and the reader's other tabs lower their counts. Returns this chat's and the total unread.
     */
    async markRead(actor: Actor, chatId: string): Promise<{ unreadCount: number; total: number }> {
      const a = await access(actor, chatId);
      const seq = await repo.markRead(chatId, actor.userId);
      if (seq !== null) {
        await hub.publish(a.audience, { type: 'messages.read', chatId, seq, mine: true }, actor.userId);
      }
      const [unreadCount, total] = await Promise.all([
        repo.unreadIn(chatId, actor.userId),
        countUnread(deps.db, actor),
      ]);
      return { unreadCount, total };
    },

    /** Whom to tell that the actor is typing in the chat (everyone else in it), after checking access. */
    async typingTargets(actor: Actor, chatId: string): Promise<string[]> {
      const a = await access(actor, chatId);
      if (a.header.status !== 'active') return [];
      const others = a.audience.filter((u) => u !== actor.userId);
      // An admin typing is shown to the user only, not to the other admins.
      return actor.role === 'admin' ? others.filter((u) => u !== ADMINS) : others;
    },

    /**
     * 'Ask support to join' (issue 12 §5): a party of an order chat brings the admins in. From then on the chat is in
     * the support inbox and every admin hears it; a system line tells both parties. Asking twice changes nothing.
     */
    async askSupport(actor: Actor, chatId: string): Promise<ChatHeader> {
      const a = await access(actor, chatId);
      if (a.header.kind !== 'order') throw new AppError('NOT_AN_ORDER_CHAT', SUPPORT_JOIN_MESSAGES.orderOnly, 409);
      if (actor.role === 'admin') throw forbidden(SUPPORT_JOIN_MESSAGES.adminOnly);
      if (a.header.status === 'closed') {
        throw new AppError('CHAT_CLOSED', 'This chat is closed: messages can no longer be sent.', 409);
      }
      if (!(await repo.requestSupport(chatId, actor.userId))) return a.header;
      const asker = actor.role === 'client' ? a.chat.client! : a.chat.influencer!;
      const m = await repo.insertSystem(chatId, actor.userId, SUPPORT_JOIN_MESSAGES.asked(asker.name));
      const audience = [...a.audience.filter((u) => u !== ADMINS), ADMINS];
      await hub.publish(
        audience,
        { type: 'message.created', chatId, message: messageDtoOf(m, false, chatId, fromOf(a, actor.userId)) },
        actor.userId,
      );
      return { ...a.header, support: 'requested' };
    },

    // ---- support (spec §4 admin chat) ----------------------------------------------------------------------------
    async currentSupportChat(actor: Actor): Promise<{ chatId: string | null }> {
      if (actor.role === 'admin') throw forbidden('Admins answer support chats in the support inbox.');
      return { chatId: await repo.activeSupportChat(actor.userId) };
    },

    /** get_or_create_admin_chat: the user's one open support chat. */
    async openSupportChat(actor: Actor): Promise<{ chatId: string }> {
      if (actor.role === 'admin') throw forbidden('Admins answer support chats in the support inbox.');
      return { chatId: await repo.openSupportChat(actor.userId) };
    },

    /** close_admin_chat: by its user or an admin; a goodbye line, then the chat is closed for both sides. */
    async close(actor: Actor, chatId: string): Promise<void> {
      const a = await access(actor, chatId);
      if (a.header.kind !== 'support') {
        throw new AppError('CHAT_CLOSED', 'An order’s chat stays open as long as the order.', 409);
      }
      await close(actor, a);
    },

    async inbox(actor: Actor, query: z.output<typeof supportInboxQuery>) {
      if (actor.role !== 'admin') throw forbidden('The support inbox is for admins.');
      const cursor = decodeKeyset(query.cursor, { kind: 'timestamp', tag: query.status });
      const rows = await repo.inbox({ status: query.status, adminUserId: actor.userId, cursor, limit: query.limit });
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page.at(-1);
      return {
        items: page.map(
          (r): SupportInboxItem => ({
            id: r.id,
            kind: r.kind === 'order' ? 'order' : 'support',
            campaignTitle: r.kind === 'order' ? r.campaignTitle : null,
            status: r.status === 'closed' ? 'closed' : 'active',
            user: { id: r.user.id, name: r.user.name, email: r.user.email, role: r.user.role, avatarUrl: r.user.image },
            createdAt: r.createdAt.toISOString(),
            lastMessageAt: r.lastMessageAt.toISOString(),
            unreadCount: r.unreadCount,
          }),
        ),
        nextCursor: more && last ? encodeKeyset({ key: last.lastKey, id: last.id }, query.status) : null,
      };
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
  attachmentUrl: string | null;
  attachmentType: string | null;
  attachmentName: string | null;
  attachmentSize: number | null;
  /** Absent on rows read without them (older code paths): the screen then pins instead of reserving. */
  attachmentWidth?: number | null;
  attachmentHeight?: number | null;
  createdAt: Date;
};

/** Where a message's file is fetched (the route checks the chat like any read; the stored key never leaves us). */
export const attachmentPath = (chatId: string, messageId: string) =>
  `/api/chats/${chatId}/messages/${messageId}/attachment`;

/** A stored message as a party sees it (not yet seen by the other party). */
export function messageDtoOf(
  m: StoredMessage,
  mine: boolean,
  chatId: string,
  from: MessageDto['from'] = null,
): MessageDto {
  return {
    id: m.id,
    seq: m.seq,
    clientId: m.clientId,
    mine,
    kind: m.kind === 'system' ? 'system' : 'text',
    content: m.content,
    attachment: m.attachmentUrl
      ? {
          url: attachmentPath(chatId, m.id),
          type: m.attachmentType ?? 'application/octet-stream',
          name: m.attachmentName ?? 'file',
          size: m.attachmentSize ?? 0,
          width: m.attachmentWidth ?? null,
          height: m.attachmentHeight ?? null,
        }
      : null,
    createdAt: m.createdAt.toISOString(),
    seen: false,
    from,
  };
}
