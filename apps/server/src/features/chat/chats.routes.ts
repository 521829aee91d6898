import { chatRoutes } from '@app/shared/chat/chat.routes';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/app-error.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { CHAT_TABLES, type ReadCache } from '../../lib/read-cache.ts';
import { serve } from '../../lib/route.ts';
import { CHATS_FORBIDDEN, type ChatsService } from './chats.service.ts';

export function chatsRoutes(deps: { chats: ChatsService; guards: Guards; reads: ReadCache }) {
  const { chats, guards, reads } = deps;
  return async (app: FastifyInstance) => {
    serve(
      app,
      chatRoutes.list,
      {
        // Spec §6: a chat is read by its two parties. Admins read chats in the support console, which arrives with
        // messaging; the role guard's own message would name clients only, hence this check.
        preHandler: [
          guards.requireAuth,
          async (req) => {
            if (actorOf(req).role === 'admin') throw forbidden(CHATS_FORBIDDEN);
          },
        ],
      },
      async (req) => {
        const actor = actorOf(req);
        return reads.through(`${actor.userId} ${req.url}`, CHAT_TABLES, () => chats.list(actor, req.query));
      },
    );
  };
}
