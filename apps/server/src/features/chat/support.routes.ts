import type { okResponse } from '@app/shared/auth/auth.schemas';
import { supportRoutes as routes } from '@app/shared/chat/chat.routes';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { MessagesService } from './messages.service.ts';
import type { SupportHistory } from './support-history.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;

/** Admin support (issue 12 §5): a user's one open support chat, closing it, and the admins' inbox. */
export function supportRoutes(deps: { messages: MessagesService; history: SupportHistory; guards: Guards }) {
  const { messages, history, guards } = deps;
  return async (app: FastifyInstance) => {
    serve(app, routes.current, { preHandler: guards.requireAuth }, async (req) =>
      messages.currentSupportChat(actorOf(req)),
    );
    serve(app, routes.open, { preHandler: guards.requireAuth }, async (req) => messages.openSupportChat(actorOf(req)));
    serve(app, routes.history, { preHandler: guards.requireAuth }, async (req) =>
      history.closed(actorOf(req), req.query),
    );
    serve(app, routes.close, { preHandler: guards.requireAuth }, async (req) => {
      await messages.close(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, routes.ask, { preHandler: guards.requireAuth }, async (req) =>
      messages.askSupport(actorOf(req), req.params.id),
    );
    serve(app, routes.inbox, { preHandler: guards.requireRole('admin') }, async (req) =>
      messages.inbox(actorOf(req), req.query),
    );
  };
}
