// Frames on the realtime WebSocket (`/api/realtime`, issue 12 §1), validated on both ends.
import { z } from 'zod';
import { notificationDto } from '../notifications/notification.schemas.ts';
import { messageDto, sendMessageInput } from './message.schemas.ts';

export { REALTIME_HEARTBEAT_MS, REALTIME_PATH, RECONNECT_BACKOFF_MS } from './chat.constants.ts';

/** What a browser may send. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** The sender is writing in this chat (shown to the other party for a few seconds). */
  z.object({ type: z.literal('typing'), chatId: z.uuid() }),
  /**
   * A text message, sent on the socket the sender already signed in with (issue 28 §1: no session lookup per
   * message). Stored once per client id like `POST /api/chats/:id/messages`; the sender's sockets hear it back as
   * `message.created`, a refusal as `error` with its client id.
   */
  z.object({
    type: z.literal('message.send'),
    chatId: z.uuid(),
    clientId: sendMessageInput.shape.clientId,
    content: sendMessageInput.shape.content,
  }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** What the server sends. Each is addressed to the users it concerns; nobody subscribes to another pair's chat. */
export const serverFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message.created'), chatId: z.string(), message: messageDto }),
  /** The chat changed in a way the frame could not carry (a message too large to publish): fetch what is new. */
  z.object({ type: z.literal('chat.stale'), chatId: z.string() }),
  /**
   * The chat was read up to this sequence number: by the other party (`mine` false: read receipts on your own
   * messages) or by you in another tab (`mine` true: counts go down).
   */
  z.object({ type: z.literal('messages.read'), chatId: z.string(), seq: z.number().int(), mine: z.boolean() }),
  z.object({ type: z.literal('typing'), chatId: z.string() }),
  /** The chat was closed (a support chat, by the user or an admin): no more messages. */
  z.object({ type: z.literal('chat.closed'), chatId: z.string() }),
  /** `clientId`: the message (`message.send`) the refusal is about. */
  z.object({ type: z.literal('error'), message: z.string(), clientId: z.string().optional() }),
  /**
   * Events may have been missed (the server's connection to the database dropped and is back): fetch what the
   * screen shows, as after a reconnect.
   */
  z.object({ type: z.literal('resync') }),
  /**
   * Issue 24 §1: an order moved through the machine (paid, started, submitted, …), sent to both parties at commit:
   * screens that show it (the campaign, Orders, Home, the chat header) fetch it again.
   */
  z.object({ type: z.literal('order.changed'), orderId: z.string(), campaignId: z.string() }),
  /** Something about a campaign changed for its parties: an application, an invitation, a hire, a rating. */
  z.object({
    type: z.literal('campaign.changed'),
    campaignId: z.string(),
    what: z.enum(['application', 'invitation', 'hire', 'rating']),
  }),
  /** The recipient's payouts changed (a batch was paid). */
  z.object({ type: z.literal('payouts.changed') }),
  /** A notification for the recipient (the bell counts up). */
  z.object({ type: z.literal('notification.created'), notification: notificationDto }),
  /** The recipient read notifications in another tab or device (the bell counts down). */
  z.object({ type: z.literal('notifications.read') }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;
