// The OAuth side TikTok and Instagram share: their consent screens (a person "signs in" by typing a username), the
// authorization codes they hand out, and the tokens their token endpoints issue and their APIs accept.
import type { FastifyInstance } from 'fastify';
import { SOCIAL_EMULATOR_CREDENTIALS } from '../../integrations/social/emulator-contract.ts';
import { type PkceEncoding, pkceChallenge } from '../../integrations/social/oauth.ts';
import { escapeHtml } from '../../lib/html.ts';
import { randomId } from './emulator-answers.ts';
import { bareUsername, newAccount } from './emulator-seed.ts';
import type { Grant, OAuthPlatform, SocialStore, Token } from './emulator-store.ts';

const NAME = { tiktok: 'TikTok', instagram: 'Instagram' } as const;
const PKCE_ENCODING: Record<OAuthPlatform, PkceEncoding> = { tiktok: 'hex', instagram: 'base64url' };

const AUTH = {
  tiktok: {
    path: '/tiktok/v2/auth/authorize/',
    clientParam: 'client_key',
    client: SOCIAL_EMULATOR_CREDENTIALS.tiktokClientKey,
  },
  instagram: {
    path: '/instagram/oauth/authorize',
    clientParam: 'client_id',
    client: SOCIAL_EMULATOR_CREDENTIALS.instagramAppId,
  },
} as const;

export type OAuthGrants = ReturnType<typeof createOAuthGrants>;

/** Codes and tokens over the store, on the emulator's clock. */
export function createOAuthGrants(store: SocialStore, now: () => number) {
  return {
    /** Redeems a grant: right client, same redirect_uri, unused, not expired, PKCE verifier matching the challenge. */
    redeem(platform: OAuthPlatform, f: Record<string, string | undefined>, client: string): Grant | string {
      const state = store.state;
      const g = f.code ? state.grants[f.code] : undefined;
      if (!g || g.platform !== platform) return 'Authorization code is expired or invalid.';
      delete state.grants[f.code!]; // one use, even when refused below
      if (g.expiresAt < now()) return 'Authorization code is expired.';
      if (g.clientId !== client) return 'Authorization code was issued to another client.';
      if (g.redirectUri !== f.redirect_uri) return 'redirect_uri does not match.';
      if (g.challenge) {
        // Each platform's documented encoding of S256: TikTok hex (Login Kit for Desktop), Instagram base64url.
        const v = f.code_verifier ?? '';
        if (!/^[A-Za-z0-9._~-]{43,128}$/.test(v) || pkceChallenge(v, PKCE_ENCODING[platform]) !== g.challenge)
          return 'Code verifier or code challenge is invalid.';
      }
      return g;
    },
    issue(platform: OAuthPlatform, accountId: string, kind: Token['kind'], ttlMs: number): string {
      const t = `${kind === 'refresh' ? 'rft' : 'act'}.${randomId()}${randomId()}`;
      store.state.tokens[t] = { platform, accountId, kind, expiresAt: now() + ttlMs, issuedAt: now() };
      return t;
    },
    /** How long ago a token was issued. */
    age: (tok: Token) => now() - (tok.issuedAt ?? 0),
    live(t: string | undefined, platform: OAuthPlatform, kind: Token['kind']): Token | null {
      const tok = t ? store.state.tokens[t] : undefined;
      return tok && tok.platform === platform && tok.kind === kind && tok.expiresAt > now() ? tok : null;
    },
  };
}

function authorizeProblem(platform: OAuthPlatform, q: Record<string, string | undefined>): string | null {
  const a = AUTH[platform];
  if (q[a.clientParam] !== a.client) return `Unknown ${a.clientParam}`;
  if (q.response_type !== 'code') return 'response_type must be code';
  if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return 'redirect_uri is required';
  if (platform === 'tiktok' && (!q.code_challenge || q.code_challenge_method !== 'S256'))
    return 'code_challenge with code_challenge_method S256 is required';
  // TikTok's challenge is SHA-256 in hex: 64 hex digits, never base64url's 43 characters.
  if (platform === 'tiktok' && !/^[0-9a-f]{64}$/.test(q.code_challenge ?? ''))
    return 'code_challenge must be the hex-encoded SHA-256 of the code_verifier';
  return null;
}

/** The consent screens: GET shows the form, POST (Authorize or Cancel) goes back to redirect_uri with a code or an error. */
export function consentRoutes(store: SocialStore, now: () => number) {
  return (app: FastifyInstance) => {
    for (const platform of ['tiktok', 'instagram'] as const) {
      const a = AUTH[platform];
      app.get(a.path, async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        const problem = authorizeProblem(platform, q);
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *");
        if (problem)
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(page(`${NAME[platform]}: error`, `<p role="alert">${escapeHtml(problem)}</p>`));
        const names = store.state.accounts.filter((x) => x.platform === platform).map((x) => x.username);
        const hidden = Object.entries(q)
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v ?? '')}">`)
          .join('');
        return reply.type('text/html; charset=utf-8').send(
          page(
            `Log in to ${NAME[platform]}`,
            `<p class="lead"><strong>Influence</strong> would like to read your profile: username, ${platform === 'tiktok' ? 'bio, follower and video counts' : 'biography, followers and media count'}.</p>
<form method="post" action="${a.path}">${hidden}
<label for="username">Sign in as (${NAME[platform]} username)</label>
<input id="username" name="username" list="known" autocomplete="off" required>
<datalist id="known">${names.map((n) => `<option value="${escapeHtml(n)}">`).join('')}</datalist>
<p class="hint">A username this emulator does not know yet is created on the spot.</p>
<div class="row"><button type="submit" name="decision" value="allow">Authorize</button><button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Cancel</button></div>
</form>`,
          ),
        );
      });
      app.post(a.path, async (req, reply) => {
        const f = (req.body ?? {}) as Record<string, string | undefined>;
        const problem = authorizeProblem(platform, f);
        if (problem)
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(page('Error', `<p role="alert">${escapeHtml(problem)}</p>`));
        const back = new URL(f.redirect_uri!);
        if (f.state !== undefined) back.searchParams.set('state', f.state);
        if (f.decision !== 'allow') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user denied the request');
          return reply.redirect(back.toString(), 302);
        }
        const username = bareUsername(f.username ?? '');
        if (!/^[a-z0-9._-]{1,60}$/.test(username))
          return reply.code(400).send('A username of letters, digits, dots, dashes');
        let account = store.byKey(platform, username);
        if (!account) {
          account = newAccount(platform, username, { title: username, followers: 1_000, videos: 10 });
          store.state.accounts.push(account);
        }
        const code = `${platform === 'tiktok' ? 'tt' : 'ig'}_code_${randomId()}`;
        store.state.grants[code] = {
          platform,
          accountId: account.id,
          clientId: f[a.clientParam]!,
          redirectUri: f.redirect_uri!,
          challenge: f.code_challenge ?? null,
          expiresAt: now() + 10 * 60_000,
        };
        store.save();
        back.searchParams.set('code', code);
        if (platform === 'tiktok') back.searchParams.set('scopes', f.scope ?? '');
        return reply.redirect(back.toString(), 302);
      });
    }
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · emulator</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}main{max-width:420px;margin:32px auto;box-sizing:border-box;background:#fff;border-radius:16px;padding:24px;border:1px solid #e2e8f0}h1{font-size:22px;margin:0 0 8px}.lead,.hint{color:#475569}label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #94a3b8;border-radius:10px}.row{display:flex;gap:8px;margin-top:16px}button{font:inherit;padding:10px 16px;border-radius:10px;border:0;background:#4338ca;color:#fff;cursor:pointer}button.secondary{background:#e2e8f0;color:#0f172a}.tag{font-size:12px;color:#475569}@media(max-width:460px){main{margin:16px}}</style></head>
<body><main><p class="tag">Local emulator, not the real platform</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
