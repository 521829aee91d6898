// Issue 21 §4: every Verify was a paid YouTube call limited per caller address only, so one influencer with three
// addresses spent 60 units in a minute, and nothing kept verification from eating the follower refresh's quota.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialVerifications } from '../../db/schema.ts';
import { DAY, fakeClock, HOUR } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
// 20:00 in Tbilisi, 08:00 in California: YouTube's quota day has 16 hours left.
const clock = fakeClock('2026-11-24T16:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ YOUTUBE_VERIFY_DAILY_UNITS: '25' }, { clock });
});
afterAll(() => t?.close());

const ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
let n = 0;
/** Each call from the next of three addresses, as the attacker in the issue did. */
const call = (cookie: string, action: 'fetch' | 'verify', handle = '@tbilisi-eats') =>
  t.req({
    method: 'POST',
    url: `/api/social/youtube/${action}`,
    cookie,
    remoteAddress: ADDRESSES[n++ % 3],
    ...(action === 'fetch' ? { body: { handle } } : {}),
  });
const youtubeCalls = () => t.social.youtube!.calls;

describe('YouTube verification spends a budget of its own', () => {
  it('per channel, per person and per day, whatever the caller address; refusals call YouTube not at all', async () => {
    const a = await registerUser(t, 'influencer');
    const b = await registerUser(t, 'influencer');
    const c = await registerUser(t, 'influencer');

    // One channel is read at most 10 times a day by Verify, from any person and address.
    expect((await call(a.cookie, 'fetch')).statusCode).toBe(200);
    const verifies = [];
    for (let i = 0; i < 10; i++) verifies.push((await call(a.cookie, 'verify')).statusCode);
    expect(verifies).toEqual(Array(10).fill(422)); // read, the code is not in the description yet
    let before = youtubeCalls();
    const channelSpent = await call(a.cookie, 'verify');
    expect(channelSpent.statusCode).toBe(429);
    expect(channelSpent.json().error.message).toBe(
      'This YouTube channel has been checked too many times today. Please try again in about 16 hours.',
    );
    expect((await call(b.cookie, 'fetch')).statusCode).toBe(200);
    expect((await call(b.cookie, 'verify')).statusCode).toBe(429);
    // b's fetch came from the 10-minute preview cache (still a unit of the budget); the refused verify asked nothing.
    expect(youtubeCalls()).toBe(before);

    // One person makes at most 20 calls a day (a's refused verify counted): 12 so far, 8 more fetches.
    for (let i = 0; i < 8; i++) expect((await call(a.cookie, 'fetch', '@quiet-channel')).statusCode).toBe(200);
    before = youtubeCalls();
    const personSpent = await call(a.cookie, 'fetch', '@quiet-channel');
    expect(personSpent.statusCode).toBe(429);
    expect(personSpent.json().error.message).toBe(
      'You have checked YouTube channels 20 times today, the most we allow. Please try again in about 16 hours.',
    );
    expect(youtubeCalls()).toBe(before);

    // The server's verification budget (25 units here): a spent 19, b 1; c gets 5, then a clear 503.
    for (let i = 0; i < 5; i++) expect((await call(c.cookie, 'fetch', '@quiet-channel')).statusCode).toBe(200);
    before = youtubeCalls();
    const daySpent = await call(c.cookie, 'fetch', '@quiet-channel');
    expect(daySpent.statusCode).toBe(503);
    expect(daySpent.json().error).toEqual({
      code: 'SOCIAL_QUOTA',
      message: 'YouTube verification has reached its limit for today. Please try again in about 16 hours.',
    });
    expect(youtubeCalls()).toBe(before);

    // YouTube's next day (midnight in California) starts every count again.
    clock.advance(DAY);
    expect((await call(c.cookie, 'fetch')).statusCode).toBe(200);
    expect((await call(c.cookie, 'verify')).statusCode).toBe(422); // the channel may be read again too
  });

  it('leaves the follower refresh its own budget: counts are read again while verification is spent', async () => {
    const d = await registerUser(t, 'influencer');
    const { code } = (await call(d.cookie, 'fetch', '@oldschool')).json().account;
    const bio = await fetch(`${t.socialEmulator.url}/_emulator/youtube/accounts/oldschool`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bio: `Old school ${code}`, followers: 10_000 }),
    });
    expect(bio.status).toBe(200);
    expect((await call(d.cookie, 'verify')).statusCode).toBe(200);
    // Verification spends the rest of today's 25 units (written straight to the counter).
    await t.db.execute(sql`update rate_limit_counters set hits = 25 where key like 'yt-verify:all:%'`);
    expect((await call(d.cookie, 'fetch', '@quiet-channel')).json().error.code).toBe('SOCIAL_QUOTA');

    await t.socialEmulator.app.inject({
      method: 'PATCH',
      url: '/_emulator/youtube/accounts/oldschool',
      payload: { followers: 77_000 },
    });
    await t.db.update(socialVerifications).set({ countsRefreshedAt: new Date(clock().getTime() - 2 * DAY) });
    await t.jobs.ensureSchedules();
    clock.advance(9 * HOUR); // 04:00 in Tbilisi, still the same day in California
    const runs = await t.jobs.runDue();
    expect(runs.filter((r) => r.kind === 'social.refresh-counts').map((r) => r.outcome)).toEqual(['done']);
    const mine = await t.req({ url: '/api/social', cookie: d.cookie });
    expect(mine.json().accounts.find((x: { platform: string }) => x.platform === 'youtube')).toMatchObject({
      status: 'verified',
      followerCount: 77_000,
    });
    expect((await call(d.cookie, 'fetch', '@quiet-channel')).json().error.code).toBe('SOCIAL_QUOTA');
  });
});
