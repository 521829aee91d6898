import { chatRoutes } from '@app/shared/chat/chat.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { Actor } from '../auth/auth.service.ts';

export function unreadRoutes(deps: { unreadCount: (actor: Actor) => Promise<number>; guards: Guards }) {
  return async (app: FastifyInstance) => {
    serve(app, chatRoutes.unreadCount, { preHandler: deps.guards.requireAuth }, async (req) => ({
      count: await deps.unreadCount(actorOf(req)),
    }));
  };
}
