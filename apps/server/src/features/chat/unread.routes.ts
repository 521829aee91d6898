import { unreadCountResponse } from '@app/shared/chat/unread.schemas';
import { and, count, eq, ne, notExists, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { chats, messageReadStatus, messages } from '../../db/schema.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';

/** Messages from others in the actor's chats with no read-status row for the actor (spec §4). */
export async function countUnread(db: Db, userId: string, profileId: string | null): Promise<number> {
  if (!profileId) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        or(eq(chats.clientId, profileId), eq(chats.influencerId, profileId)),
        ne(messages.senderId, userId),
        notExists(
          db
            .select({ one: messageReadStatus.id })
            .from(messageReadStatus)
            .where(and(eq(messageReadStatus.messageId, messages.id), eq(messageReadStatus.userId, userId))),
        ),
      ),
    );
  return row?.n ?? 0;
}

export function unreadRoutes(deps: { db: Db; guards: Guards }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/chat/unread-count',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'Unread messages across the signed-in user’s chats',
          response: { 200: unreadCountResponse },
        },
      },
      async (req) => {
        const a = actorOf(req);
        return { count: await countUnread(deps.db, a.userId, a.profileId) };
      },
    );
  };
}
