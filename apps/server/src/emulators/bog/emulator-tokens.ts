// The OAuth token endpoint (Keycloak-style answers) and the tokens it issued: RS256 JWTs, live on the emulator's clock.
import { createSign, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultSwitches } from './emulator-faults.ts';
import type { EmulatorStore } from './emulator-store.ts';

export type ExpiresInFormat = 'seconds' | 'epoch-seconds' | 'epoch-ms';

export const TOKEN_PATH = '/auth/realms/bog/protocol/openid-connect/token';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;

export function createTokenIssuer(deps: {
  store: EmulatorStore;
  now: () => number;
  publicUrl: () => string;
  privateKeyPem: () => string;
  faults: FaultSwitches;
  clientId: string;
  clientSecret: string;
  /** Access-token lifetime; default 300 s (Keycloak's default). */
  ttlSeconds?: number;
  /** How `expires_in` is written; default seconds. */
  expiresInFormat?: ExpiresInFormat;
}) {
  const { store, now, faults, clientId, clientSecret } = deps;
  let ttlSeconds = deps.ttlSeconds ?? 300;
  let expiresInFormat: ExpiresInFormat = deps.expiresInFormat ?? 'seconds';

  function issue(): { token: string; expiresAt: number } {
    const issuedAt = now();
    const expiresAt = issuedAt + ttlSeconds * 1000;
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({
        iss: `${deps.publicUrl()}/auth/realms/bog`,
        sub: clientId,
        azp: clientId,
        typ: 'Bearer',
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(expiresAt / 1000),
        jti: randomUUID(),
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(deps.privateKeyPem(), 'base64url');
    const token = `${header}.${payload}.${signature}`;
    const tokens = store.state.tokens;
    for (const [t, exp] of Object.entries(tokens)) if (exp <= issuedAt) delete tokens[t];
    tokens[token] = expiresAt;
    store.save();
    return { token, expiresAt };
  }

  return {
    /** The request's bearer token when it is one we issued and it has not expired; otherwise null. */
    live(req: FastifyRequest): string | null {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const expiresAt = token ? store.state.tokens[token] : undefined;
      return token && expiresAt !== undefined && expiresAt > now() ? token : null;
    },

    revoke(token: string) {
      delete store.state.tokens[token];
      store.save();
    },

    revokeAll() {
      store.state.tokens = {};
      store.save();
    },

    setOptions(o: { ttlSeconds?: number; expiresInFormat?: ExpiresInFormat }) {
      if (o.ttlSeconds !== undefined) ttlSeconds = o.ttlSeconds;
      if (o.expiresInFormat !== undefined) expiresInFormat = o.expiresInFormat;
    },

    /** Back to the lifetime and format the emulator was made with. */
    reset() {
      ttlSeconds = deps.ttlSeconds ?? 300;
      expiresInFormat = deps.expiresInFormat ?? 'seconds';
    },

    /** POST TOKEN_PATH: client credentials by Basic auth or in the form. */
    routes(app: FastifyInstance) {
      app.post(TOKEN_PATH, async (req, reply) => {
        const fault = faults.take('token');
        if (fault?.kind === 'status') return faults.send(fault, reply);
        if (fault?.kind === 'hang') return faults.hang(req, reply);
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
        const { token, expiresAt } = issue();
        const expiresIn =
          expiresInFormat === 'epoch-ms'
            ? expiresAt
            : expiresInFormat === 'epoch-seconds'
              ? Math.floor(expiresAt / 1000)
              : ttlSeconds;
        return reply
          .type('application/json')
          .send({ access_token: token, token_type: 'Bearer', expires_in: expiresIn });
      });
    },
  };
}
