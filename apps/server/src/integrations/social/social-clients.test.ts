import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSocialEmulator } from '../../emulators/social/social-emulator.ts';
import { SOCIAL_EMULATOR_CREDENTIALS as C } from './emulator-contract.ts';
import { createInstagramClient } from './instagram-client.ts';
import { createTokenBox, pkcePair } from './oauth.ts';
import { SocialApiError } from './social-errors.ts';
import { createTiktokClient } from './tiktok-client.ts';
import { createYoutubeClient } from './youtube-client.ts';

const emulator = createSocialEmulator();
let url: string;
beforeAll(async () => {
  url = await emulator.listen();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const control = async (path: string, body: unknown, method = 'POST') =>
  (
    await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
const youtube = (o: { apiKey?: string; timeoutMs?: number } = {}) =>
  createYoutubeClient({ apiKey: o.apiKey ?? C.youtubeApiKey, baseUrl: `${url}/youtube/v3`, timeoutMs: o.timeoutMs });
const REDIRECT = 'http://localhost:3000/api/social/tiktok/oauth/callback';
const tiktok = () =>
  createTiktokClient({
    clientKey: C.tiktokClientKey,
    clientSecret: C.tiktokClientSecret,
    authorizeUrl: `${url}/tiktok/v2/auth/authorize/`,
    apiBaseUrl: `${url}/tiktok`,
  });
const instagram = () =>
  createInstagramClient({
    appId: C.instagramAppId,
    appSecret: C.instagramAppSecret,
    authorizeUrl: `${url}/instagram/oauth/authorize`,
    apiBaseUrl: `${url}/instagram`,
    graphBaseUrl: `${url}/instagram/graph`,
    graphVersion: 'v25.0',
  });

/** The consent screen, allowed as `username`: the code it sends back. */
async function authorize(authorizeUrl: string, username: string) {
  const u = new URL(authorizeUrl);
  const res = await fetch(`${u.origin}${u.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(u.searchParams), username, decision: 'allow' }).toString(),
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe(u.searchParams.get('state'));
  return back.searchParams.get('code')!;
}
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SocialApiError);
  return err as SocialApiError;
};

describe('YouTube channels.list', () => {
  it('reads counts sent as strings, a hidden subscriber count as null, and no items as not found', async () => {
    const yt = youtube();
    const ch = await yt.lookup({ kind: 'handle', value: '@tbilisi-eats' });
    expect(ch).toMatchObject({
      title: 'Tbilisi Eats',
      followerCount: 48_200,
      videoCount: 210,
      username: '@tbilisi-eats',
    });
    expect(ch!.id).toMatch(/^UC[\w-]{22}$/);
    expect(await yt.lookup({ kind: 'id', value: ch!.id })).toMatchObject({ title: 'Tbilisi Eats' });
    expect(await yt.lookup({ kind: 'username', value: 'OldSchoolGe' })).toMatchObject({ title: 'Old School' });
    expect((await yt.lookup({ kind: 'handle', value: '@quiet-channel' }))!.followerCount).toBeNull();
    expect(await yt.lookup({ kind: 'handle', value: '@nobody' })).toBeNull();
  });

  it('caches previews (each call is a quota unit) but reads fresh when asked', async () => {
    const yt = youtube();
    await yt.lookup({ kind: 'handle', value: '@tbilisi-eats' });
    await yt.lookup({ kind: 'handle', value: '@TBILISI-EATS' });
    expect(yt.calls).toBe(1);
    await control('/_emulator/youtube/accounts/tbilisi-eats', { bio: 'new' }, 'PATCH');
    expect((await yt.lookup({ kind: 'handle', value: '@tbilisi-eats' }, { fresh: true }))!.description).toBe('new');
    expect(yt.calls).toBe(2);
    expect(emulator.state.quotaUsed).toBe(2);
  });

  it('quota exceeded, rate limits, outages, slowness and a bad key become our errors', async () => {
    await control('/_emulator/faults', { youtubeQuota: true });
    const quota = await failure(youtube().lookup({ kind: 'handle', value: '@tbilisi-eats' }));
    expect([quota.kind, quota.retryable]).toEqual(['quota', true]);
    await control('/_emulator/faults', { rateLimited: ['youtube'] });
    expect((await failure(youtube().lookup({ kind: 'handle', value: '@x' }))).kind).toBe('rate_limited');
    await control('/_emulator/faults', { unavailable: ['youtube'] });
    expect((await failure(youtube().lookup({ kind: 'handle', value: '@x' }))).kind).toBe('unavailable');
    await control('/_emulator/faults', { slowMs: 300 });
    const slow = await failure(youtube({ timeoutMs: 100 }).lookup({ kind: 'handle', value: '@x' }));
    expect([slow.kind, slow.detail]).toEqual(['unavailable', 'timeout']);
    await control('/_emulator/faults', {});
    const key = await failure(youtube({ apiKey: 'wrong' }).lookup({ kind: 'handle', value: '@x' }));
    expect([key.kind, key.retryable]).toEqual(['config', false]);
  });

  it('reads up to 50 channels in one call for the refresh', async () => {
    const yt = youtube();
    const a = await yt.lookup({ kind: 'handle', value: '@tbilisi-eats' });
    const b = await yt.lookup({ kind: 'handle', value: '@oldschool' });
    const found = await yt.byIds([a!.id, b!.id, 'UCxxxxxxxxxxxxxxxxxxxxxx']);
    expect([...found.keys()].sort()).toEqual([a!.id, b!.id].sort());
  });
});

describe('TikTok Login Kit', () => {
  it('exchanges the code with the PKCE verifier, reads user info, refreshes an expired token', async () => {
    const tt = tiktok();
    const pkce = pkcePair('hex');
    const code = await authorize(
      tt.authorizeUrl({ state: 's1', challenge: pkce.challenge, redirectUri: REDIRECT }),
      'kartuli.dance',
    );
    const tokens = await tt.exchangeCode({ code, verifier: pkce.verifier, redirectUri: REDIRECT });
    expect(tokens.refreshToken).toMatch(/^rft\./);
    expect(await tt.me(tokens.accessToken)).toMatchObject({
      username: 'kartuli.dance',
      title: 'Kartuli Dance',
      followerCount: 77_700,
      videoCount: 301,
    });
    await control('/_emulator/tokens/expire', { platform: 'tiktok' });
    expect((await failure(tt.me(tokens.accessToken))).kind).toBe('token');
    const fresh = await tt.refresh(tokens);
    expect((await tt.me(fresh.accessToken)).username).toBe('kartuli.dance');
  });

  it('refuses a wrong verifier, a reused code and another redirect_uri', async () => {
    const tt = tiktok();
    const pkce = pkcePair('hex');
    const authorizeUrl = tt.authorizeUrl({ state: 's', challenge: pkce.challenge, redirectUri: REDIRECT });
    const code = await authorize(authorizeUrl, 'kartuli.dance');
    const wrong = await failure(tt.exchangeCode({ code, verifier: pkcePair('hex').verifier, redirectUri: REDIRECT }));
    expect(wrong.kind).toBe('oauth');
    expect(wrong.detail).toMatch(/invalid_grant/);
    // The code was spent by the refused attempt.
    expect((await failure(tt.exchangeCode({ code, verifier: pkce.verifier, redirectUri: REDIRECT }))).kind).toBe(
      'oauth',
    );
    const code2 = await authorize(authorizeUrl, 'kartuli.dance');
    const elsewhere = await failure(
      tt.exchangeCode({ code: code2, verifier: pkce.verifier, redirectUri: 'http://evil.test/cb' }),
    );
    expect(elsewhere.detail).toMatch(/redirect_uri/);
    expect((await failure(tt.refresh({ accessToken: 'x', refreshToken: 'rft.nope' }))).kind).toBe('token');
  });

  it('a rate limit is retryable', async () => {
    await control('/_emulator/faults', { rateLimited: ['tiktok'] });
    expect((await failure(tiktok().me('act.x'))).retryable).toBe(true);
  });
});

describe('Instagram Login + Graph', () => {
  it('short-lived → long-lived token, me, no refresh of a new token; a personal account is explained', async () => {
    const ig = instagram();
    const pkce = pkcePair('base64url');
    const redirectUri = 'http://localhost:3000/api/social/instagram/oauth/callback';
    const code = await authorize(
      ig.authorizeUrl({ state: 's', challenge: pkce.challenge, redirectUri }),
      'batumi.sunsets',
    );
    const tokens = await ig.exchangeCode({ code, verifier: pkce.verifier, redirectUri });
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 24 * 3600_000);
    expect(await ig.me(tokens.accessToken)).toMatchObject({
      username: 'batumi.sunsets',
      followerCount: 15_400,
      videoCount: 520,
    });
    // Instagram refreshes a token only once it is 24 hours old (contract.test.ts and token-refresh.test.ts renew one).
    expect((await failure(ig.refresh(tokens))).kind).toBe('oauth');

    const code2 = await authorize(
      ig.authorizeUrl({ state: 's', challenge: pkce.challenge, redirectUri }),
      'just.me.personal',
    );
    const personal = await ig.exchangeCode({ code: code2, verifier: pkce.verifier, redirectUri });
    expect((await failure(ig.me(personal.accessToken))).kind).toBe('private');
    expect((await failure(ig.me('garbage'))).kind).toBe('token');
  });
});

describe('token box', () => {
  it('seals with AES-GCM under AUTH_SECRET; another secret or a changed byte opens nothing', () => {
    const box = createTokenBox('a'.repeat(32));
    const sealed = box.seal('act.secret');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed)).toBe('act.secret');
    expect(createTokenBox('b'.repeat(32)).open(sealed)).toBeNull();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(box.open(tampered)).toBeNull();
  });
});
