import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  attachmentQuery,
  markReadResponse,
  messageDto,
  messagesPage,
  messagesQuery,
  sendMessageInput,
} from '@app/shared/chat/message.schemas';
import { idParam } from '@app/shared/common/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { readSingleUpload } from '../../lib/uploads.ts';
import type { MessagesService } from './messages.service.ts';

/** An order chat's messages: read, write and mark read, by its two parties only (the service checks). */
export function messagesRoutes(deps: {
  messages: MessagesService;
  guards: Guards;
  messagesPerMinute: number;
  uploadsPer10Min: number;
}) {
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
      '/api/chats/:id/attachments',
      {
        preHandler: guards.requireAuth,
        config: { rateLimit: { max: deps.uploadsPer10Min, timeWindow: 10 * 60_000, ...perUser } },
        schema: {
          tags: ['chat'],
          summary: 'Sends a file (image, PDF, Office document; at most 10 MB, type judged from the content)',
          consumes: ['multipart/form-data'],
          params: idParam,
          querystring: attachmentQuery,
          response: { 201: messageDto },
        },
      },
      async (req, reply) => {
        const upload = await readSingleUpload(req, {
          maxBytes: ATTACHMENT_MAX_BYTES,
          tooLarge: ATTACHMENT_MESSAGES.tooLarge,
          missing: ATTACHMENT_MESSAGES.missing,
        });
        reply.code(201);
        return messages.sendAttachment(actorOf(req), req.params.id, req.query.clientId, upload);
      },
    );

    r.get(
      '/api/chats/:id/messages/:messageId/attachment',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary: 'A message’s file, for the chat’s parties only',
          params: idParam.extend({ messageId: z.uuid('Not a valid id') }),
        },
      },
      async (req, reply) => {
        const file = await messages.attachment(actorOf(req), req.params.id, req.params.messageId);
        // Images and PDFs open in the browser; the rest download. Never sniffed, never run as a page.
        const inline = file.type.startsWith('image/') || file.type === 'application/pdf';
        return reply
          .type(file.type)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'private, max-age=3600')
          .header(
            'content-disposition',
            `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .send(file.stream);
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
