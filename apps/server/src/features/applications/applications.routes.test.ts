import { businessToday } from '@app/shared/common/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignApplications, campaignInvitations, campaigns, chats, orders } from '../../db/schema.ts';
import { admin, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: Person;
let otherClient: Person;
let inf1: Person;
let inf2: Person;
let inf3: Person;
let adminCookie: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

async function newCampaign(budget = 250): Promise<string> {
  const res = await t.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie: owner.cookie,
    body: { socials: ['youtube'], title: 'Unboxing', description: 'One video', budget, deadline: null },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

const apply = (cookie: string, campaignId: string) =>
  t.req({ method: 'POST', url: `/api/campaigns/${campaignId}/applications`, cookie });
const decide = (cookie: string, applicationId: string, what: 'accept' | 'reject') =>
  t.req({ method: 'POST', url: `/api/applications/${applicationId}/${what}`, cookie });

async function applied(p: Person, campaignId: string): Promise<string> {
  const res = await apply(p.cookie, campaignId);
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return res.json().application.id;
}

async function cardOf(cookie: string, campaignId: string) {
  const res = await t.req({ url: '/api/campaigns?limit=50', cookie });
  return (res.json().items as Array<{ id: string }>).find((c) => c.id === campaignId) as Record<string, unknown>;
}

const statusOf = async (applicationId: string) =>
  (
    await t.db
      .select({ status: campaignApplications.status })
      .from(campaignApplications)
      .where(eq(campaignApplications.id, applicationId))
  )[0]?.status;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'client');
  otherClient = await person(t, 'client');
  inf1 = await person(t, 'influencer');
  inf2 = await person(t, 'influencer');
  inf3 = await person(t, 'influencer');
  adminCookie = (await admin(t)).cookie;
});
afterAll(() => t.close());

describe('apply', () => {
  it('applies once; the second try is refused and nothing is added', async () => {
    const c = await newCampaign();
    const first = await apply(inf1.cookie, c);
    expect(first.statusCode).toBe(201);
    expect(first.json().application).toMatchObject({ status: 'pending' });
    expect(Number.isNaN(Date.parse(first.json().application.createdAt))).toBe(false);
    const second = await apply(inf1.cookie, c);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'ALREADY_APPLIED',
      message: 'You have already applied to this campaign.',
    });
    expect(await t.db.$count(campaignApplications, eq(campaignApplications.campaignId, c))).toBe(1);
  });

  it('lets the unique constraint decide two applications sent at once', async () => {
    const c = await newCampaign();
    const results = await Promise.all([apply(inf1.cookie, c), apply(inf1.cookie, c)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('ALREADY_APPLIED');
    expect(await t.db.$count(campaignApplications, eq(campaignApplications.campaignId, c))).toBe(1);
  });

  it('answers a pending invitation, and leaves a declined one as it was', async () => {
    const c = await newCampaign();
    await t.db.insert(campaignInvitations).values([
      { campaignId: c, influencerId: inf1.profileId, clientId: owner.profileId },
      { campaignId: c, influencerId: inf2.profileId, clientId: owner.profileId, status: 'declined' },
    ]);
    await applied(inf1, c);
    await applied(inf2, c);
    const rows = await t.db
      .select({ influencerId: campaignInvitations.influencerId, status: campaignInvitations.status })
      .from(campaignInvitations)
      .where(eq(campaignInvitations.campaignId, c));
    expect(Object.fromEntries(rows.map((r) => [r.influencerId, r.status]))).toEqual({
      [inf1.profileId]: 'applied',
      [inf2.profileId]: 'declined',
    });
  });

  it.each([
    ['not open', { status: 'in_progress' }],
    ['past its deadline', { deadline: '2020-01-01' }],
  ])('refuses a campaign that is %s', async (_name, patch) => {
    const c = await newCampaign();
    await t.db.update(campaigns).set(patch).where(eq(campaigns.id, c));
    const res = await apply(inf1.cookie, c);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CAMPAIGN_NOT_OPEN',
      message: 'This campaign is no longer accepting applications.',
    });
    expect(await t.db.$count(campaignApplications, eq(campaignApplications.campaignId, c))).toBe(0);
  });

  it("accepts today's deadline (Tbilisi date)", async () => {
    const c = await newCampaign();
    await t.db.update(campaigns).set({ deadline: businessToday() }).where(eq(campaigns.id, c));
    expect((await apply(inf1.cookie, c)).statusCode).toBe(201);
  });

  it('refuses a campaign that has already hired', async () => {
    const c = await newCampaign();
    expect((await decide(owner.cookie, await applied(inf1, c), 'accept')).statusCode).toBe(200);
    const late = await apply(inf2.cookie, c);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CAMPAIGN_NOT_OPEN');
  });

  it('is for influencers only, on a campaign that exists', async () => {
    const c = await newCampaign();
    const asClient = await apply(owner.cookie, c);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().error.message).toBe('This is only available for influencers.');
    expect((await apply(adminCookie, c)).statusCode).toBe(403);
    expect((await apply('', c)).statusCode).toBe(401);
    expect((await apply(inf1.cookie, 'abc')).statusCode).toBe(400);
    const missing = await apply(inf1.cookie, MISSING);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Campaign not found');
    expect(await t.db.$count(campaignApplications, eq(campaignApplications.campaignId, c))).toBe(0);
  });
});

describe('accept', () => {
  it('creates the unpaid order for the budget and its chat, and rejects the other pending applicants', async () => {
    const c = await newCampaign(320);
    const a1 = await applied(inf1, c);
    const a2 = await applied(inf2, c);
    const a3 = await applied(inf3, c);
    expect((await decide(owner.cookie, a3, 'reject')).statusCode).toBe(200);

    const res = await decide(owner.cookie, a1, 'accept');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      application: { id: a1, status: 'accepted' },
      order: { status: 'unpaid', amountMinor: 32_000 },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.campaignId, c));
    expect(order).toMatchObject({
      id: body.order.id,
      status: 'unpaid',
      amountMinor: 32_000,
      clientId: owner.profileId,
      influencerId: inf1.profileId,
      applicationId: a1,
      workStatus: 'not_started',
    });
    const [chat] = await t.db.select().from(chats).where(eq(chats.orderId, body.order.id));
    expect(chat).toMatchObject({
      id: body.chatId,
      clientId: owner.profileId,
      influencerId: inf1.profileId,
      chatType: 'order',
      status: 'active',
    });
    expect(await statusOf(a2)).toBe('rejected');
    expect(await statusOf(a3)).toBe('rejected');
  });

  it('refuses a second hire: the same application again, or another one', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    const a2 = await applied(inf2, c);
    expect((await decide(owner.cookie, a1, 'accept')).statusCode).toBe(200);
    for (const id of [a1, a2]) {
      const res = await decide(owner.cookie, id, 'accept');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'CAMPAIGN_ALREADY_HIRED',
        message: 'This campaign has already hired an influencer.',
      });
    }
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(1);
  });

  it('refuses a rejected application', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    expect((await decide(owner.cookie, a1, 'reject')).statusCode).toBe(200);
    const res = await decide(owner.cookie, a1, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('APPLICATION_NOT_PENDING');
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(0);
  });

  it('refuses when the campaign is no longer open', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    await t.db.update(campaigns).set({ status: 'canceled' }).where(eq(campaigns.id, c));
    const res = await decide(owner.cookie, a1, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CAMPAIGN_NOT_OPEN');
    expect(await statusOf(a1)).toBe('pending');
  });

  it('refuses an applicant who has deactivated their account: no order, no chat, and the reason (issue 8.10)', async () => {
    const c = await newCampaign();
    const leaver = await person(t, 'influencer');
    const a = await applied(leaver, c);
    const gone = await t.req({
      method: 'POST',
      url: '/api/me/deactivate',
      cookie: leaver.cookie,
      body: { confirmation: 'delete me' },
    });
    expect(gone.statusCode).toBe(200);
    const res = await decide(owner.cookie, a, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INFLUENCER_UNAVAILABLE' });
    expect(res.json().error.message).toMatch(/deactivated their account/);
    expect(await statusOf(a)).toBe('pending');
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(0);
    expect(await t.db.$count(chats, eq(chats.influencerId, leaver.profileId))).toBe(0);
  });

  it('is for the owning client only', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    const other = await decide(otherClient.cookie, a1, 'accept');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Application not found');
    expect((await decide(inf1.cookie, a1, 'accept')).statusCode).toBe(403);
    expect((await decide(adminCookie, a1, 'accept')).statusCode).toBe(403);
    expect((await decide('', a1, 'accept')).statusCode).toBe(401);
    expect((await decide(owner.cookie, 'x1', 'accept')).statusCode).toBe(400);
    expect((await decide(owner.cookie, MISSING, 'accept')).statusCode).toBe(404);
    expect(await statusOf(a1)).toBe('pending');
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(0);
  });

  it('two accepts of one application at once make one order', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    const results = await Promise.all([decide(owner.cookie, a1, 'accept'), decide(owner.cookie, a1, 'accept')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(1);
    expect(await t.db.$count(chats, eq(chats.influencerId, inf1.profileId))).toBeGreaterThan(0);
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.campaignId, c));
    expect(await t.db.$count(chats, eq(chats.orderId, order!.id))).toBe(1);
  });

  it('accepts of two applicants at once hire one of them', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    const a2 = await applied(inf2, c);
    const results = await Promise.all([decide(owner.cookie, a1, 'accept'), decide(owner.cookie, a2, 'accept')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('CAMPAIGN_ALREADY_HIRED');
    expect(await t.db.$count(orders, eq(orders.campaignId, c))).toBe(1);
    expect(
      await t.db.$count(
        campaignApplications,
        and(eq(campaignApplications.campaignId, c), eq(campaignApplications.status, 'accepted')),
      ),
    ).toBe(1);
  });
});

describe('reject', () => {
  it('rejects a pending application once, and the influencer’s card shows canceled', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    const res = await decide(owner.cookie, a1, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ application: { id: a1, status: 'rejected' }, order: null, chatId: null });
    expect(await statusOf(a1)).toBe('rejected');
    expect(await cardOf(inf1.cookie, c)).toMatchObject({
      applicationStatus: 'rejected',
      displayStatus: 'not_selected',
    });
    const again = await decide(owner.cookie, a1, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('APPLICATION_NOT_PENDING');
  });

  it('cannot undo a hire', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    expect((await decide(owner.cookie, a1, 'accept')).statusCode).toBe(200);
    expect((await decide(owner.cookie, a1, 'reject')).statusCode).toBe(409);
    expect(await statusOf(a1)).toBe('accepted');
  });

  it('is for the owning client only', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    expect((await decide(otherClient.cookie, a1, 'reject')).statusCode).toBe(404);
    expect((await decide(inf1.cookie, a1, 'reject')).statusCode).toBe(403);
    expect((await decide(adminCookie, a1, 'reject')).statusCode).toBe(403);
    expect((await decide('', a1, 'reject')).statusCode).toBe(401);
    expect(await statusOf(a1)).toBe('pending');
  });
});

describe('derived statuses', () => {
  it('follow the order in one vocabulary: Payment Pending while unpaid (for both parties), then its stage', async () => {
    const c = await newCampaign();
    const a1 = await applied(inf1, c);
    expect(await cardOf(inf1.cookie, c)).toMatchObject({ displayStatus: 'open', applicationStatus: 'pending' });
    const { order } = (await decide(owner.cookie, a1, 'accept')).json();

    expect(await cardOf(inf1.cookie, c)).toMatchObject({
      displayStatus: 'payment_pending',
      applicationStatus: 'accepted',
    });
    expect(await cardOf(owner.cookie, c)).toMatchObject({ displayStatus: 'payment_pending', applicationsCount: 1 });

    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    expect(await cardOf(inf1.cookie, c)).toMatchObject({ displayStatus: 'ready_to_start' });
    expect(await cardOf(owner.cookie, c)).toMatchObject({ displayStatus: 'ready_to_start' });

    await t.db.update(orders).set({ workStatus: 'in_progress' }).where(eq(orders.id, order.id));
    await t.db.update(campaigns).set({ status: 'in_progress' }).where(eq(campaigns.id, c));
    expect(await cardOf(inf1.cookie, c)).toMatchObject({ displayStatus: 'in_progress', status: 'in_progress' });
    expect(await cardOf(owner.cookie, c)).toMatchObject({ displayStatus: 'in_progress' });
    const detail = await t.req({ url: `/api/campaigns/${c}`, cookie: inf1.cookie });
    expect(detail.json()).toMatchObject({ displayStatus: 'in_progress', order: { status: 'paid' } });
    // An influencer who was not hired does not see the campaign any more (closed, never applied).
    expect(await cardOf(inf2.cookie, c)).toBeUndefined();
  });
});
