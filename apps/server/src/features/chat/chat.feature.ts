import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../integrations/storage/storage.ts';
import { createBatchedLimiter } from '../../lib/batched-rate-limit.ts';
import { allOf } from '../../lib/feature.ts';
import type { Guards } from '../../lib/guards.ts';
import { CHAT_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import { createRealtimeHub } from '../../realtime/hub.ts';
import { realtimeRoutes } from '../../realtime/realtime.routes.ts';
import type { Actor, AuthService } from '../auth/auth.service.ts';
import { createChatsRepository } from './chats.repository.ts';
import { chatsRoutes } from './chats.routes.ts';
import { createChatsService } from './chats.service.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { messagesRoutes } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';
import { createOrderNotes } from './order-notes.ts';
import { supportRoutes } from './support.routes.ts';
import { createSupportHistory } from './support-history.ts';
import { countUnread } from './unread.repository.ts';
import { unreadRoutes } from './unread.routes.ts';

/**
 * Chat and realtime: the chats and their messages, support, the unread badge, and the one WebSocket per tab with the
 * hub that fans events out between instances (decision 017). Other features post into an order's chat (`note`) and
 * publish on the hub.
 */
export async function createChatFeature(deps: {
  database: Database;
  auth: AuthService;
  guards: Guards;
  reads: ReadCache;
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'realtimeHeartbeatMs' | 'rateLimitMultiplier'>;
  sessionCookieName: string;
  files: BlobStore;
  log: { warn: (obj: object, msg: string) => void };
  /** A message was stored (Web Push, decision 040). */
  onMessageSent?: Parameters<typeof createMessagesService>[0]['onSent'];
}) {
  const { database, guards, reads, config } = deps;
  const { db } = database;
  const m = config.rateLimitMultiplier;
  const repo = createChatsRepository(db);
  const hub = createRealtimeHub({ db, listen: database.listen, log: deps.log });
  await hub.start();
  const limiter = createBatchedLimiter({ db, log: deps.log });
  const messages = createMessagesService({
    repo: createMessagesRepository(db),
    db,
    hub,
    // Apart from the public avatars: a chat's files are handed out only to its parties, through its route.
    files: deps.files,
    onSent: deps.onMessageSent,
  });
  const unreadCount = (actor: Actor) =>
    reads.through(`${actor.userId} unread`, CHAT_TABLES, () => countUnread(db, actor));
  const plugin = allOf(
    async (app) => {
      app.addHook('onClose', () => hub.stop());
      app.addHook('preClose', () => limiter.stop());
    },
    unreadRoutes({ unreadCount, guards }),
    chatsRoutes({ chats: createChatsService({ repo }), guards, reads }),
    messagesRoutes({ messages, guards, limiter, messagesPerMinute: 60 * m, uploadsPer10Min: 30 * m }),
    supportRoutes({ messages, history: createSupportHistory({ db }), guards }),
    realtimeRoutes({
      hub,
      messages,
      auth: deps.auth,
      guards,
      publicUrl: config.publicUrl,
      heartbeatMs: config.realtimeHeartbeatMs,
      sessionCookieName: deps.sessionCookieName,
      limiter,
      messagesPerMinute: 60 * m,
    }),
  );
  return { plugin, hub, chats: repo, unreadCount, note: createOrderNotes({ hub }) };
}
export type ChatFeature = Awaited<ReturnType<typeof createChatFeature>>;
