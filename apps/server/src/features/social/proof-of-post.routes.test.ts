// Issue 25 §3: the proof-of-post check through HTTP, the platform through the social emulator (decision 039).
import { SUPPORT_EMAIL } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { influencers, mailOutbox, notifications, postChecks, socialVerifications } from '../../db/schema.ts';
import { emulatedAccountId } from '../../integrations/social/emulator-contract.ts';
import { DAY, fakeClock, MINUTE } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';
import { orderFlow, type Person } from '../../test/order-flow.ts';
import { connectVerified } from '../../test/social-connect.ts';

const clock = fakeClock('2026-11-24T08:00:00Z');
let t: TestApp;
let client: Person;
let influencer: Person;
let flow: ReturnType<typeof orderFlow>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
  flow = orderFlow(t);
  // The influencer verified the emulator's @tbilisi-eats channel.
  const [me] = await t.db
    .select({ id: influencers.id })
    .from(influencers)
    .where(eq(influencers.userId, influencer.userId));
  await t.db.insert(socialVerifications).values({
    influencerId: me!.id,
    platform: 'youtube',
    handle: '@tbilisi-eats',
    url: 'https://www.youtube.com/@tbilisi-eats',
    accountId: emulatedAccountId('youtube', 'tbilisi-eats'),
    status: 'verified',
    verifiedAt: clock(),
  });
});
afterAll(() => t.close());
afterEach(() => faults({}));

const emu = (path: string, method: string, body?: unknown) =>
  fetch(`${t.socialEmulator.url}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
const faults = (f: object) => emu('/_emulator/faults', 'POST', f);
/** A new video on a channel of the emulator: its id and link. */
async function video(channel: string, extra: object = {}) {
  const res = await emu(`/_emulator/youtube/accounts/${channel}/posts`, 'POST', extra);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; url: string; publishedAt: string };
}
const removeVideo = async (id: string) =>
  expect((await emu(`/_emulator/youtube/posts/${id}`, 'DELETE')).status).toBe(204);

/** Paid, started, and submitted with `proofUrl` by `who`: the answer of Submit and what the brand's page shows. */
async function submit(proofUrl: string, who: Person = influencer) {
  const order = await flow.paidOrder({ client, influencer: who });
  await t.req({ method: 'POST', url: `/api/orders/${order.orderId}/start-work`, cookie: who.cookie });
  const res = await t.req({
    method: 'POST',
    url: `/api/orders/${order.orderId}/submit-work`,
    cookie: who.cookie,
    body: { proofUrl, completionNotes: '' },
  });
  return { ...order, submitted: res.statusCode };
}
const shown = async (campaignId: string) =>
  (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: client.cookie })).json().order.proofCheck;

describe('the check at submission', () => {
  it("marks the influencer's own post verified, with its date and counts", async () => {
    const v = await video('tbilisi-eats', {
      publishedAt: '2026-11-20T15:30:00Z',
      views: 12_345,
      likes: 678,
      comments: 9,
    });
    const o = await submit(v.url);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({
      platform: 'youtube',
      status: 'verified',
      reason: null,
      handle: 'tbilisi-eats',
      publishedAt: '2026-11-20T15:30:00.000Z',
      views: 12_345,
      likes: 678,
      comments: 9,
      removedAt: null,
    });
  });

  it("shows admins the brand's mark on the order page", async () => {
    const v = await video('tbilisi-eats', { publishedAt: '2026-11-21T09:00:00Z', views: 77 });
    const o = await submit(v.url);
    const admin = await t.req({ url: `/api/admin/orders/${o.orderId}`, cookie: await signInAdmin(t) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().proofCheck).toEqual(await shown(o.campaignId));
    expect(admin.json().proofCheck).toMatchObject({
      status: 'verified',
      handle: 'tbilisi-eats',
      publishedAt: '2026-11-21T09:00:00.000Z',
      views: 77,
    });
  });

  it("calls someone else's video not on the influencer's verified account", async () => {
    const v = await video('oldschool');
    const o = await submit(`https://youtu.be/${v.id}`);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({ status: 'not_owned', handle: 'tbilisi-eats', publishedAt: null });
  });

  it('calls a removed video not found', async () => {
    const v = await video('tbilisi-eats');
    await removeVideo(v.id);
    const o = await submit(v.url);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({ status: 'not_found' });
  });

  it('leaves a link on a platform without a verified account unchecked, and another link without a check', async () => {
    const ig = await submit('https://www.instagram.com/p/C1aBcD2eFgH/');
    expect(await shown(ig.campaignId)).toMatchObject({
      platform: 'instagram',
      status: 'unchecked',
      reason: 'no_verified_account',
    });
    const blog = await submit('https://example.com/my-review');
    expect(blog.submitted).toBe(200);
    expect(await shown(blog.campaignId)).toBeNull();
  });

  it('submits while YouTube is down; the job checks it once YouTube answers again', async () => {
    const v = await video('tbilisi-eats');
    await faults({ unavailable: ['youtube'] });
    const o = await submit(v.url);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({ status: 'unchecked', reason: 'platform_unavailable' });
    await t.jobs.ensureSchedules();
    // Still down at the next run: still unchecked, the submission untouched.
    clock.advance(61 * MINUTE);
    await t.jobs.runDue();
    expect(await shown(o.campaignId)).toMatchObject({ status: 'unchecked' });
    await faults({});
    clock.advance(61 * MINUTE);
    const runs = await t.jobs.runDue();
    expect(runs.filter((r) => r.kind === 'social.recheck-posts').map((r) => r.outcome)).toContain('done');
    expect(await shown(o.campaignId)).toMatchObject({ status: 'verified', handle: 'tbilisi-eats' });
  });
});

describe('the re-checks after approval', () => {
  it('reads the post again at 7 and 30 days and tells the brand and support once when it was removed', async () => {
    const v = await video('tbilisi-eats', { views: 100 });
    const o = await submit(v.url);
    const approved = await t.req({ method: 'POST', url: `/api/orders/${o.orderId}/approve`, cookie: client.cookie });
    expect(approved.statusCode).toBe(200);
    await t.jobs.ensureSchedules();
    const check = async () => (await t.db.select().from(postChecks).where(eq(postChecks.orderId, o.orderId)))[0]!;
    const told = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, client.userId))).filter((n) =>
        /was removed/.test(n.subject),
      );
    const supportMails = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, SUPPORT_EMAIL))).filter((m) =>
        m.subject.includes(o.orderId),
      );

    // Day 7: still there, counts refreshed.
    clock.advance(7 * DAY + MINUTE);
    await t.jobs.runDue();
    expect(await check()).toMatchObject({ status: 'verified', rechecks: 1, removedAt: null });

    // Removed before day 30: the 30-day check finds it gone, the brand and support hear it once.
    await removeVideo(v.id);
    clock.advance(10 * DAY);
    await t.jobs.runDue();
    expect((await check()).rechecks).toBe(1); // not due before day 30
    clock.advance(14 * DAY);
    await t.jobs.runDue();
    expect(await check()).toMatchObject({ status: 'not_found', rechecks: 2 });
    expect((await check()).removedAt).not.toBeNull();
    expect(await shown(o.campaignId)).toMatchObject({ status: 'not_found' });
    expect(await told()).toHaveLength(1);
    expect(await supportMails()).toHaveLength(1);
    const brandMails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email))).filter((m) =>
      /was removed/.test(m.subject),
    );
    expect(brandMails).toHaveLength(1);

    // Later runs tell no one again.
    clock.advance(40 * DAY);
    await t.jobs.runDue();
    expect(await told()).toHaveLength(1);
    expect(await supportMails()).toHaveLength(1);
  });
});

// TikTok and Instagram are read with the creator's own token (video query, /me/media): the influencer connects the
// account through the emulator's OAuth flow, as in the app, so the check uses a token we stored.
describe.each([
  { platform: 'tiktok', mine: 'proof.dancer', theirs: 'other.dancer' },
  { platform: 'instagram', mine: 'proof.sunsets', theirs: 'other.sunsets' },
] as const)('the check at submission on $platform', ({ platform, mine, theirs }) => {
  let creator: Person;
  beforeAll(async () => {
    for (const username of [mine, theirs])
      expect((await emu(`/_emulator/${platform}/accounts`, 'POST', { username })).status).toBe(201);
    creator = await registerUser(t, 'influencer');
    await connectVerified(t, creator.cookie, platform, mine);
  });
  /** A new post on an account of the emulated platform: its id and the link a person would copy. */
  async function post(account: string, extra: object = {}) {
    const res = await emu(`/_emulator/${platform}/accounts/${account}/posts`, 'POST', extra);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; url: string };
  }
  const removePost = async (id: string) =>
    expect((await emu(`/_emulator/${platform}/posts/${id}`, 'DELETE')).status).toBe(204);

  it("marks the influencer's own post verified, with its date and counts", async () => {
    const p = await post(mine, { publishedAt: '2026-11-20T15:30:00Z', views: 4_321, likes: 210, comments: 12 });
    const o = await submit(p.url, creator);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({
      platform,
      status: 'verified',
      reason: null,
      handle: mine,
      publishedAt: '2026-11-20T15:30:00.000Z',
      // Instagram's media list gives no view count.
      views: platform === 'tiktok' ? 4_321 : null,
      likes: 210,
      comments: 12,
      removedAt: null,
    });
  });

  it("calls someone else's post not on the influencer's verified account", async () => {
    const p = await post(theirs);
    const o = await submit(p.url, creator);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({ status: 'not_owned', handle: mine, publishedAt: null });
  });

  it('calls a post removed before submission not on the account, and one removed after approval not found', async () => {
    // The platform lists only the token owner's posts: a removed post and someone else's look alike at first.
    const gone = await post(mine);
    await removePost(gone.id);
    const early = await submit(gone.url, creator);
    expect(await shown(early.campaignId)).toMatchObject({ status: 'not_owned', handle: mine });

    // Verified once, then removed: the 7-day re-check says not found, and when.
    const p = await post(mine);
    const o = await submit(p.url, creator);
    expect(await shown(o.campaignId)).toMatchObject({ status: 'verified' });
    const approved = await t.req({ method: 'POST', url: `/api/orders/${o.orderId}/approve`, cookie: client.cookie });
    expect(approved.statusCode).toBe(200);
    await removePost(p.id);
    await t.jobs.ensureSchedules();
    clock.advance(7 * DAY + MINUTE);
    await t.jobs.runDue();
    expect(await shown(o.campaignId)).toMatchObject({ status: 'not_found', removedAt: expect.any(String) });
  });

  it(`submits while ${platform} is down: could not be checked; the job checks it once it answers`, async () => {
    const p = await post(mine);
    await faults({ unavailable: [platform] });
    const o = await submit(p.url, creator);
    expect(o.submitted).toBe(200);
    expect(await shown(o.campaignId)).toMatchObject({
      platform,
      status: 'unchecked',
      reason: 'platform_unavailable',
      handle: mine,
    });
    await faults({});
    await t.jobs.ensureSchedules();
    clock.advance(61 * MINUTE);
    await t.jobs.runDue();
    expect(await shown(o.campaignId)).toMatchObject({ status: 'verified', reason: null, handle: mine });
  });
});

it("reads a TikTok link naming the influencer over another creator's video as not theirs (the API is asked)", async () => {
  const creator = await registerUser(t, 'influencer');
  await emu('/_emulator/tiktok/accounts', 'POST', { username: 'proof.named' });
  await connectVerified(t, creator.cookie, 'tiktok', 'proof.named');
  const res = await emu('/_emulator/tiktok/accounts/kartuli.dance/posts', 'POST', {});
  expect(res.status).toBe(201);
  const theirs = (await res.json()) as { id: string };
  const o = await submit(`https://www.tiktok.com/@proof.named/video/${theirs.id}`, creator);
  expect(await shown(o.campaignId)).toMatchObject({ status: 'not_owned', handle: 'proof.named' });
});
