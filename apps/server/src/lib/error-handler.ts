import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

type FieldErrors = Record<string, string[]>;

/** The one place errors become responses. 5xx internals are logged with the request id, never sent. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Our own refusals carry messages written for people; 503 too (a provider we depend on is down: try again later).
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 503)) {
      return reply.code(err.statusCode).send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message ?? 'Invalid value'];
      }
      const first = err.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ error: { code: 'VALIDATION_ERROR', message: first, details: { fieldErrors } } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply
        .code(500)
        .send({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({
        error: {
          code: 'RATE_LIMITED',
          message: err.message || 'Too many attempts. Please wait a minute and try again.',
        },
      });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ error: { code: 'FILE_TOO_LARGE', message: 'The file is too large.' } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): their messages are safe.
      return reply.code(status).send({ error: { code: err.code ?? `HTTP_${status}`, message: err.message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      error: {
        code: 'INTERNAL_ERROR',
        message: `Something went wrong on our side. Please try again. (ref ${req.id})`,
      },
    });
  });
}
