import { generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { crossSiteWrite } from '../../lib/csrf.ts';
import { apiRoutes } from './emulator-api.ts';
import { type CallbackDeliver, createCallbackDispatcher, fetchDeliver } from './emulator-callbacks.ts';
import { controlRoutes, createEmulatorControls, type EmulatorControls } from './emulator-controls.ts';
import { createEmulatorCore } from './emulator-core.ts';
import { createFaultSwitches } from './emulator-faults.ts';
import { pageRoutes } from './emulator-page-routes.ts';
import { zoned } from './emulator-receipt.ts';
import { createEmulatorStore, type EmulatorStore } from './emulator-store.ts';
import { createTokenIssuer, type ExpiresInFormat } from './emulator-tokens.ts';

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

/**
 * Bank of Georgia's Payments API, its OAuth token endpoint and its hosted card page, served locally (README beside
 * this file). This wires the parts: the token endpoint (emulator-tokens.ts), the API (emulator-api.ts), the card
 * page (emulator-page-routes.ts) and the controls (emulator-controls.ts) over one store, core and callback dispatcher.
 */
export function createBogEmulator(options: BogEmulatorOptions = {}): BogEmulator {
  const baseClock = options.clock ?? Date.now;
  const store =
    options.store && 'state' in options.store ? options.store : createEmulatorStore({ path: options.store?.path });
  const now = () => baseClock() + store.state.clockOffsetMs;
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';

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

  const faults = createFaultSwitches();
  const tokens = createTokenIssuer({
    store,
    now,
    publicUrl: () => publicUrl,
    privateKeyPem: () => keys().privateKeyPem,
    faults,
    clientId: options.clientId ?? 'emulator-client',
    clientSecret: options.clientSecret ?? 'emulator-secret',
    ttlSeconds: options.tokenTtlSeconds,
    expiresInFormat: options.expiresInFormat,
  });
  const controls = createEmulatorControls({ store, now, core, faults, tokens, dispatcher });

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

    tokens.routes(app);
    apiRoutes({ core, store, now, faults, tokens })(app);
    pageRoutes({ core, publicUrl: () => publicUrl })(app);
    controlRoutes({ controls, dispatcher, publicKeyPem: () => keys().publicKeyPem })(app);
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
      faults.releaseHung();
      await app.close();
    },
  };
}
