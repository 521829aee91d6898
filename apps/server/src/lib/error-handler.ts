import { translateMessage } from '@app/shared/i18n/server-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { isDatabaseUnavailable } from './pg-errors.ts';

type FieldErrors = Record<string, string[]>;

/** Seconds a browser or client waits before asking again during a database outage. */
export const OUTAGE_RETRY_AFTER_S = 5;
export const OUTAGE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** How long the handler waits for the database to answer before calling an unexplained failure an outage. */
const PING_TIMEOUT_MS = 2_000;

/**
 * The one place errors become responses. 5xx internals are logged with the request id, never sent. A failure because
 * the database is out of reach (a restart, a failover) is 503 with Retry-After and one warning, not a 500: it is
 * recognised from the error itself, or, when a library wrapped it beyond recognition (better-auth's "Failed to get
 * session"), by the database not answering a ping right after.
 */
export function installErrorHandler(app: FastifyInstance, deps: { ping?: () => Promise<void> } = {}) {
  const databaseDown = async () => {
    if (!deps.ping) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
      return false;
    } catch {
      return true;
    } finally {
      clearTimeout(timer);
    }
  };

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // Messages are written in English; the person reads them in their language (decision 034): the browser's cookie,
    // which sign-in sets to the account's choice, else Accept-Language.
    const language = requestLanguage(req);
    const say = (message: string) => translateMessage(message, language);
    // Our own refusals carry messages written for people; 503 too (a provider we depend on is down: try again later).
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 503)) {
      return reply
        .code(err.statusCode)
        .send({ error: { code: err.code, message: say(err.message), details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[path] = [...(fieldErrors[path] ?? []), say(issue.message ?? 'Invalid value')];
      }
      const first = say(err.validation[0]?.message ?? 'Invalid request');
      return reply.code(400).send({ error: { code: 'VALIDATION_ERROR', message: first, details: { fieldErrors } } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({
        error: { code: 'INTERNAL_ERROR', message: say('Something went wrong on our side. Please try again.') },
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({
        error: {
          code: 'RATE_LIMITED',
          message: say(err.message || 'Too many attempts. Please wait a minute and try again.'),
        },
      });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ error: { code: 'FILE_TOO_LARGE', message: say('The file is too large.') } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): their messages are safe.
      return reply.code(status).send({ error: { code: err.code ?? `HTTP_${status}`, message: err.message } });
    }
    if (isDatabaseUnavailable(err) || (await databaseDown())) {
      req.log.warn({ error: err.message, url: req.url }, 'database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_S))
        .send({ error: { code: 'SERVICE_UNAVAILABLE', message: say(OUTAGE_MESSAGE) } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      error: {
        code: 'INTERNAL_ERROR',
        message: `${say('Something went wrong on our side. Please try again.')} (ref ${req.id})`,
      },
    });
  });
}
