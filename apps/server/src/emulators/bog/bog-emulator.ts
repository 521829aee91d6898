import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { z } from 'zod';
import type { BogOperation } from '../../integrations/bog/bog-errors.ts';
import { crossSiteWrite } from '../../lib/csrf.ts';
import {
  type CallbackDeliver,
  type CallbackDelivery,
  type CallbackSwitches,
  createCallbackDispatcher,
  fetchDeliver,
} from './emulator-callbacks.ts';
import { checkCard } from './emulator-cards.ts';
import { type Answer, createEmulatorCore, zoned } from './emulator-core.ts';
import {
  merchantOrigins,
  PAGE_SCRIPT,
  PAGE_STYLE,
  type PageContext,
  type PageLang,
  pageCsp,
  renderCardForm,
  renderNotFound,
  renderResult,
  renderSavedCardConfirm,
  renderThreeDs,
} from './emulator-page.ts';
import { createEmulatorStore, type EmulatedOrder, type EmulatorStore } from './emulator-store.ts';

export type ExpiresInFormat = 'seconds' | 'epoch-seconds' | 'epoch-ms';

/** A fault for the next call(s) of an operation: an error answer, no answer at all, or a revoked token (401). */
export type EmulatorFault =
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'hang'; afterProcessing?: boolean }
  | { kind: 'revoke-token' };

export type BogEmulatorOptions = {
  /** Base URL the emulator is reached at (with the mount prefix, if any); `listen()` fills it in when absent. */
  publicUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** ms since the epoch; advanceClock adds to it. */
  clock?: () => number;
  /** A store to use, or a JSON file path for a persistent one; default in memory. */
  store?: EmulatorStore | { path: string };
  deliver?: CallbackDeliver;
  keyPair?: { privateKeyPem: string; publicKeyPem: string };
  /** Access-token lifetime; default 300 s (Keycloak's default). */
  tokenTtlSeconds?: number;
  /** How `expires_in` is written; default seconds. BOG's docs show an epoch-milliseconds example. */
  expiresInFormat?: ExpiresInFormat;
  /** Waits before callback retries; default [1000, 5000, 15000, 60000] (5 attempts). */
  callbackRetryDelaysMs?: number[];
  /** Accept plain-http callback URLs on any host (the bank requires HTTPS; loopback hosts are always accepted). */
  allowHttpCallbacks?: boolean;
  /** How often time-driven changes (ttl expiry, 30-day hold lapse) are applied; default 5 s. */
  sweepIntervalMs?: number;
  /** Fastify's logger option; default off. Bodies are never logged, so card numbers never are. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Origins whose pages may post to the `/_emulator/…` controls besides the emulator's own (main.ts: the app's
   * PUBLIC_URL). Requests without Origin or Sec-Fetch-Site (tests, scripts, curl) always may.
   */
  controlOrigins?: string[];
};

export type EmulatorControls = {
  now(): number;
  /** Moves the emulator's clock forward and applies what time changes (ttl expiry, lapsed holds). */
  advanceClock(ms: number): void;
  /** Forgets orders, replays, tokens, faults, switches, deliveries and the clock offset (keeps the key pair). */
  reset(): void;
  /** The next `times` calls of `operation` ('any' for every operation, 'token' for the token endpoint) get `fault`. */
  failNext(operation: BogOperation | 'any', fault: EmulatorFault, times?: number): void;
  revokeTokens(): void;
  setTokenOptions(options: { ttlSeconds?: number; expiresInFormat?: ExpiresInFormat }): void;
  callbacks: {
    set(switches: Partial<CallbackSwitches>): CallbackSwitches;
    deliveries(): CallbackDelivery[];
    releaseHeld(): void;
    /** Resolves when no callback is waiting or in flight. */
    settled(): Promise<void>;
  };
  order(id: string): EmulatedOrder | undefined;
  /** The receipt document the API would answer for this order. */
  receipt(id: string): unknown;
};

export type BogEmulator = {
  /** The emulator's own Fastify instance (never the product's: the product's CSP must not apply to the card page). */
  app: FastifyInstance;
  /** The same routes as a plugin, to mount under a prefix of another instance (give publicUrl with that prefix). */
  plugin: FastifyPluginAsync;
  publicKeyPem: string;
  readonly publicUrl: string;
  /** For a plugin mounted on an instance whose address is known only once it listens (tests). */
  setPublicUrl(url: string): void;
  controls: EmulatorControls;
  store: EmulatorStore;
  /** Listens (default 127.0.0.1, an ephemeral port) and returns the URL; sets publicUrl if none was given. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
};

const TOKEN_PATH = '/auth/realms/bog/protocol/openid-connect/token';
const API = '/payments/v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HANG_MAX_MS = 120_000;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

const pageLang = (value: unknown): PageLang | null => (value === 'en' || value === 'ka' ? value : null);

/** The bank reads `Accept-Language: ka|en` (default ka). */
function acceptLanguage(header: string | undefined): 'ka' | 'en' {
  const first = header?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : 'ka';
}

export function createBogEmulator(options: BogEmulatorOptions = {}): BogEmulator {
  const clientId = options.clientId ?? 'emulator-client';
  const clientSecret = options.clientSecret ?? 'emulator-secret';
  const baseClock = options.clock ?? Date.now;
  const store =
    options.store && 'state' in options.store ? options.store : createEmulatorStore({ path: options.store?.path });
  const now = () => baseClock() + store.state.clockOffsetMs;
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  let tokenTtlSeconds = options.tokenTtlSeconds ?? 300;
  let expiresInFormat: ExpiresInFormat = options.expiresInFormat ?? 'seconds';

  if (options.keyPair) store.state.keyPair = options.keyPair;
  if (!store.state.keyPair) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    store.state.keyPair = {
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }
  store.save();
  const keys = () => store.state.keyPair!;

  const dispatcher = createCallbackDispatcher({
    deliver: options.deliver ?? fetchDeliver,
    privateKeyPem: () => keys().privateKeyPem,
    now,
    retryDelaysMs: options.callbackRetryDelaysMs ?? [1000, 5000, 15000, 60000],
  });

  const core = createEmulatorCore({
    store,
    now,
    publicUrl: () => publicUrl,
    allowHttpUrls: options.allowHttpCallbacks ?? false,
    notify(order) {
      const body = JSON.stringify({
        event: 'order_payment',
        zoned_request_time: zoned(now()),
        body: core.receiptOf(order),
      });
      dispatcher.enqueue(order.callbackUrl, body, { orderId: order.id, orderStatus: order.status });
    },
  });

  let faults: { operation: BogOperation | 'any'; fault: EmulatorFault; remaining: number }[] = [];
  const takeFault = (operation: BogOperation): EmulatorFault | null => {
    const entry = faults.find((f) => f.remaining > 0 && (f.operation === operation || f.operation === 'any'));
    if (!entry) return null;
    entry.remaining--;
    faults = faults.filter((f) => f.remaining > 0);
    return entry.fault;
  };

  const hung = new Set<Socket>();
  /** Leaves the request unanswered until the client gives up (or a couple of minutes pass). */
  async function hang(req: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    const socket = req.raw.socket;
    hung.add(socket);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => socket.destroy(), HANG_MAX_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        hung.delete(socket);
        resolve();
      });
    });
  }

  function sendFault(fault: EmulatorFault & { kind: 'status' }, reply: FastifyReply) {
    const body = fault.body ?? JSON.stringify({ message: 'Service temporarily unavailable' });
    const type = fault.contentType ?? (fault.body === undefined ? 'application/json' : 'text/plain; charset=utf-8');
    return reply.code(fault.status).type(type).send(body);
  }

  const bearer = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

  function issueToken(): { token: string; expiresAt: number } {
    const issuedAt = now();
    const expiresAt = issuedAt + tokenTtlSeconds * 1000;
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({
        iss: `${publicUrl}/auth/realms/bog`,
        sub: clientId,
        azp: clientId,
        typ: 'Bearer',
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(expiresAt / 1000),
        jti: randomUUID(),
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(keys().privateKeyPem, 'base64url');
    const token = `${header}.${payload}.${signature}`;
    const tokens = store.state.tokens;
    for (const [t, exp] of Object.entries(tokens)) if (exp <= issuedAt) delete tokens[t];
    tokens[token] = expiresAt;
    store.save();
    return { token, expiresAt };
  }

  const send = (reply: FastifyReply, status: number, body: string | null) =>
    body === null ? reply.code(status).send() : reply.code(status).type('application/json').send(body);

  /**
   * One API route: token check (401), injected faults, Idempotency-Key replay (the first status and body, nothing
   * done again), then the operation; its answer is remembered under the key.
   */
  function api(operation: BogOperation, handler: (req: FastifyRequest) => Answer) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearer(req);
      const expiresAt = token ? store.state.tokens[token] : undefined;
      if (!token || expiresAt === undefined || expiresAt <= now()) {
        return send(reply, 401, JSON.stringify({ error: 'invalid_token', error_description: 'Token is not active' }));
      }
      const fault = takeFault(operation);
      if (fault?.kind === 'revoke-token') {
        delete store.state.tokens[token];
        store.save();
        return send(reply, 401, JSON.stringify({ error: 'invalid_token', error_description: 'Token is not active' }));
      }
      if (fault?.kind === 'status') return sendFault(fault, reply);
      if (fault?.kind === 'hang' && !fault.afterProcessing) return hang(req, reply);

      core.sweep();
      const key = req.headers['idempotency-key'];
      let replayKey: string | null = null;
      if (typeof key === 'string') {
        if (!UUID.test(key)) return send(reply, 400, JSON.stringify({ message: 'Idempotency-Key must be a UUID v4' }));
        replayKey = `${req.method} ${req.url.split('?')[0]} ${key}`;
        const replay = store.state.replays[replayKey];
        if (replay) return send(reply, replay.status, replay.body);
      }
      const answer = handler(req);
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      if (replayKey) {
        store.state.replays[replayKey] = { status: answer.status, body, at: now() };
        store.save();
      }
      if (fault?.kind === 'hang') return hang(req, reply);
      return send(reply, answer.status, body);
    };
  }

  const pageHeaders = (reply: FastifyReply, order: EmulatedOrder | undefined) =>
    reply
      .header('content-security-policy', pageCsp(merchantOrigins(order)))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');

  type PageInput = { order_id?: string; lang?: string; embedded?: string };
  const pageContext = (req: FastifyRequest, input: PageInput, order: EmulatedOrder): PageContext => ({
    order,
    lang: pageLang(input.lang) ?? order.lang,
    embedded: input.embedded === '1' || req.headers['sec-fetch-dest'] === 'iframe',
    base: publicUrl,
  });
  const query = (ctx: PageContext, override: PageLang | null) =>
    `order_id=${encodeURIComponent(ctx.order.id)}${ctx.embedded ? '&embedded=1' : ''}${override ? `&lang=${override}` : ''}`;

  /** Where the customer goes once the payment is decided: the merchant's page, or (in an iframe) the result view. */
  function finish(reply: FastifyReply, ctx: PageContext, override: PageLang | null) {
    const o = ctx.order;
    const paid = o.status === 'completed' || o.status === 'blocked';
    const merchant = paid ? o.redirectUrls?.success : o.redirectUrls?.fail;
    if (!ctx.embedded && merchant) return reply.redirect(merchant, 303);
    return reply.redirect(`${publicUrl}/payment/result?${query(ctx, override)}`, 303);
  }

  /** The page for an order in its current state. */
  function showOrder(reply: FastifyReply, ctx: PageContext, override: PageLang | null, status = 200) {
    const o = ctx.order;
    pageHeaders(reply, o).code(status);
    if (core.awaitingThreeDs(o)) return reply.send(renderThreeDs(ctx, override));
    if (o.status !== 'created') return reply.send(renderResult(ctx));
    if (o.parentOrderId) return reply.send(renderSavedCardConfirm(ctx, override));
    return reply.send(renderCardForm(ctx, { langOverride: override }));
  }

  const notFound = (reply: FastifyReply, lang: PageLang | null) =>
    pageHeaders(reply, undefined)
      .code(404)
      .send(renderNotFound(lang ?? 'ka', publicUrl));

  const controlSchemas = {
    clock: z.object({
      advanceMs: z.coerce.number().int().nonnegative().optional(),
      advanceDays: z.coerce.number().nonnegative().optional(),
    }),
    fault: z.object({
      operation: z.enum([
        'token',
        'create_order',
        'saved_card_order',
        'save_card',
        'delete_card',
        'approve',
        'cancel',
        'refund',
        'receipt',
        'any',
      ]),
      times: z.coerce.number().int().positive().default(1),
      kind: z.enum(['status', 'hang', 'revoke-token']),
      status: z.coerce.number().int().min(400).max(599).default(503),
      body: z.string().optional(),
      contentType: z.string().optional(),
      afterProcessing: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
    }),
    callbacks: z.object({
      delayMs: z.coerce.number().int().nonnegative().optional(),
      failNext: z.coerce.number().int().nonnegative().optional(),
      failStatus: z.coerce.number().int().min(400).max(599).optional(),
      dropNext: z.coerce.number().int().nonnegative().optional(),
      duplicateNext: z.coerce.number().int().nonnegative().optional(),
      reorderNext: z.coerce.number().int().nonnegative().optional(),
    }),
    tokens: z.object({
      ttlSeconds: z.coerce.number().int().positive().optional(),
      expiresInFormat: z.enum(['seconds', 'epoch-seconds', 'epoch-ms']).optional(),
      revokeAll: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
    }),
  };

  const controls: EmulatorControls = {
    now,
    advanceClock(ms) {
      store.state.clockOffsetMs += ms;
      store.save();
      core.sweep();
    },
    reset() {
      store.reset();
      faults = [];
      dispatcher.reset();
      tokenTtlSeconds = options.tokenTtlSeconds ?? 300;
      expiresInFormat = options.expiresInFormat ?? 'seconds';
    },
    failNext(operation, fault, times = 1) {
      faults.push({ operation, fault, remaining: times });
    },
    revokeTokens() {
      store.state.tokens = {};
      store.save();
    },
    setTokenOptions(o) {
      if (o.ttlSeconds !== undefined) tokenTtlSeconds = o.ttlSeconds;
      if (o.expiresInFormat !== undefined) expiresInFormat = o.expiresInFormat;
    },
    callbacks: {
      set: (s) => dispatcher.set(s),
      deliveries: () => dispatcher.deliveries(),
      releaseHeld: () => dispatcher.releaseHeld(),
      settled: () => dispatcher.settled(),
    },
    order: (id) => core.order(id),
    receipt: (id) => {
      const order = core.order(id);
      return order ? core.receiptOf(order) : undefined;
    },
  };

  const plugin: FastifyPluginAsync = async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16_384 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    // The controls are unauthenticated and loopback is no defence against a page on any site, open in this machine's
    // browser, posting a form to them (README: "Fault switches").
    app.addHook('onRequest', async (req, reply) => {
      if (!req.routeOptions.url?.includes('/_emulator/')) return;
      if (crossSiteWrite(req, [publicUrl, ...(options.controlOrigins ?? [])])) {
        return reply
          .code(403)
          .type('application/json')
          .send({ message: 'Cross-site requests to the emulator controls are refused' });
      }
    });
    // Errors the framework raises (bad JSON, wrong content type) answer like the bank's: a status and a message.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      return reply
        .code(status)
        .type('application/json')
        .send({ message: status === 500 ? 'Internal error' : error.message });
    });

    // OAuth (Keycloak-style answers).
    app.post(TOKEN_PATH, async (req, reply) => {
      const fault = takeFault('token');
      if (fault?.kind === 'status') return sendFault(fault, reply);
      if (fault?.kind === 'hang') return hang(req, reply);
      const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
      const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      let id = form.client_id;
      let secret = form.client_secret;
      if (basic) {
        const decoded = Buffer.from(basic, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        id = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      }
      const oauthError = (status: number, error: string, description: string) =>
        reply.code(status).type('application/json').send({ error, error_description: description });
      if (!form.grant_type) return oauthError(400, 'invalid_request', 'Missing form parameter: grant_type');
      if (id !== clientId || secret !== clientSecret) {
        return oauthError(401, 'invalid_client', 'Invalid client or Invalid client credentials');
      }
      if (form.grant_type !== 'client_credentials')
        return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
      const { token, expiresAt } = issueToken();
      const expiresIn =
        expiresInFormat === 'epoch-ms'
          ? expiresAt
          : expiresInFormat === 'epoch-seconds'
            ? Math.floor(expiresAt / 1000)
            : tokenTtlSeconds;
      return reply.type('application/json').send({ access_token: token, token_type: 'Bearer', expires_in: expiresIn });
    });

    // The Payments API.
    const page = (req: FastifyRequest) => ({
      lang: acceptLanguage(req.headers['accept-language']),
      theme: req.headers.theme === 'dark' ? ('dark' as const) : ('light' as const),
    });
    type Id = { Params: { id: string } };
    app.post(
      `${API}/ecommerce/orders`,
      api('create_order', (req) => core.createOrder(req.body, page(req))),
    );
    app.post<Id>(
      `${API}/ecommerce/orders/:id`,
      api('saved_card_order', (req) =>
        core.createSavedCardOrder((req.params as { id: string }).id, req.body, page(req)),
      ),
    );
    app.put<Id>(
      `${API}/orders/:id/cards`,
      api('save_card', (req) => core.saveCard((req.params as { id: string }).id)),
    );
    app.delete<Id>(
      `${API}/charges/card/:id`,
      api('delete_card', (req) => core.deleteCard((req.params as { id: string }).id)),
    );
    app.post<Id>(
      `${API}/payment/authorization/approve/:id`,
      api('approve', (req) => core.approve((req.params as { id: string }).id, req.body)),
    );
    app.post<Id>(
      `${API}/payment/authorization/cancel/:id`,
      api('cancel', (req) => core.cancel((req.params as { id: string }).id, req.body)),
    );
    app.post<Id>(
      `${API}/payment/refund/:id`,
      api('refund', (req) => core.refund((req.params as { id: string }).id, req.body)),
    );
    app.get<Id>(
      `${API}/receipt/:id`,
      api('receipt', (req) => core.receipt((req.params as { id: string }).id)),
    );

    // The hosted card page.
    app.get('/payment/assets/page.js', async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_SCRIPT),
    );
    app.get('/payment/assets/page.css', async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_STYLE),
    );
    app.get<{ Querystring: PageInput }>('/payment/', async (req, reply) => {
      core.sweep();
      const order = core.order(req.query.order_id ?? '');
      const override = pageLang(req.query.lang);
      if (!order) return notFound(reply, override);
      return showOrder(reply, pageContext(req, req.query, order), override);
    });
    app.get<{ Querystring: PageInput }>('/payment/result', async (req, reply) => {
      const order = core.order(req.query.order_id ?? '');
      if (!order) return notFound(reply, pageLang(req.query.lang));
      return pageHeaders(reply, order).send(renderResult(pageContext(req, req.query, order)));
    });
    type CardForm = PageInput & { card_number?: string; expiry?: string; cvc?: string };
    app.post<{ Body: CardForm }>('/payment/pay', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (order.status !== 'created' || order.parentOrderId) return showOrder(reply, ctx, override, 409);
      const checked = checkCard({ number: input.card_number ?? '', expiry: input.expiry ?? '', cvc: input.cvc ?? '' });
      if (!checked.ok) {
        return pageHeaders(reply, order)
          .code(400)
          .send(renderCardForm(ctx, { langOverride: override, problems: checked.problems, expiry: input.expiry }));
      }
      const step = core.payWithCard(order, checked.card);
      if (step === 'three_ds') return reply.redirect(`${publicUrl}/payment/?${query(ctx, override)}`, 303);
      return finish(reply, ctx, override);
    });
    app.post<{ Body: PageInput }>('/payment/confirm', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (order.status !== 'created' || !order.parentOrderId) return showOrder(reply, ctx, override, 409);
      const step = core.confirmSavedCard(order);
      if (step === 'three_ds') return reply.redirect(`${publicUrl}/payment/?${query(ctx, override)}`, 303);
      return finish(reply, ctx, override);
    });
    app.post<{ Body: PageInput & { outcome?: string } }>('/payment/3ds', async (req, reply) => {
      core.sweep();
      const input = req.body ?? {};
      const order = core.order(input.order_id ?? '');
      const override = pageLang(input.lang);
      if (!order) return notFound(reply, override);
      const ctx = pageContext(req, input, order);
      if (!core.awaitingThreeDs(order)) return showOrder(reply, ctx, override, 409);
      core.finishThreeDs(order, input.outcome === 'complete');
      return finish(reply, ctx, override);
    });

    // Controls for tests and people trying the demo.
    const parse = <T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null => {
      const result = schema.safeParse(body ?? {});
      if (result.success) return result.data;
      reply.code(400).send({ message: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      return null;
    };
    app.get('/_emulator/public-key', async (_req, reply) =>
      reply.type('application/x-pem-file; charset=utf-8').send(keys().publicKeyPem),
    );
    app.post('/_emulator/reset', async (_req, reply) => {
      controls.reset();
      return reply.code(204).send();
    });
    app.post('/_emulator/clock', async (req, reply) => {
      const body = parse(controlSchemas.clock, req.body, reply);
      if (!body) return reply;
      controls.advanceClock((body.advanceMs ?? 0) + Math.round((body.advanceDays ?? 0) * 86_400_000));
      return { now: new Date(now()).toISOString() };
    });
    app.post('/_emulator/faults', async (req, reply) => {
      const body = parse(controlSchemas.fault, req.body, reply);
      if (!body) return reply;
      const fault: EmulatorFault =
        body.kind === 'status'
          ? { kind: 'status', status: body.status, body: body.body, contentType: body.contentType }
          : body.kind === 'hang'
            ? { kind: 'hang', afterProcessing: body.afterProcessing ?? false }
            : { kind: 'revoke-token' };
      controls.failNext(body.operation, fault, body.times);
      return reply.code(204).send();
    });
    app.get('/_emulator/callbacks', async () => ({
      switches: dispatcher.switches(),
      deliveries: dispatcher.deliveries(),
    }));
    app.post('/_emulator/callbacks', async (req, reply) => {
      const body = parse(controlSchemas.callbacks, req.body, reply);
      if (!body) return reply;
      return { switches: dispatcher.set(body) };
    });
    app.post('/_emulator/tokens', async (req, reply) => {
      const body = parse(controlSchemas.tokens, req.body, reply);
      if (!body) return reply;
      controls.setTokenOptions(body);
      if (body.revokeAll) controls.revokeTokens();
      return reply.code(204).send();
    });
    app.get<Id>('/_emulator/orders/:id', async (req, reply) => {
      const receipt = controls.receipt(req.params.id);
      return receipt ? receipt : reply.code(404).send({ message: 'Invalid order_id' });
    });
  };

  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
  });
  app.register(plugin);

  const sweeper = setInterval(() => core.sweep(), options.sweepIntervalMs ?? 5_000);
  sweeper.unref();

  return {
    app,
    plugin,
    get publicKeyPem() {
      return keys().publicKeyPem;
    },
    get publicUrl() {
      return publicUrl;
    },
    setPublicUrl(url) {
      publicUrl = url.replace(/\/+$/, '');
    },
    controls,
    store,
    async listen(o = {}) {
      const host = o.host ?? '127.0.0.1';
      await app.listen({ port: o.port ?? 0, host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : o.port;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      if (!publicUrl) publicUrl = url;
      return url;
    },
    async close() {
      clearInterval(sweeper);
      dispatcher.reset();
      for (const socket of hung) socket.destroy();
      await app.close();
    },
  };
}
