// Issue 25 §1.2: Instagram connections that never lapse. A long-lived token lasts 60 days and Instagram renews it
// only while it is valid and at least 24 hours old; the daily job renews each one once it is a week old, and one the
// platform will not renew marks the account "reconnect needed" and mails the influencer once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, socialVerifications } from '../../db/schema.ts';
import { DAY, fakeClock } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const clock = fakeClock('2026-11-24T10:00:00Z');
let inf: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  inf = await registerUser(t, 'influencer');
  await t.jobs.ensureSchedules();
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

/** Fetch, consent as the account, come back, place the code and verify: a verified Instagram connection. */
async function verifyInstagram(username: string) {
  const fetched = await t.req({
    method: 'POST',
    url: '/api/social/instagram/fetch',
    cookie: inf.cookie,
    body: { handle: username },
  });
  const u = new URL(fetched.json().authorizeUrl);
  const consent = await fetch(`${u.origin}${u.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(u.searchParams), username, decision: 'allow' }).toString(),
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location')!);
  await t.req({ url: `${back.pathname}${back.search}`, cookie: inf.cookie });
  await emuPost(`/_emulator/instagram/accounts/${username}`, { bio: `hi ${fetched.json().account.code}` });
  const verified = await t.req({ method: 'POST', url: '/api/social/instagram/verify', cookie: inf.cookie });
  expect(verified.statusCode).toBe(200);
}

const row = async () =>
  (await t.db.select().from(socialVerifications).where(eq(socialVerifications.platform, 'instagram')))[0]!;
const account = async () =>
  (await t.req({ url: '/api/social', cookie: inf.cookie }))
    .json()
    .accounts.find((a: { platform: string }) => a.platform === 'instagram');
const runTokenJob = async () =>
  (await t.jobs.runDue()).filter((r) => r.kind === 'social.refresh-tokens').map((r) => r.outcome);

describe('Instagram tokens', { timeout: 120_000 }, () => {
  it('renews a week-old token long before day 60, so the account is still read on day 90', async () => {
    await verifyInstagram('batumi.sunsets');
    const first = await row();
    expect(first.tokenIssuedAt).toEqual(clock());
    const firstExpiry = first.tokenExpiresAt!.getTime();
    expect(firstExpiry - clock().getTime()).toBe(60 * DAY);

    // Day 3: too young to renew (the job leaves it).
    clock.advance(3 * DAY);
    expect(await runTokenJob()).toEqual(['done']);
    expect((await row()).tokenExpiresAt!.getTime()).toBe(firstExpiry);

    // Past the first week the job renews it (a run every 8 days here): 60 days from each renewal.
    for (let day = 11; day <= 91; day += 8) {
      clock.advance(8 * DAY);
      expect(await runTokenJob()).toEqual(['done']);
      expect((await row()).tokenIssuedAt).toEqual(clock());
    }
    const later = await row();
    expect(later.tokenExpiresAt!.getTime()).toBeGreaterThan(clock().getTime() + 50 * DAY);
    // Day 90: the platform still answers with the renewed token (the old rule would have let it die on day 60).
    await emuPost('/_emulator/instagram/accounts/batumi.sunsets', { followers: 4321 });
    clock.advance(DAY);
    const counts = (await t.jobs.runDue()).filter((r) => r.kind === 'social.refresh-counts');
    expect(counts.map((r) => r.outcome)).toEqual(['done']);
    expect((await account()).followerCount).toBe(4321);
    expect((await account()).reconnectNeeded).toBe(false);
  });

  it('a token the platform will not renew marks the account "reconnect needed" and mails the influencer once', async () => {
    clock.advance(8 * DAY);
    // The person revoked our access on Instagram: every token it gave us is dead.
    await emuPost('/_emulator/tokens/expire', { platform: 'instagram' });
    expect(await runTokenJob()).toEqual(['done']);
    const r = await row();
    expect(r.reconnectNeededAt).toEqual(clock());
    expect(r.status).toBe('verified'); // still proven; only its numbers stop updating
    expect(await account()).toMatchObject({ status: 'verified', reconnectNeeded: true });
    const mails = await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, inf.email), eq(mailOutbox.subject, 'Please reconnect your Instagram account')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/settings?section=socials');

    // The next days do not mail again.
    clock.advance(DAY);
    await t.jobs.runDue();
    const again = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, inf.email), eq(mailOutbox.subject, 'Please reconnect your Instagram account')));
    expect(again).toHaveLength(1);

    // Connecting again clears it.
    await verifyInstagram('batumi.sunsets');
    expect((await account()).reconnectNeeded).toBe(false);
  });
});
