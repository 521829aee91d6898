import { messageRoutes } from '@app/shared/chat/chat.routes';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, attachmentCaption } from '@app/shared/chat/message.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { BatchedLimiter } from '../../lib/batched-rate-limit.ts';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { markCaughtUp } from '../../lib/read-cache.ts';
import { serve } from '../../lib/route.ts';
import { discardUpload, openSingleUpload } from '../../lib/uploads.ts';
import type { MessagesService } from './messages.service.ts';

/** An order chat's messages: read, write and mark read, by its two parties only (the service checks). */
export function messagesRoutes(deps: {
  messages: MessagesService;
  guards: Guards;
  messagesPerMinute: number;
  uploadsPer10Min: number;
  /** The send's limit, counted in memory and written in batches (lib/batched-rate-limit.ts). */
  limiter: BatchedLimiter;
}) {
  const { messages, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    serve(app, messageRoutes.page, { preHandler: guards.requireAuth }, async (req) =>
      messages.page(actorOf(req), req.params.id, req.query),
    );

    serve(
      app,
      messageRoutes.send,
      {
        // A person types; a script floods. Generous for the one, a wall for the other.
        preHandler: [
          guards.requireAuth,
          deps.limiter.perUser('messages', { max: deps.messagesPerMinute, windowMs: 60_000 }),
        ],
      },
      async (req, reply) => {
        const { message, caughtUp } = await messages.send(actorOf(req), req.params.id, req.body);
        if (caughtUp) markCaughtUp(req);
        reply.code(201);
        return message;
      },
    );

    // Multipart (its OpenAPI says so with `consumes`), hence registered by hand with the contract's parts.
    const upload = messageRoutes.sendAttachment;
    r.post(
      upload.path,
      {
        preHandler: guards.requireAuth,
        config: { rateLimit: { max: deps.uploadsPer10Min, timeWindow: 10 * 60_000, ...perUser } },
        schema: {
          tags: upload.tags,
          summary: upload.summary,
          consumes: ['multipart/form-data'],
          params: upload.params,
          querystring: upload.query,
          response: upload.response,
        },
      },
      async (req, reply) => {
        const file = await openSingleUpload(req, {
          maxBytes: ATTACHMENT_MAX_BYTES,
          tooLarge: ATTACHMENT_MESSAGES.tooLarge,
          missing: ATTACHMENT_MESSAGES.missing,
        });
        // The caption (sent before the file) follows a text message's rules; none is no caption.
        const asked = file.fields.caption?.trim() ? attachmentCaption.safeParse(file.fields.caption) : null;
        if (asked && !asked.success) {
          discardUpload(file);
          throw new AppError('VALIDATION_ERROR', asked.error.issues[0]!.message, 400);
        }
        reply.code(201);
        return messages.sendAttachment(actorOf(req), req.params.id, req.query.clientId, file, asked?.data ?? null);
      },
    );

    // The file itself, not JSON: no response schema.
    const attachment = messageRoutes.attachment;
    r.get(
      attachment.path,
      {
        preHandler: guards.requireAuth,
        schema: { tags: attachment.tags, summary: attachment.summary, params: attachment.params },
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
          .header('etag', file.etag)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .send(file.stream);
      },
    );

    serve(app, messageRoutes.markRead, { preHandler: guards.requireAuth }, async (req) =>
      messages.markRead(actorOf(req), req.params.id),
    );
  };
}
