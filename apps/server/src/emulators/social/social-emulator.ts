import Fastify from 'fastify';
import type { EmulatedAccount } from '../../integrations/social/emulator-contract.ts';
import { crossSiteWrite } from '../../lib/csrf.ts';
import { controlRoutes } from './emulator-controls.ts';
import { instagramRoutes } from './emulator-instagram.ts';
import { consentRoutes, createOAuthGrants } from './emulator-oauth.ts';
import { createSocialStore } from './emulator-store.ts';
import { tiktokRoutes } from './emulator-tiktok.ts';
import { youtubeRoutes } from './emulator-youtube.ts';

export type SocialEmulatorOptions = {
  /** A JSON file keeping accounts, tokens and faults across restarts; default in memory. */
  storePath?: string;
  /** Accounts to start with when the store is new (default: the demo's, see emulator-seed.ts). */
  accounts?: EmulatedAccount[];
  clock?: () => number;
  logger?: boolean | { level: string };
};

/**
 * YouTube Data API v3 channels.list, TikTok Login Kit + user info, Instagram Login + Graph `me`, served locally
 * (README beside this file). Its own Fastify instance on a loopback port; `/_emulator/…` are its controls. This wires
 * the parts over one store: each platform's routes and the controls live in their own files.
 */
export function createSocialEmulator(o: SocialEmulatorOptions = {}) {
  const now = o.clock ?? Date.now;
  const store = createSocialStore({ storePath: o.storePath, accounts: o.accounts });
  const app = Fastify({ logger: o.logger ?? false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Its controls are unauthenticated and loopback is no defence against a page on any site, open in this machine's
  // browser, posting a form to them: a browser's write must come from the emulator's own pages. /dev/social reaches
  // them server to server (no Origin), as do tests and scripts.
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url?.startsWith('/_emulator/') && crossSiteWrite(req, [])) {
      return reply.code(403).send({ message: 'Cross-site requests to the emulator controls are refused' });
    }
  });

  const grants = createOAuthGrants(store, now);
  youtubeRoutes(store)(app);
  consentRoutes(store, now)(app);
  tiktokRoutes(store, grants)(app);
  instagramRoutes(store, grants)(app);
  controlRoutes(store, now)(app);

  let url = '';
  let publicUrl = '';
  return {
    app,
    get url() {
      return url;
    },
    /** Where browsers reach it (consent pages); listen() sets it, setPublicUrl() overrides (localhost vs 127.0.0.1). */
    get publicUrl() {
      return publicUrl || url;
    },
    setPublicUrl(u: string) {
      publicUrl = u.replace(/\/$/, '');
    },
    get state() {
      return store.state;
    },
    /** Forget everything and start from `accounts` (tests). */
    reset(accounts?: EmulatedAccount[]) {
      store.reset(accounts);
    },
    async listen(l: { port?: number; host?: string } = {}): Promise<string> {
      const host = l.host ?? '127.0.0.1';
      await app.listen({ port: l.port ?? 0, host });
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : l.port;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      return url;
    },
    async close() {
      store.save();
      await app.close();
    },
  };
}
export type SocialEmulator = ReturnType<typeof createSocialEmulator>;
