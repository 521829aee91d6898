import { unreadCountResponse } from '@app/shared/chat/unread.schemas';
import { and, count, eq, gte, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { chats, messageReadStatus, messages } from '../../db/schema.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';

/**
 * Messages from others with no read-status row for the reader (spec §4): in their order chats and their own support
 * chats; for an admin, what users wrote in support chats, and parties in order chats support was asked into, that
 * this admin has not read.
 */
export async function countUnread(db: Db, actor: Pick<Actor, 'userId' | 'profileId' | 'role'>): Promise<number> {
  const theirs =
    actor.role === 'admin'
      ? or(
          and(eq(chats.chatType, 'support'), eq(messages.senderId, chats.userId)),
          // Order chats support was asked into: what the parties wrote since (not other admins' lines).
          and(
            isNotNull(chats.supportRequestedAt),
            gte(messages.createdAt, chats.supportRequestedAt),
            sql`not exists (select 1 from users su where su.id = ${messages.senderId} and su.role = 'admin')`,
          ),
        )
      : or(
          actor.profileId ? eq(chats.clientId, actor.profileId) : undefined,
          actor.profileId ? eq(chats.influencerId, actor.profileId) : undefined,
          eq(chats.userId, actor.userId),
        );
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        theirs,
        ne(messages.senderId, actor.userId),
        notExists(
          db
            .select({ one: messageReadStatus.id })
            .from(messageReadStatus)
            .where(and(eq(messageReadStatus.messageId, messages.id), eq(messageReadStatus.userId, actor.userId))),
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
        return { count: await countUnread(deps.db, actorOf(req)) };
      },
    );
  };
}
