import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { crossSiteWrite } from '../../lib/csrf.ts';
import { escapeHtml } from '../../lib/html.ts';
import {
  bareUsername,
  defaultAccounts,
  type EmulatedAccount,
  type EmulatedPlatform,
  newAccount,
} from './emulator-seed.ts';

/** The credentials the emulator accepts (and the server uses while no real ones are configured). */
export const SOCIAL_EMULATOR_CREDENTIALS = {
  youtubeApiKey: 'emulator-youtube-key',
  tiktokClientKey: 'emulator-tiktok-key',
  tiktokClientSecret: 'emulator-tiktok-secret',
  instagramAppId: 'emulator-instagram-app',
  instagramAppSecret: 'emulator-instagram-secret',
} as const;

type Grant = {
  platform: 'tiktok' | 'instagram';
  accountId: string;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
};
type Token = {
  platform: 'tiktok' | 'instagram';
  accountId: string;
  kind: 'access' | 'refresh' | 'short';
  expiresAt: number;
};
export type SocialFaults = {
  /** YouTube answers 403 quotaExceeded. */
  youtubeQuota: boolean;
  /** These platforms answer 503. */
  unavailable: EmulatedPlatform[];
  /** These platforms answer 429 (TikTok: rate_limit_exceeded, Instagram: code 4). */
  rateLimited: EmulatedPlatform[];
  /** Every API answer waits this long. */
  slowMs: number;
};
type State = {
  version: 1;
  accounts: EmulatedAccount[];
  grants: Record<string, Grant>;
  tokens: Record<string, Token>;
  faults: SocialFaults;
  /** YouTube quota units used (each channels.list call is one). */
  quotaUsed: number;
};

const NO_FAULTS: SocialFaults = { youtubeQuota: false, unavailable: [], rateLimited: [], slowMs: 0 };
const HOUR = 3_600_000;

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
 * (README beside this file). Its own Fastify instance on a loopback port; `/_emulator/…` are its controls.
 */
export function createSocialEmulator(o: SocialEmulatorOptions = {}) {
  const now = o.clock ?? Date.now;
  let state: State = load();
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

  function load(): State {
    if (o.storePath && existsSync(o.storePath)) {
      const s = JSON.parse(readFileSync(o.storePath, 'utf8')) as State;
      return { ...s, faults: { ...NO_FAULTS, ...s.faults } };
    }
    return {
      version: 1,
      accounts: o.accounts ?? defaultAccounts(),
      grants: {},
      tokens: {},
      faults: { ...NO_FAULTS },
      quotaUsed: 0,
    };
  }
  function save() {
    if (!o.storePath) return;
    mkdirSync(dirname(o.storePath), { recursive: true });
    const tmp = `${o.storePath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, o.storePath);
  }

  const find = (platform: EmulatedPlatform, pred: (a: EmulatedAccount) => boolean) =>
    state.accounts.find((a) => a.platform === platform && pred(a));
  const byKey = (platform: EmulatedPlatform, key: string) =>
    find(platform, (a) => a.id === key || a.username === bareUsername(key));

  async function faultGate(platform: EmulatedPlatform, reply: FastifyReply): Promise<boolean> {
    if (state.faults.slowMs) await new Promise((r) => setTimeout(r, state.faults.slowMs));
    if (state.faults.unavailable.includes(platform)) {
      reply
        .code(503)
        .send(platform === 'youtube' ? googleError(503, 'backendError', 'Backend Error') : { error: 'unavailable' });
      return true;
    }
    if (state.faults.rateLimited.includes(platform)) {
      if (platform === 'tiktok')
        reply
          .code(429)
          .send({ data: {}, error: { code: 'rate_limit_exceeded', message: 'Too many requests', log_id: id() } });
      else if (platform === 'instagram')
        reply
          .code(429)
          .send({ error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } });
      else reply.code(403).send(googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded'));
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- YouTube Data API v3
  app.get('/youtube/v3/channels', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (await faultGate('youtube', reply)) return;
    state.quotaUsed++; // invalid requests cost a unit too
    if (q.key !== SOCIAL_EMULATOR_CREDENTIALS.youtubeApiKey) {
      return reply.code(400).send(googleError(400, 'badRequest', 'API key not valid. Please pass a valid API key.'));
    }
    if (state.faults.youtubeQuota) {
      return reply
        .code(403)
        .send(
          googleError(
            403,
            'quotaExceeded',
            'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
            'youtube.quota',
          ),
        );
    }
    if (!q.part) return reply.code(400).send(googleError(400, 'missingRequiredParameter', 'No filter selected.'));
    const filters = ['forHandle', 'id', 'forUsername', 'mine'].filter((f) => q[f] !== undefined);
    if (filters.length !== 1) {
      return reply.code(400).send(googleError(400, 'incompatibleParameters', 'Exactly one filter must be given.'));
    }
    let items: EmulatedAccount[] = [];
    if (q.forHandle) {
      const h = bareUsername(q.forHandle);
      items = state.accounts.filter((a) => a.platform === 'youtube' && a.username === h);
    } else if (q.id) {
      const ids = q.id.split(',');
      items = state.accounts.filter((a) => a.platform === 'youtube' && ids.includes(a.id));
    } else if (q.forUsername) {
      const u = q.forUsername.toLowerCase();
      items = state.accounts.filter((a) => a.platform === 'youtube' && a.legacyUsername?.toLowerCase() === u);
    }
    save();
    const body: Record<string, unknown> = {
      kind: 'youtube#channelListResponse',
      etag: id(),
      pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    };
    // As Google does: no `items` at all when nothing matched a handle.
    if (items.length) {
      body.items = items.map((a) => ({
        kind: 'youtube#channel',
        etag: id(),
        id: a.id,
        snippet: {
          title: a.title,
          description: a.bio,
          customUrl: `@${a.username}`,
          publishedAt: '2019-03-01T10:00:00Z',
          thumbnails: a.avatarUrl
            ? {
                default: { url: a.avatarUrl, width: 88, height: 88 },
                medium: { url: a.avatarUrl, width: 240, height: 240 },
              }
            : {},
        },
        statistics: {
          viewCount: String(a.followers * 37),
          // Counts are strings; hidden subscriber counts are left out.
          ...(a.hiddenFollowers ? {} : { subscriberCount: String(roundYoutube(a.followers)) }),
          hiddenSubscriberCount: a.hiddenFollowers,
          videoCount: String(a.videos),
        },
      }));
    }
    return body;
  });

  // ---------------------------------------------------------------- OAuth consent screens (TikTok, Instagram)
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
      const names = state.accounts.filter((x) => x.platform === platform).map((x) => x.username);
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
      let account = byKey(platform, username);
      if (!account) {
        account = newAccount(platform, username, { title: username, followers: 1_000, videos: 10 });
        state.accounts.push(account);
      }
      const code = `${platform === 'tiktok' ? 'tt' : 'ig'}_code_${id()}`;
      state.grants[code] = {
        platform,
        accountId: account.id,
        clientId: f[a.clientParam]!,
        redirectUri: f.redirect_uri!,
        challenge: f.code_challenge ?? null,
        expiresAt: now() + 10 * 60_000,
      };
      save();
      back.searchParams.set('code', code);
      if (platform === 'tiktok') back.searchParams.set('scopes', f.scope ?? '');
      return reply.redirect(back.toString(), 302);
    });
  }

  function authorizeProblem(platform: 'tiktok' | 'instagram', q: Record<string, string | undefined>): string | null {
    const a = AUTH[platform];
    if (q[a.clientParam] !== a.client) return `Unknown ${a.clientParam}`;
    if (q.response_type !== 'code') return 'response_type must be code';
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return 'redirect_uri is required';
    if (platform === 'tiktok' && (!q.code_challenge || q.code_challenge_method !== 'S256'))
      return 'code_challenge with code_challenge_method S256 is required';
    return null;
  }

  /** Redeems a grant: right client, same redirect_uri, unused, not expired, PKCE verifier matching the challenge. */
  function redeem(
    platform: 'tiktok' | 'instagram',
    f: Record<string, string | undefined>,
    client: string,
  ): Grant | string {
    const g = f.code ? state.grants[f.code] : undefined;
    if (!g || g.platform !== platform) return 'Authorization code is expired or invalid.';
    delete state.grants[f.code!]; // one use, even when refused below
    if (g.expiresAt < now()) return 'Authorization code is expired.';
    if (g.clientId !== client) return 'Authorization code was issued to another client.';
    if (g.redirectUri !== f.redirect_uri) return 'redirect_uri does not match.';
    if (g.challenge) {
      const v = f.code_verifier ?? '';
      if (createHash('sha256').update(v).digest('base64url') !== g.challenge)
        return 'Code verifier or code challenge is invalid.';
    }
    return g;
  }
  function issue(platform: 'tiktok' | 'instagram', accountId: string, kind: Token['kind'], ttlMs: number): string {
    const t = `${kind === 'refresh' ? 'rft' : 'act'}.${id()}${id()}`;
    state.tokens[t] = { platform, accountId, kind, expiresAt: now() + ttlMs };
    return t;
  }
  function live(t: string | undefined, platform: 'tiktok' | 'instagram', kind: Token['kind']): Token | null {
    const tok = t ? state.tokens[t] : undefined;
    return tok && tok.platform === platform && tok.kind === kind && tok.expiresAt > now() ? tok : null;
  }

  // ---------------------------------------------------------------- TikTok
  app.post('/tiktok/v2/oauth/token/', async (req, reply) => {
    if (await faultGate('tiktok', reply)) return;
    const f = (req.body ?? {}) as Record<string, string | undefined>;
    const bad = (error: string, error_description: string) =>
      reply.code(400).send({ error, error_description, log_id: id() });
    if (
      f.client_key !== SOCIAL_EMULATOR_CREDENTIALS.tiktokClientKey ||
      f.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.tiktokClientSecret
    )
      return bad('invalid_client', 'Client key or secret is invalid.');
    let accountId: string;
    if (f.grant_type === 'authorization_code') {
      const g = redeem('tiktok', f, f.client_key);
      if (typeof g === 'string') {
        save();
        return bad('invalid_grant', g);
      }
      accountId = g.accountId;
    } else if (f.grant_type === 'refresh_token') {
      const r = live(f.refresh_token, 'tiktok', 'refresh');
      if (!r) return bad('invalid_grant', 'Refresh token is invalid or expired.');
      accountId = r.accountId;
    } else return bad('unsupported_grant_type', 'grant_type is not supported.');
    const access = issue('tiktok', accountId, 'access', 24 * HOUR);
    const refresh = issue('tiktok', accountId, 'refresh', 365 * 24 * HOUR);
    save();
    return {
      access_token: access,
      expires_in: 86_400,
      open_id: accountId,
      refresh_expires_in: 31_536_000,
      refresh_token: refresh,
      scope: 'user.info.basic,user.info.profile,user.info.stats',
      token_type: 'Bearer',
    };
  });
  app.get('/tiktok/v2/user/info/', async (req, reply) => {
    if (await faultGate('tiktok', reply)) return;
    const auth = req.headers.authorization ?? '';
    const tok = live(auth.replace(/^Bearer /, ''), 'tiktok', 'access');
    if (!tok) {
      return reply.code(401).send({
        data: {},
        error: {
          code: 'access_token_invalid',
          message: 'The access token is invalid or not found in the request.',
          log_id: id(),
        },
      });
    }
    const a = byKey('tiktok', tok.accountId);
    if (!a)
      return reply
        .code(404)
        .send({ data: {}, error: { code: 'user_not_found', message: 'User not found', log_id: id() } });
    const fields = String((req.query as { fields?: string }).fields ?? 'open_id').split(',');
    const all: Record<string, unknown> = {
      open_id: a.id,
      union_id: `u_${a.id}`,
      avatar_url: a.avatarUrl,
      display_name: a.title,
      bio_description: a.bio,
      profile_deep_link: `https://www.tiktok.com/@${a.username}`,
      is_verified: false,
      username: a.username,
      follower_count: a.followers,
      following_count: 12,
      likes_count: a.followers * 9,
      video_count: a.videos,
    };
    return {
      data: { user: Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]])) },
      error: { code: 'ok', message: '', log_id: id() },
    };
  });

  // ---------------------------------------------------------------- Instagram
  const igError = (reply: FastifyReply, status: number, code: number, message: string, type = 'OAuthException') =>
    reply.code(status).send({ error: { message, type, code, fbtrace_id: id() } });
  app.post('/instagram/oauth/access_token', async (req, reply) => {
    if (await faultGate('instagram', reply)) return;
    const f = (req.body ?? {}) as Record<string, string | undefined>;
    if (
      f.client_id !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppId ||
      f.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppSecret
    )
      return reply
        .code(400)
        .send({ error_type: 'OAuthException', code: 400, error_message: 'Invalid client_id or client_secret' });
    if (f.grant_type !== 'authorization_code')
      return reply.code(400).send({ error_type: 'OAuthException', code: 400, error_message: 'Invalid grant_type' });
    const g = redeem('instagram', f, f.client_id);
    if (typeof g === 'string') {
      save();
      return reply.code(400).send({ error_type: 'OAuthException', code: 400, error_message: g });
    }
    const t = issue('instagram', g.accountId, 'short', HOUR);
    save();
    return { access_token: t, user_id: Number(g.accountId), permissions: ['instagram_business_basic'] };
  });
  app.get('/instagram/graph/access_token', async (req, reply) => {
    if (await faultGate('instagram', reply)) return;
    const q = req.query as Record<string, string | undefined>;
    if (q.grant_type !== 'ig_exchange_token' || q.client_secret !== SOCIAL_EMULATOR_CREDENTIALS.instagramAppSecret)
      return igError(reply, 400, 100, 'Invalid parameter');
    const short = live(q.access_token, 'instagram', 'short');
    if (!short) return igError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
    const t = issue('instagram', short.accountId, 'access', 60 * 24 * HOUR);
    save();
    return { access_token: t, token_type: 'bearer', expires_in: 5_184_000 };
  });
  app.get('/instagram/graph/refresh_access_token', async (req, reply) => {
    if (await faultGate('instagram', reply)) return;
    const q = req.query as Record<string, string | undefined>;
    const tok = live(q.access_token, 'instagram', 'access');
    if (q.grant_type !== 'ig_refresh_token' || !tok)
      return igError(reply, 400, 190, 'Error validating access token: Session has expired');
    const t = issue('instagram', tok.accountId, 'access', 60 * 24 * HOUR);
    save();
    return { access_token: t, token_type: 'bearer', expires_in: 5_184_000 };
  });
  app.get('/instagram/graph/:version/me', async (req, reply) => {
    if (await faultGate('instagram', reply)) return;
    const q = req.query as Record<string, string | undefined>;
    const tok = live(q.access_token, 'instagram', 'access') ?? live(q.access_token, 'instagram', 'short');
    if (!tok) return igError(reply, 400, 190, 'Error validating access token: Session has expired');
    const a = byKey('instagram', tok.accountId);
    if (!a) return igError(reply, 400, 100, 'Unsupported get request. Object does not exist', 'GraphMethodException');
    if (a.accountType === 'PERSONAL')
      return igError(
        reply,
        400,
        10,
        'Application does not have permission for this action: not a professional account',
      );
    const fields = (q.fields ?? 'id').split(',');
    const all: Record<string, unknown> = {
      id: a.id,
      user_id: a.id,
      username: a.username,
      name: a.title,
      biography: a.bio,
      followers_count: a.followers,
      media_count: a.videos,
      profile_picture_url: a.avatarUrl,
      account_type: a.accountType,
    };
    return Object.fromEntries(fields.filter((k) => k in all).map((k) => [k, all[k]]));
  });

  // ---------------------------------------------------------------- controls (loopback only, unauthenticated)
  app.get('/_emulator/state', async () => ({
    accounts: state.accounts,
    faults: state.faults,
    quotaUsed: state.quotaUsed,
  }));
  const accountPatch = (b: Record<string, unknown>): Partial<EmulatedAccount> => {
    const p: Partial<EmulatedAccount> = {};
    if (typeof b.title === 'string') p.title = b.title.slice(0, 100);
    if (typeof b.bio === 'string') p.bio = b.bio.slice(0, 5000);
    if (typeof b.avatarUrl === 'string' || b.avatarUrl === null) p.avatarUrl = b.avatarUrl as string | null;
    for (const k of ['followers', 'videos'] as const) {
      const n = Number(b[k]);
      if (b[k] !== undefined && b[k] !== '' && Number.isInteger(n) && n >= 0) p[k] = n;
    }
    if (b.hiddenFollowers !== undefined) p.hiddenFollowers = b.hiddenFollowers === true || b.hiddenFollowers === 'true';
    if (b.accountType === 'PERSONAL' || b.accountType === 'BUSINESS' || b.accountType === 'MEDIA_CREATOR')
      p.accountType = b.accountType;
    if (typeof b.legacyUsername === 'string') p.legacyUsername = b.legacyUsername || null;
    return p;
  };
  const platformOf = (p: string): EmulatedPlatform | null =>
    p === 'youtube' || p === 'tiktok' || p === 'instagram' ? p : null;
  app.post('/_emulator/:platform/accounts', async (req, reply) => {
    const platform = platformOf((req.params as { platform: string }).platform);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const username = bareUsername(String(b.username ?? ''));
    if (!platform || !/^[a-z0-9._-]{1,60}$/.test(username))
      return reply.code(400).send({ message: 'platform youtube|tiktok|instagram and a username are required' });
    const existing = byKey(platform, username);
    const account = existing ?? newAccount(platform, username);
    Object.assign(account, accountPatch(b));
    if (!existing) state.accounts.push(account);
    save();
    return reply.code(existing ? 200 : 201).send(account);
  });
  app.patch('/_emulator/:platform/accounts/:key', async (req, reply) => {
    const { platform: p, key } = req.params as { platform: string; key: string };
    const platform = platformOf(p);
    const account = platform ? byKey(platform, key) : undefined;
    if (!account) return reply.code(404).send({ message: 'No such account' });
    Object.assign(account, accountPatch((req.body ?? {}) as Record<string, unknown>));
    save();
    return account;
  });
  app.post('/_emulator/faults', async (req) => {
    const b = (req.body ?? {}) as Partial<SocialFaults>;
    const list = (v: unknown) =>
      Array.isArray(v) ? v.map(String).filter((x): x is EmulatedPlatform => !!platformOf(x)) : [];
    state.faults = {
      youtubeQuota: b.youtubeQuota === true,
      unavailable: list(b.unavailable),
      rateLimited: list(b.rateLimited),
      slowMs: Math.max(0, Math.min(60_000, Number(b.slowMs) || 0)),
    };
    save();
    return state.faults;
  });
  /** Every access token of a platform (or all) expires now: the next read needs a refresh. */
  app.post('/_emulator/tokens/expire', async (req) => {
    const platform = platformOf(String(((req.body ?? {}) as { platform?: string }).platform ?? ''));
    let n = 0;
    for (const t of Object.values(state.tokens)) {
      if (t.kind !== 'refresh' && (!platform || t.platform === platform)) {
        t.expiresAt = now() - 1;
        n++;
      }
    }
    save();
    return { expired: n };
  });

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
      return state;
    },
    /** Forget everything and start from `accounts` (tests). */
    reset(accounts?: EmulatedAccount[]) {
      state = {
        version: 1,
        accounts: accounts ?? defaultAccounts(),
        grants: {},
        tokens: {},
        faults: { ...NO_FAULTS },
        quotaUsed: 0,
      };
      save();
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
      save();
      await app.close();
    },
  };
}
export type SocialEmulator = ReturnType<typeof createSocialEmulator>;

const NAME = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' } as const;
const id = () => randomBytes(8).toString('hex');

/** YouTube shows subscriber counts rounded to three significant figures (research notes §3.1). */
function roundYoutube(n: number): number {
  if (n < 1000) return n;
  const digits = Math.floor(Math.log10(n)) + 1;
  const unit = 10 ** (digits - 3);
  return Math.floor(n / unit) * unit;
}

function googleError(code: number, reason: string, message: string, domain = 'global') {
  return { error: { code, message, errors: [{ message, domain, reason }] } };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · emulator</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}main{max-width:420px;margin:32px auto;box-sizing:border-box;background:#fff;border-radius:16px;padding:24px;border:1px solid #e2e8f0}h1{font-size:22px;margin:0 0 8px}.lead,.hint{color:#475569}label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #94a3b8;border-radius:10px}.row{display:flex;gap:8px;margin-top:16px}button{font:inherit;padding:10px 16px;border-radius:10px;border:0;background:#4338ca;color:#fff;cursor:pointer}button.secondary{background:#e2e8f0;color:#0f172a}.tag{font-size:12px;color:#475569}@media(max-width:460px){main{margin:16px}}</style></head>
<body><main><p class="tag">Local emulator, not the real platform</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
