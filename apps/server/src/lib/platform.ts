// The HTTP platform every feature runs on (issue 22 §4: out of the composition root): Fastify with its logger and
// request ids, the zod validator and serializer, the one error handler, the CSRF and text guards, security headers,
// compression, load shedding, the shared rate-limit store, websockets, multipart and the OpenAPI document; and the
// one log line each way when the database's LISTEN connection goes and returns.
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { installCsrfGuard } from './csrf.ts';
import { installErrorHandler } from './error-handler.ts';
import { pgRateLimitStore } from './pg-rate-limit-store.ts';
import { serializeSharedAnswersOnce } from './read-cache.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installTextGuard } from './text-guard.ts';
import { fastifyTrustProxy, TRUST_ALL_WARNING } from './trust-proxy.ts';

export async function createPlatform(deps: {
  config: Config;
  database: Database;
  /** The card page's origin: the one frame the CSP admits. */
  cardPageOrigin: string;
  logger?: boolean;
  logStream?: { write: (line: string) => void };
}): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (config.trustProxy.kind === 'all') app.log.warn(TRUST_ALL_WARNING);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeSharedAnswersOnce(serializerCompiler));
  app.decorateRequest('actor', null);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  installErrorHandler(app, { ping: database.ping });
  installCsrfGuard(app, config.publicUrl);
  installTextGuard(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"], // Radix positions popovers with inline styles
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The bank's card page is embedded (spec §7): exactly its origin may be framed, nothing else.
        frameSrc: [deps.cardPageOrigin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  // API answers above 1 KB leave compressed (brotli at a fast level, or gzip); the SPA's files are compressed once at
  // build time and sent as they are (`preCompressed` below). Compressed request bodies are not accepted.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Shed load with a clear 503 before the event loop stalls (issue 11): a request that would wait seconds is told
  // to come back instead.
  if (config.overloadMaxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.overloadMaxEventLoopDelayMs,
      // An interval in which the event loop's histogram took no sample counts as an endless stall (under-pressure
      // reads it as Infinity). With 250 ms intervals, a few server-rendered pages at once (a loop turn of 300 ms)
      // were shed as if the loop had stalled for seconds; an interval as long as the limit keeps "stalled" meaning
      // "stalled past the limit".
      sampleInterval: Math.max(250, config.overloadMaxEventLoopDelayMs),
      retryAfter: 5,
      pressureHandler: async (req, reply) => {
        // Liveness stays answerable: a balancer must not take a busy instance for a dead one.
        if (req.url === '/api/health') return;
        reply.header('retry-after', '5');
        throw new AppError('OVERLOADED', 'The service is very busy right now. Please try again in a few seconds.', 503);
      },
    });
  }
  await app.register(rateLimit, {
    global: false,
    // Counters in PostgreSQL, shared by every instance (sign-in, sign-up, messages, uploads): decision 017.
    store: pgRateLimitStore(db) as never,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  // A message of 2,000 characters sent on the socket (Georgian: 3 bytes each) fits; nothing larger is read.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Influence API',
        version: '1.0.0',
        description: 'Every route, generated from the shared zod contracts.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'influence.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The LISTEN connection's losses and returns, said once each (db/listener.ts reconnects it by itself).
  const unwatch = database.listener?.onChange((change) =>
    change.state === 'down'
      ? app.log.warn(
          { error: change.error },
          'database listener lost: live events, cache invalidations and job wake-ups pause; caches are off until it is back',
        )
      : app.log.info({ downForMs: change.downForMs }, 'database listener restored: sockets resync, caches back on'),
  );
  if (unwatch) app.addHook('onClose', async () => unwatch());
  return app;
}
