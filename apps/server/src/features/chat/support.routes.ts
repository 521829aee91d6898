import { okResponse } from '@app/shared/auth/auth.schemas';
import { chatHeader } from '@app/shared/chat/message.schemas';
import { supportChatResponse, supportInboxQuery, supportInboxResponse } from '@app/shared/chat/support.schemas';
import { idParam } from '@app/shared/common/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { MessagesService } from './messages.service.ts';

/** Admin support (issue 12 §5): a user's one open support chat, closing it, and the admins' inbox. */
export function supportRoutes(deps: { messages: MessagesService; guards: Guards }) {
  const { messages, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/support/chat',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'The caller’s open support chat, or null',
          response: { 200: supportChatResponse },
        },
      },
      async (req) => messages.currentSupportChat(actorOf(req)),
    );

    r.post(
      '/api/support/chat',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'Starts or resumes the caller’s support chat (one open per user)',
          response: { 200: supportChatResponse },
        },
      },
      async (req) => messages.openSupportChat(actorOf(req)),
    );

    r.post(
      '/api/chats/:id/close',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'Closes a support chat (its user or an admin): a goodbye line, then no more messages',
          params: idParam,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await messages.close(actorOf(req), req.params.id);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/chats/:id/support',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary:
            'Ask support to join an order’s chat (its client or influencer): the admins can read and write there',
          params: idParam,
          response: { 200: chatHeader },
        },
      },
      async (req) => messages.askSupport(actorOf(req), req.params.id),
    );

    r.get(
      '/api/admin/support',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['chat'],
          summary: 'The support inbox: open or closed support chats, newest activity first, with unread counts',
          querystring: supportInboxQuery,
          response: { 200: supportInboxResponse },
        },
      },
      async (req) => messages.inbox(actorOf(req), req.query),
    );
  };
}
