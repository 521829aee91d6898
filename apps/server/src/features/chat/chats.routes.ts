import { chatListQuery, chatListResponse } from '@app/shared/chat/chat.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { CHAT_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import { CHATS_FORBIDDEN, type ChatsService } from './chats.service.ts';

export function chatsRoutes(deps: { chats: ChatsService; guards: Guards; reads: ReadCache }) {
  const { chats, guards, reads } = deps;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/chats',
      {
        // Spec §6: a chat is read by its two parties. Admins read chats in the support console, which arrives with
        // messaging; the role guard's own message would name clients only, hence this check.
        preHandler: [
          guards.requireAuth,
          async (req) => {
            if (actorOf(req).role === 'admin') throw forbidden(CHATS_FORBIDDEN);
          },
        ],
        schema: {
          tags: ['chat'],
          summary: 'The caller’s chats newest first, with the other party and the campaign (keyset pages)',
          querystring: chatListQuery,
          response: { 200: chatListResponse },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        return reads.through(`${actor.userId} ${req.url}`, CHAT_TABLES, () => chats.list(actor, req.query));
      },
    );
  };
}
