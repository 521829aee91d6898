import { CODE_NOT_FOUND } from '@app/shared/social/social.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencers, socialVerifications } from '../../db/schema.ts';
import { DAY, fakeClock, HOUR } from '../../test/fake-clock.ts';
import { categoryIds, createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';
import { consent, oauthCallback, patchEmulatedAccount } from '../../test/social-connect.ts';

let t: TestApp;
const clock = fakeClock('2026-11-24T10:00:00Z');
let inf: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let clientCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  inf = await registerUser(t, 'influencer');
  other = await registerUser(t, 'influencer');
  clientCookie = (await registerUser(t, 'client')).cookie;
  adminCookie = await signInAdmin(t);
});
afterAll(() => t?.close());

const emu = () => t.socialEmulator.url;
async function emuPost(path: string, body: unknown) {
  const res = await fetch(`${emu()}${path}`, {
    method: path.includes('/accounts/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}
const setBio = (platform: string, username: string, bio: string) =>
  patchEmulatedAccount(t, platform, username, { bio });
const faults = (f: object) => emuPost('/_emulator/faults', f);

const fetchAccount = (cookie: string, platform: string, handle: string) =>
  t.req({ method: 'POST', url: `/api/social/${platform}/fetch`, cookie, body: { handle } });
const verify = (cookie: string, platform: string) =>
  t.req({ method: 'POST', url: `/api/social/${platform}/verify`, cookie });
const overview = async (cookie: string) => (await t.req({ url: '/api/social', cookie })).json();

const callback = (cookie: string, back: URL) => oauthCallback(t, cookie, back);

describe('who may use it', () => {
  it('refuses signed-out callers, clients and admins', async () => {
    expect((await t.req({ url: '/api/social' })).statusCode).toBe(401);
    for (const cookie of [clientCookie, adminCookie]) {
      const res = await fetchAccount(cookie, 'youtube', '@tbilisi-eats');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('This is only available for influencers.');
      expect((await t.req({ url: '/api/social', cookie })).statusCode).toBe(403);
    }
  });
});

describe('the overview', () => {
  it("lists the platforms in the spec's order: Instagram, TikTok, YouTube (§2, influencer wizard 1)", async () => {
    const { settings } = (await overview(other.cookie)) as { settings: { platform: string }[] };
    expect(settings.map((s) => s.platform)).toEqual(['instagram', 'tiktok', 'youtube']);
  });
});

describe('YouTube by code', () => {
  it('asks for the channel first, and refuses what is not a channel address', async () => {
    const empty = await fetchAccount(inf.cookie, 'youtube', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter your YouTube channel URL first');
    const verifyFirst = await verify(inf.cookie, 'youtube');
    expect(verifyFirst.json().error.message).toBe('Please enter your YouTube channel URL first');
    const custom = await fetchAccount(inf.cookie, 'youtube', 'https://www.youtube.com/c/Something');
    expect(custom.statusCode).toBe(400);
    expect(custom.json().error.code).toBe('INVALID_HANDLE');
    // A malformed percent-escape was a URIError, answered 500.
    for (const [platform, handle, message] of [
      ['youtube', 'youtube.com/%E0%A4%A', /^Enter a YouTube channel address/],
      ['tiktok', 'tiktok.com/@%ZZ', /^Enter a TikTok profile address/],
    ] as const) {
      const bad = await fetchAccount(inf.cookie, platform, handle);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'INVALID_HANDLE', message: expect.stringMatching(message) });
    }
    const missing = await fetchAccount(inf.cookie, 'youtube', 'nobody-has-this');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('We could not find a YouTube channel for @nobody-has-this.');
  });

  it('resolves each URL form to the same kind of preview', async () => {
    const byUser = await fetchAccount(inf.cookie, 'youtube', 'youtube.com/user/OldSchoolGe');
    expect(byUser.statusCode).toBe(200);
    const id = byUser.json().account.accountId as string;
    expect(byUser.json().account.title).toBe('Old School');
    const byId = await fetchAccount(inf.cookie, 'youtube', `https://www.youtube.com/channel/${id}`);
    expect(byId.json().account.accountId).toBe(id);
    const hidden = await fetchAccount(inf.cookie, 'youtube', '@quiet-channel');
    expect(hidden.json().account).toMatchObject({ title: 'Quiet Channel', followerCount: null, videoCount: 40 });
  });

  it('issues a code for 24 hours, refuses until it is in the description, then verifies', async () => {
    const res = await fetchAccount(inf.cookie, 'youtube', 'https://www.youtube.com/@tbilisi-eats');
    expect(res.statusCode).toBe(200);
    const a = res.json().account;
    expect(a).toMatchObject({
      platform: 'youtube',
      handle: 'https://www.youtube.com/@tbilisi-eats',
      title: 'Tbilisi Eats',
      followerCount: 48_200, // YouTube rounds to three significant figures
      videoCount: 210,
      status: 'pending',
      connected: false,
    });
    expect(a.code).toMatch(/^INF-[A-Z2-9]{8}$/);
    expect(Date.parse(a.expiresAt) - clock().getTime()).toBe(24 * HOUR);

    const early = await verify(inf.cookie, 'youtube');
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(CODE_NOT_FOUND.youtube);
    expect((await overview(inf.cookie)).accounts[0].status).toBe('pending');

    await setBio('youtube', 'tbilisi-eats', `Food of Tbilisi. ${a.code}`);
    const ok = await verify(inf.cookie, 'youtube');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your YouTube channel has been verified successfully');
    expect(ok.json().account).toMatchObject({ status: 'verified', code: null, followerCount: 48_200 });

    const again = await verify(inf.cookie, 'youtube');
    expect(again.statusCode).toBe(409);
    const [row] = await t.db
      .select({ socials: influencers.socials, total: influencers.verifiedFollowers })
      .from(influencers)
      .where(eq(influencers.userId, inf.userId));
    expect(row).toMatchObject({ socials: { youtube: '@tbilisi-eats' }, total: 48_200 });
  });

  it("lets no other influencer take a verified channel, nor touch anyone else's attempt", async () => {
    const res = await fetchAccount(other.cookie, 'youtube', '@tbilisi-eats');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SOCIAL_ACCOUNT_TAKEN');
    // The other influencer has no attempt of their own: Verify acts on their own (absent) row only.
    expect((await verify(other.cookie, 'youtube')).json().error.message).toBe(
      'Please enter your YouTube channel URL first',
    );
    expect((await overview(other.cookie)).accounts).toEqual([]);
  });

  it('the database refuses a second verified holder of one channel', async () => {
    const [mine] = await t.db.select().from(socialVerifications).where(eq(socialVerifications.status, 'verified'));
    const [otherInf] = await t.db
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.userId, other.userId));
    await expect(
      t.db.insert(socialVerifications).values({
        influencerId: otherInf!.id,
        platform: 'youtube',
        handle: '@tbilisi-eats',
        url: mine!.url,
        accountId: mine!.accountId,
        status: 'verified',
      }),
    ).rejects.toThrow();
  });

  it('shows a pending code past its expiry as failed, and Verify then asks for a new one', async () => {
    const res = await fetchAccount(other.cookie, 'youtube', '@oldschool');
    const { code } = res.json().account;
    clock.advance(24 * HOUR + 1000);
    const acc = (await overview(other.cookie)).accounts[0];
    expect(acc).toMatchObject({ status: 'failed', code: null });
    await setBio('youtube', 'oldschool', code);
    const late = await verify(other.cookie, 'youtube');
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe('Your verification code has expired. Press Fetch to get a new one.');
  });

  it('a platform outage or spent quota leaves the attempt pending and retryable', async () => {
    const res = await fetchAccount(other.cookie, 'youtube', '@oldschool');
    const { code } = res.json().account;
    await setBio('youtube', 'oldschool', `hi ${code}`);
    await faults({ unavailable: ['youtube'] });
    const down = await verify(other.cookie, 'youtube');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe('YouTube is not answering right now. Please try again in a few minutes.');
    await faults({ youtubeQuota: true });
    const quota = await verify(other.cookie, 'youtube');
    expect(quota.statusCode).toBe(503);
    expect(quota.json().error.message).toBe(
      'We have reached our YouTube lookup limit for today. Please try again tomorrow.',
    );
    expect((await overview(other.cookie)).accounts[0].status).toBe('pending');
    await faults({});
    expect((await verify(other.cookie, 'youtube')).statusCode).toBe(200);
  });

  it('re-verification replaces the old row: pending again with a new code, no numbers until verified', async () => {
    const before = (await overview(other.cookie)).accounts[0];
    expect(before.status).toBe('verified');
    const res = await fetchAccount(other.cookie, 'youtube', '@oldschool');
    expect(res.json().account).toMatchObject({ status: 'pending', verifiedAt: null });
    expect(res.json().account.code).not.toBe(before.code);
    const rows = await t.db.select().from(socialVerifications).where(eq(socialVerifications.handle, '@oldschool'));
    expect(rows).toHaveLength(1);
    // Its followers left the directory total at once.
    const [me] = await t.db
      .select({ total: influencers.verifiedFollowers })
      .from(influencers)
      .where(eq(influencers.userId, other.userId));
    expect(me!.total).toBe(0);
  });
});

describe('TikTok and Instagram through OAuth', () => {
  it('connects TikTok (state, PKCE), reads the bio and verifies; a refresh follows an expired token', async () => {
    const res = await fetchAccount(inf.cookie, 'tiktok', 'kartuli.dance');
    expect(res.statusCode).toBe(200);
    const { account, authorizeUrl } = res.json();
    expect(account).toMatchObject({ handle: '@kartuli.dance', status: 'pending', connected: false, title: null });
    const u = new URL(authorizeUrl);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/social/tiktok/oauth/callback');

    // Verify before connecting: nothing to read yet.
    expect((await verify(inf.cookie, 'tiktok')).json().error.code).toBe('SOCIAL_NOT_CONNECTED');

    const back = await consent(authorizeUrl, 'kartuli.dance');
    const landed = await callback(inf.cookie, back);
    expect(landed.pathname).toBe('/settings');
    expect(landed.searchParams.get('connected')).toBe('tiktok');
    const connected = (await overview(inf.cookie)).accounts.find((a: { platform: string }) => a.platform === 'tiktok');
    expect(connected).toMatchObject({
      connected: true,
      title: 'Kartuli Dance',
      followerCount: 77_700,
      videoCount: 301,
    });
    const [stored] = await t.db.select().from(socialVerifications).where(eq(socialVerifications.platform, 'tiktok'));
    expect(stored!.accessTokenEnc).toMatch(/^v1\./);
    expect(stored!.accessTokenEnc).not.toContain('act.');

    // A replayed callback (same state) is refused.
    const replay = await callback(inf.cookie, back);
    expect(replay.searchParams.get('socialError')).toMatch(/not the one we started/);

    await setBio('tiktok', 'kartuli.dance', `dance ${connected.code}`);
    await emuPost('/_emulator/tokens/expire', { platform: 'tiktok' });
    clock.advance(25 * HOUR); // our clock also says the token has expired, and the code…
    // …would have expired too: fetch again and connect again (re-verification replaces the attempt)
    const again = await fetchAccount(inf.cookie, 'tiktok', '@kartuli.dance');
    await callback(inf.cookie, await consent(again.json().authorizeUrl, 'kartuli.dance'));
    await setBio('tiktok', 'kartuli.dance', `dance ${again.json().account.code}`);
    await emuPost('/_emulator/tokens/expire', { platform: 'tiktok' });
    const ok = await verify(inf.cookie, 'tiktok');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your TikTok account has been verified successfully');
  });

  it("refuses a state that is not this influencer's, a cancelled consent and another account than entered", async () => {
    const res = await fetchAccount(other.cookie, 'instagram', 'batumi.sunsets');
    const { authorizeUrl } = res.json();
    const back = await consent(authorizeUrl, 'batumi.sunsets');
    // Someone else's browser with this callback: refused, and nothing is connected.
    const stolen = await callback(inf.cookie, back);
    expect(stolen.searchParams.get('socialError')).toMatch(/not the one we started/);
    // A browser that lost its session (or a client's) is sent to sign in; nothing is connected.
    const signedOut = await t.req({ url: `${back.pathname}${back.search}` });
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/auth']);
    const asClient = await t.req({ url: `${back.pathname}${back.search}`, cookie: clientCookie });
    expect(asClient.headers.location).toBe('/auth');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged.s');
    expect((await callback(other.cookie, forged)).searchParams.get('socialError')).toMatch(/not the one we started/);

    const cancelled = await consent(
      (await fetchAccount(other.cookie, 'instagram', 'batumi.sunsets')).json().authorizeUrl,
      'x',
      'deny',
    );
    const c = await callback(other.cookie, cancelled);
    expect(c.searchParams.get('socialError')).toMatch(/access was not allowed/);

    const wrong = await consent(
      (await fetchAccount(other.cookie, 'instagram', 'batumi.sunsets')).json().authorizeUrl,
      'someone.else',
    );
    const w = await callback(other.cookie, wrong);
    expect(w.searchParams.get('socialError')).toMatch(/You connected @someone.else but entered @batumi.sunsets/);
    expect(
      (await overview(other.cookie)).accounts.find((a: { platform: string }) => a.platform === 'instagram').connected,
    ).toBe(false);
  });

  it('verifies Instagram from the biography; a personal account is explained', async () => {
    const res = await fetchAccount(other.cookie, 'instagram', 'https://www.instagram.com/batumi.sunsets/');
    await callback(other.cookie, await consent(res.json().authorizeUrl, 'batumi.sunsets'));
    const early = await verify(other.cookie, 'instagram');
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(CODE_NOT_FOUND.instagram);
    await setBio('instagram', 'batumi.sunsets', `sunsets · ${res.json().account.code}`);
    expect((await verify(other.cookie, 'instagram')).statusCode).toBe(200);

    const personal = await fetchAccount(inf.cookie, 'instagram', 'just.me.personal');
    const landed = await callback(inf.cookie, await consent(personal.json().authorizeUrl, 'just.me.personal'));
    expect(landed.searchParams.get('socialError')).toMatch(/professional \(Business or Creator\) accounts/);
  });
});

describe('categories and price range per platform', () => {
  it('starts every platform never saved with the categories chosen at registration ticked (issue 27)', async () => {
    const ids = await categoryIds(t);
    const chosen = [ids[3]!, ids[5]!];
    const someone = await registerUser(t, 'influencer', { categoryIds: chosen });
    const before = (await overview(someone.cookie)).settings as { platform: string; categoryIds: string[] }[];
    for (const s of before) expect(s.categoryIds.sort()).toEqual([...chosen].sort());

    // Saved on one platform: that one keeps what was saved (even none), the others still start from registration.
    const put = await t.req({
      method: 'PUT',
      url: '/api/social/instagram/settings',
      cookie: someone.cookie,
      body: { categoryIds: [], priceMin: 100, priceMax: 400 },
    });
    expect(put.statusCode).toBe(200);
    const after = (await overview(someone.cookie)).settings as { platform: string; categoryIds: string[] }[];
    expect(after.find((s) => s.platform === 'instagram')!.categoryIds).toEqual([]);
    expect(after.find((s) => s.platform === 'tiktok')!.categoryIds.sort()).toEqual([...chosen].sort());
  });

  it('keeps up to 3 of the first 8 categories and a range within 0–5000 in steps of 10', async () => {
    const ids = await categoryIds(t); // in the spec's order
    const put = (body: unknown) =>
      t.req({ method: 'PUT', url: '/api/social/youtube/settings', cookie: inf.cookie, body });
    const ok = await put({ categoryIds: ids.slice(0, 3), priceMin: 150, priceMax: 900 });
    expect(ok.statusCode).toBe(200);
    const saved = (await overview(inf.cookie)).settings.find((s: { platform: string }) => s.platform === 'youtube');
    expect(saved).toMatchObject({ priceMin: 150, priceMax: 900 });
    expect(saved.categoryIds.sort()).toEqual(ids.slice(0, 3).sort());
    const defaults = (await overview(inf.cookie)).settings.find((s: { platform: string }) => s.platform === 'tiktok');
    // A platform never saved: the default range, and the categories chosen at registration (issue 27).
    expect(defaults).toMatchObject({ priceMin: 100, priceMax: 400 });
    expect(defaults.categoryIds.sort()).toEqual(ids.slice(0, 2).sort());

    const refusals: [unknown, string][] = [
      [{ categoryIds: ids.slice(0, 4), priceMin: 100, priceMax: 400 }, 'You can choose up to 3 categories'],
      [
        { categoryIds: [ids[8]], priceMin: 100, priceMax: 400 },
        'Choose categories from the list offered (the first 8 categories).',
      ],
      [{ categoryIds: [], priceMin: 500, priceMax: 400 }, 'The lowest price cannot be above the highest'],
      [{ categoryIds: [], priceMin: 105, priceMax: 400 }, 'The lowest price must be a multiple of 10 GEL'],
      [{ categoryIds: [], priceMin: 0, priceMax: 5010 }, 'The highest price cannot be above 5000 GEL'],
      [{ categoryIds: [], priceMin: -10, priceMax: 10 }, 'The lowest price cannot be below 0 GEL'],
    ];
    for (const [body, message] of refusals) {
      const res = await put(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (
        await t.req({
          method: 'PUT',
          url: '/api/social/youtube/settings',
          cookie: clientCookie,
          body: { categoryIds: [], priceMin: 0, priceMax: 10 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the directory card and the profile show verified counts and prices, never numbers for a handle alone', async () => {
    const [me] = await t.db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, inf.userId));
    const list = await t.req({ url: '/api/influencers?sort=followers&limit=48', cookie: clientCookie });
    expect(list.statusCode).toBe(200);
    const card = list.json().items.find((c: { id: string }) => c.id === me!.id);
    expect(card.platforms).toEqual([
      { platform: 'tiktok', followersCount: 77_700, verified: true },
      { platform: 'youtube', followersCount: 48_200, verified: true },
    ]);
    expect(card.totalFollowers).toBe(125_900);
    expect(card.prices).toContainEqual(expect.objectContaining({ platform: 'youtube', priceMin: 150, priceMax: 900 }));
    const totals = list.json().items.map((c: { totalFollowers: number }) => c.totalFollowers);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const min = await t.req({ url: '/api/influencers?minFollowers=100000', cookie: clientCookie });
    expect(min.json().items.map((c: { id: string }) => c.id)).toContain(me!.id);
    const tooMany = await t.req({ url: '/api/influencers?minFollowers=200000', cookie: clientCookie });
    expect(tooMany.json().items.map((c: { id: string }) => c.id)).not.toContain(me!.id);

    const ids = await categoryIds(t);
    const byCat = await t.req({ url: `/api/influencers?category=${ids[2]}`, cookie: clientCookie });
    expect(byCat.json().items.map((c: { id: string }) => c.id)).toContain(me!.id); // a platform category, not a profile one

    const profile = (await t.req({ url: `/api/influencers/${me!.id}`, cookie: clientCookie })).json();
    expect(profile.platforms.map((p: { platform: string }) => p.platform)).toEqual(['tiktok', 'youtube']);
  });
});

describe('follower counts stay true', () => {
  it('the daily job reads verified accounts again and updates the directory total', async () => {
    await emuPost('/_emulator/youtube/accounts/tbilisi-eats', { followers: 1_234_567 });
    await emuPost('/_emulator/tiktok/accounts/kartuli.dance', { followers: 80_000 });
    await t.jobs.ensureSchedules(); // main.ts's runner does this when it starts
    clock.advance(2 * DAY);
    const runs = await t.jobs.runDue();
    expect(runs.filter((r) => r.kind === 'social.refresh-counts').map((r) => r.outcome)).toContain('done');
    const [row] = await t.db
      .select({ total: influencers.verifiedFollowers })
      .from(influencers)
      .where(eq(influencers.userId, inf.userId));
    expect(row!.total).toBe(1_230_000 + 80_000);
  });

  it('a spent YouTube quota skips the channels until the next run, and nothing else changes', async () => {
    await faults({ youtubeQuota: true });
    await emuPost('/_emulator/youtube/accounts/tbilisi-eats', { followers: 2_000_000 });
    clock.advance(DAY);
    const runs = await t.jobs.runDue();
    expect(runs.filter((r) => r.kind === 'social.refresh-counts').map((r) => r.outcome)).toEqual(['done']);
    const total = async () =>
      (
        await t.db
          .select({ total: influencers.verifiedFollowers })
          .from(influencers)
          .where(eq(influencers.userId, inf.userId))
      )[0]!.total;
    expect(await total()).toBe(1_230_000 + 80_000);
    expect(
      (await overview(inf.cookie)).accounts.find((a: { platform: string }) => a.platform === 'youtube').status,
    ).toBe('verified');
    await faults({});
    clock.advance(DAY);
    await t.jobs.runDue();
    expect(await total()).toBe(2_000_000 + 80_000);
  });
});

describe("/dev/social (the emulator's accounts, for a person running the demo)", () => {
  it('answers this machine only, and its form edits the emulated description', async () => {
    expect((await t.req({ url: '/dev/social', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await t.req({ url: '/dev/social', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const page = await t.req({ url: '/dev/social' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Channel description of @tbilisi-eats');
    const saved = await t.req({
      method: 'POST',
      url: '/dev/social/accounts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'platform=youtube&username=tbilisi-eats&bio=Pasted+INF-CODE&followers=50000',
    });
    expect(saved.statusCode).toBe(303);
    const channel = t.socialEmulator.state.accounts.find(
      (a) => a.platform === 'youtube' && a.username === 'tbilisi-eats',
    );
    expect(channel).toMatchObject({ bio: 'Pasted INF-CODE', followers: 50_000 });
  });

  it("refuses another site's form posts, to it and to the emulator's own controls (no cookie needed to attack)", async () => {
    const form = 'youtubeQuota=on&down-tiktok=on';
    const crossSite = await t.req({
      method: 'POST',
      url: '/dev/social/faults',
      origin: 'https://evil.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: form,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CSRF_REJECTED');
    const direct = await fetch(`${emu()}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: form,
    });
    expect(direct.status).toBe(403);
    expect(t.socialEmulator.state.faults).toMatchObject({ youtubeQuota: false, unavailable: [] });
    // The page itself (same origin) still switches them, then back.
    const own = (body: string) =>
      t.req({
        method: 'POST',
        url: '/dev/social/faults',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body,
      });
    expect((await own(form)).statusCode).toBe(303);
    expect(t.socialEmulator.state.faults).toMatchObject({ youtubeQuota: true, unavailable: ['tiktok'] });
    expect((await own('')).statusCode).toBe(303);
    expect(t.socialEmulator.state.faults).toMatchObject({ youtubeQuota: false, unavailable: [] });
  });
});

it('documents its routes in OpenAPI with a tag and a summary', async () => {
  const paths = (await t.req({ url: '/api/docs/json' })).json().paths;
  expect(paths['/api/social']?.get).toMatchObject({ tags: ['social'], summary: expect.any(String) });
  for (const path of ['/api/social/{platform}/fetch', '/api/social/{platform}/verify']) {
    expect(paths[path]?.post).toMatchObject({ tags: ['social'], summary: expect.any(String) });
  }
  expect(paths['/api/social/{platform}/settings']?.put).toMatchObject({ tags: ['social'] });
  // The development aid is not part of the API.
  expect(Object.keys(paths).filter((p) => p.includes('dev/social'))).toEqual([]);
});
