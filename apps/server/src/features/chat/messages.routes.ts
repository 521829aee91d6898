import {
  markReadResponse,
  messageDto,
  messagesPage,
  messagesQuery,
  sendMessageInput,
} from '@app/shared/chat/message.schemas';
import { idParam } from '@app/shared/common/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import type { MessagesService } from './messages.service.ts';

/** An order chat's messages: read, write and mark read, by its two parties only (the service checks). */
export function messagesRoutes(deps: { messages: MessagesService; guards: Guards; messagesPerMinute: number }) {
  const { messages, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/chats/:id/messages',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'The chat’s header and a page of its messages, oldest first (newest page by default)',
          params: idParam,
          querystring: messagesQuery,
          response: { 200: messagesPage },
        },
      },
      async (req) => messages.page(actorOf(req), req.params.id, req.query),
    );

    r.post(
      '/api/chats/:id/messages',
      {
        preHandler: guards.requireAuth,
        // A person types; a script floods. Generous for the one, a wall for the other.
        config: { rateLimit: { max: deps.messagesPerMinute, timeWindow: 60_000, ...perUser } },
        schema: {
          tags: ['chat'],
          summary: 'Sends a message (the same clientId twice is one message)',
          params: idParam,
          body: sendMessageInput,
          response: { 201: messageDto },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return messages.send(actorOf(req), req.params.id, req.body);
      },
    );

    r.post(
      '/api/chats/:id/read',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'Marks the other party’s messages read (idempotent); returns the chat’s and the total unread',
          params: idParam,
          response: { 200: markReadResponse },
        },
      },
      async (req) => messages.markRead(actorOf(req), req.params.id),
    );
  };
}
