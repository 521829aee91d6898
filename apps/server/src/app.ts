import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import websocket from '@fastify/websocket';
import { getCookies } from 'better-auth/cookies';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createApplicationsRepository } from './features/applications/applications.repository.ts';
import { applicationsRoutes } from './features/applications/applications.routes.ts';
import { createApplicationsService } from './features/applications/applications.service.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { type Actor, type CachedSession, createAuthService } from './features/auth/auth.service.ts';
import { createBetterAuth } from './features/auth/better-auth.ts';
import { createSessionCache, type SessionCache } from './features/auth/session-cache.ts';
import { createSignInLinks } from './features/auth/sign-in-link.ts';
import { bootstrapRoutes } from './features/bootstrap/bootstrap.routes.ts';
import { createCampaignsRepository } from './features/campaigns/campaigns.repository.ts';
import { campaignsRoutes } from './features/campaigns/campaigns.routes.ts';
import { createCampaignsService } from './features/campaigns/campaigns.service.ts';
import { createCategoriesRepository } from './features/categories/categories.repository.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { createChatsRepository } from './features/chat/chats.repository.ts';
import { chatsRoutes } from './features/chat/chats.routes.ts';
import { createChatsService } from './features/chat/chats.service.ts';
import { createMessagesRepository } from './features/chat/messages.repository.ts';
import { messagesRoutes } from './features/chat/messages.routes.ts';
import { createMessagesService } from './features/chat/messages.service.ts';
import { createOrderNotes } from './features/chat/order-notes.ts';
import { supportRoutes } from './features/chat/support.routes.ts';
import { countUnread } from './features/chat/unread.repository.ts';
import { unreadRoutes } from './features/chat/unread.routes.ts';
import { mailboxRoutes } from './features/dev/mailbox.routes.ts';
import { devSocialRoutes } from './features/dev/social.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createInfluencersRepository } from './features/influencers/influencers.repository.ts';
import { influencersRoutes } from './features/influencers/influencers.routes.ts';
import { createInfluencersService } from './features/influencers/influencers.service.ts';
import { createInvitationsRepository } from './features/invitations/invitations.repository.ts';
import { invitationsRoutes } from './features/invitations/invitations.routes.ts';
import { createInvitationsService } from './features/invitations/invitations.service.ts';
import { createOrderContext } from './features/orders/order-context.ts';
import { createOrderLifecycleRepository } from './features/orders/order-lifecycle.repository.ts';
import { createOrderLifecycle } from './features/orders/order-lifecycle.service.ts';
import { createOrderPaymentOutcomes } from './features/orders/order-payment-outcomes.ts';
import { createOrderTransitionsRepository } from './features/orders/order-transitions.repository.ts';
import { createOrderTransitions } from './features/orders/order-transitions.ts';
import { createOrdersRepository } from './features/orders/orders.repository.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { createOrdersService } from './features/orders/orders.service.ts';
import { type Bank, liveBank, unreachableBank } from './features/payments/bank.ts';
import { createPaymentsRepository } from './features/payments/payments.repository.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { createPayoutsRepository } from './features/payouts/payouts.repository.ts';
import { payoutsRoutes } from './features/payouts/payouts.routes.ts';
import { createPayoutsService } from './features/payouts/payouts.service.ts';
import { createProfilesRepository } from './features/profiles/profiles.repository.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { createProfilesService } from './features/profiles/profiles.service.ts';
import { defineSocialJobs } from './features/social/social.jobs.ts';
import { createSocialRepository } from './features/social/social.repository.ts';
import { socialRoutes } from './features/social/social.routes.ts';
import { createSocialService } from './features/social/social.service.ts';
import { type SocialProviders, socialProviders } from './features/social/social-providers.ts';
import { createYoutubeVerifyBudget } from './features/social/youtube-budget.ts';
import { createMailer, type Mailer } from './integrations/mail/mailer.ts';
import { createTokenBox } from './integrations/social/oauth.ts';
import { createLocalStorage, createPrivateFiles, type Storage } from './integrations/storage/storage.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { AppError } from './lib/app-error.ts';
import { installCsrfGuard } from './lib/csrf.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { createGuards } from './lib/guards.ts';
import { pgRateLimitStore } from './lib/pg-rate-limit-store.ts';
import { hitCounter } from './lib/rate-limit.ts';
import { CHAT_TABLES, createReadCache, type ReadCache, serializeSharedAnswersOnce } from './lib/read-cache.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { installTextGuard } from './lib/text-guard.ts';
import { fastifyTrustProxy, TRUST_ALL_WARNING } from './lib/trust-proxy.ts';
import { registerWebApp } from './lib/web-app.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  logger?: boolean;
  /** Where the log's JSON lines go instead of stdout (tests that read what was logged). */
  logStream?: { write: (line: string) => void };
  /** Features define job handlers and enqueue on it; main.ts starts it, tests call runDue(). Default: one not started. */
  jobs?: JobRunner;
  /** The card provider: the real bank (BOG_*) or an emulator main.ts / the test harness started. */
  bank?: Bank;
  /** The social platforms: real APIs or the emulator main.ts / the test harness started (issue 13). */
  social?: SocialProviders;
  /** The social emulator's address while it stands in for a platform: serves /dev/social (this machine only). */
  socialEmulatorUrl?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Session cookie → person on this instance (features/auth/session-cache.ts); null when SESSION_CACHE_MS=0. */
    sessionCache: SessionCache<CachedSession> | null;
    /** The hot reads' answers on this instance (lib/read-cache.ts); passes through when READ_CACHE_MS=0. */
    readCache: ReadCache;
  }
}

/** Builds the whole server without listening: main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  // main.ts and the test harness start the emulator and pass it; an app built without one (a benchmark) cannot pay.
  const bank = deps.bank ?? (config.bog.mode === 'live' ? liveBank(config.bog) : unreachableBank());
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
        frameSrc: [bank.cardPageOrigin],
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
  await app.register(websocket, { options: { maxPayload: 4096 } });
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
  const jobs = deps.jobs ?? createJobRunner({ db, log: app.log });
  const mailer =
    deps.mailer ??
    createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, resendAfterMs: config.mailResendAfterMs });
  const storage = deps.storage ?? createLocalStorage(config.storageDir);
  const authRepo = createAuthRepository(db);
  const betterAuth = createBetterAuth({ db, config, mailer, repo: authRepo, log: app.log });
  // A signed-in request's session from memory, forgotten on every instance the moment it ends or changes.
  const sessionCache =
    config.sessionCacheMs > 0
      ? createSessionCache<CachedSession>({ ttlMs: config.sessionCacheMs, maxEntries: 50_000 })
      : null;
  if (sessionCache) app.addHook('onClose', await sessionCache.start(database.listen));
  app.decorate('sessionCache', sessionCache);
  // The hottest reads' answers per viewer, forgotten on every instance the moment a table they read changes.
  const reads = createReadCache({ ttlMs: config.readCacheMs, maxEntries: 20_000 });
  if (config.readCacheMs > 0) {
    const send =
      database.engine === 'postgres'
        ? (channel: string, payload: string) => db.execute(sql`select pg_notify(${channel}, ${payload})`)
        : undefined;
    app.addHook('onClose', await reads.start(database.listen, send));
  }
  app.decorate('readCache', reads);
  if (database.engine === 'postgres') {
    // PostgreSQL tells the listener a moment after commit; the writer must read its write at once, so a successful
    // write's answer leaves once its change has reached this instance's cache (PGlite delivers it before the writing
    // statement returns). If the round trip fails, everything is forgotten instead.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) {
        await reads.sync().catch(() => reads.forgetAll());
      }
      return payload;
    });
  }
  const unreadCount = (actor: Actor) =>
    reads.through(`${actor.userId} unread`, CHAT_TABLES, () => countUnread(db, actor));
  const counter = hitCounter(db);
  const auth = createAuthService({
    db,
    auth: betterAuth,
    repo: authRepo,
    secret: config.authSecret,
    mailer,
    // Per address across every instance (the per-address-and-IP limit above is per instance): 10 wrong passwords
    // in 15 minutes pause sign-in to that address for 15 minutes and mail its owner.
    signInLock: { max: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    count: counter,
    links: createSignInLinks({
      db,
      repo: authRepo,
      auth: betterAuth,
      mailer,
      count: counter,
      publicUrl: config.publicUrl,
      now: () => new Date(),
      log: app.log,
    }),
    mailLimits: {
      perRecipient: { max: 5 * config.rateLimitMultiplier, windowMs: 60 * 60_000 },
      changesPerPerson: { max: 5 * config.rateLimitMultiplier, windowMs: 60 * 60_000 },
    },
    sessions: sessionCache
      ? { cache: sessionCache, cookieName: getCookies(betterAuth.options).sessionToken.name }
      : undefined,
  });
  const guards = createGuards(auth);
  const m = config.rateLimitMultiplier;
  const limits = { signIn: 10 * m, signUp: 5 * m, resend: 3 * m, password: 5 * m, avatar: 10 * m };

  await app.register(
    healthRoutes({ ping: database.ping, engine: database.engine, listener: database.listener?.state }),
  );
  await app.register(authRoutes({ auth, guards, limits }));
  await app.register(
    profilesRoutes({
      profiles: createProfilesService({
        repo: createProfilesRepository(db),
        auth,
        storage,
        log: (msg, err) => app.log.warn({ err }, msg),
      }),
      guards,
      avatarUploadsPer10Min: limits.avatar,
    }),
  );
  // Repositories other features take as ports (each feature writes only its own tables).
  const ordersRepo = createOrdersRepository(db);
  const chatsRepo = createChatsRepository(db);
  const invitationsRepo = createInvitationsRepository(db);
  const categoriesRepo = createCategoriesRepository(db);
  await app.register(categoriesRoutes({ repo: categoriesRepo }));
  await app.register(bootstrapRoutes({ auth, categories: categoriesRepo.listActive, unreadCount }));
  await app.register(unreadRoutes({ unreadCount, guards }));
  await app.register(chatsRoutes({ chats: createChatsService({ repo: chatsRepo }), guards, reads }));
  const hub = createRealtimeHub({ db, listen: database.listen, log: app.log });
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  const messages = createMessagesService({
    repo: createMessagesRepository(db),
    db,
    hub,
    // Outside the public /uploads/ root: a chat's files are handed out only to its parties.
    files: createPrivateFiles(join(config.dataDir, 'chat-attachments')),
  });
  await app.register(messagesRoutes({ messages, guards, messagesPerMinute: 60 * m, uploadsPer10Min: 30 * m }));
  await app.register(supportRoutes({ messages, guards }));
  await app.register(
    realtimeRoutes({
      hub,
      messages,
      auth,
      guards,
      publicUrl: config.publicUrl,
      heartbeatMs: config.realtimeHeartbeatMs,
      sessionCookieName: getCookies(betterAuth.options).sessionToken.name,
    }),
  );
  const campaignsRepo = createCampaignsRepository(db);
  const applicationsRepo = createApplicationsRepository(db);
  await app.register(
    campaignsRoutes({
      campaigns: createCampaignsService({ db, repo: campaignsRepo, orders: ordersRepo, chats: chatsRepo }),
      guards,
      reads,
    }),
  );
  await app.register(
    applicationsRoutes({
      applications: createApplicationsService({
        db,
        repo: applicationsRepo,
        orders: ordersRepo,
        chats: chatsRepo,
        invitations: invitationsRepo,
      }),
      guards,
    }),
  );
  await app.register(
    influencersRoutes({
      influencers: createInfluencersService({ repo: createInfluencersRepository(db) }),
      guards,
      reads,
    }),
  );
  await app.register(
    invitationsRoutes({
      invitations: createInvitationsService({ db, repo: invitationsRepo }),
      guards,
    }),
  );
  // The order machine, and what orders make of the bank's news (the port payments requires), before payments.
  const orderParts = {
    db,
    repo: createOrderLifecycleRepository(db),
    machine: createOrderTransitions({
      repo: createOrderTransitionsRepository(),
      campaigns: campaignsRepo,
      clock: jobs.clock,
    }),
    mailer,
    publicUrl: config.publicUrl,
    clock: jobs.clock,
    log: app.log,
    note: createOrderNotes({ hub }),
  };
  const outcomes = createOrderPaymentOutcomes(createOrderContext(orderParts));
  const paymentsRepo = createPaymentsRepository(db);
  const payments = createPaymentsService({
    db,
    repo: paymentsRepo,
    bank,
    outcomes,
    jobs,
    mailer,
    publicUrl: config.publicUrl,
    clock: jobs.clock,
    log: app.log,
    eventRetentionDays: config.paymentEventsRetentionDays,
  });
  const lifecycle = createOrderLifecycle({
    ...orderParts,
    outcomes,
    payments,
    applications: applicationsRepo,
    jobs,
    reviewWindowMs: config.reviewWindowDays * 24 * 60 * 60_000,
  });
  await app.register(paymentsRoutes({ payments, guards, attemptsPerHour: 10 * m }));
  const payouts = createPayoutsService({
    db,
    ledger: paymentsRepo,
    repo: createPayoutsRepository(),
    mailer,
    jobs,
    publicUrl: config.publicUrl,
    commissionBps: config.payoutCommissionBps,
    clock: jobs.clock,
    log: app.log,
  });
  await app.register(payoutsRoutes({ payouts, guards }));
  await app.register(ordersRoutes({ orders: createOrdersService({ repo: ordersRepo }), lifecycle, guards }));
  const social = createSocialService({
    db,
    repo: createSocialRepository(db),
    providers: deps.social ?? socialProviders(config.social, deps.socialEmulatorUrl ?? null),
    tokens: createTokenBox(config.authSecret),
    publicUrl: config.publicUrl,
    jobs,
    clock: jobs.clock,
    youtubeRefreshDailyUnits: config.social.youtubeRefreshDailyUnits,
    youtubeBudget: createYoutubeVerifyBudget({
      count: counter,
      clock: jobs.clock,
      // Not scaled by RATE_LIMIT_MULTIPLIER: they guard a quota that is paid, not the server's own load.
      limits: { perPersonPerDay: 20, perChannelPerDay: 10, dailyUnits: config.social.youtubeVerifyDailyUnits },
    }),
    log: app.log,
  });
  defineSocialJobs(jobs, social, app.log);
  await app.register(socialRoutes({ social, guards, verifyPerMinute: 20 * m }));
  if (config.localMailbox && mailer.kind === 'local') await app.register(mailboxRoutes({ db }));
  if (config.env !== 'production' && deps.socialEmulatorUrl) {
    await app.register(devSocialRoutes({ emulatorUrl: deps.socialEmulatorUrl, publicUrl: config.publicUrl }));
  }

  await app.register(fastifyStatic, {
    root: config.storageDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
    setHeaders: (res) => res.header('x-content-type-options', 'nosniff'),
  });
  await registerWebApp(app, config);
  return app;
}
