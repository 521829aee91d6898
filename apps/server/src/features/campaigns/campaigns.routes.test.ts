import { businessToday } from '@app/shared/common/dates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignApplications,
  campaignInvitations,
  campaigns,
  chats,
  clients,
  influencers,
  orders,
  payments,
} from '../../db/schema.ts';
import { admin, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ownerA: Person;
let ownerB: Person;
let inf1: Person;
let inf2: Person;
let adminCookie: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A calendar date `days` away from today in Tbilisi, as yyyy-MM-dd. */
const dayFromToday = (days: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const valid = {
  socials: ['tiktok'],
  title: 'Summer drinks',
  description: 'Three short videos with our lemonade.',
  budget: 1500,
  deadline: null,
  uploadLink: '',
};

async function create(cookie: string, body: Record<string, unknown> = {}) {
  const res = await t.req({ method: 'POST', url: '/api/campaigns', cookie, body: { ...valid, ...body } });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A campaign written straight to the database (dates and states the API would not accept). */
async function insertCampaign(clientId: string, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(campaigns)
    .values({ clientId, title: 'Direct', description: 'Inserted', socials: ['instagram'], ...values })
    .returning({ id: campaigns.id });
  return row!.id;
}

const list = (cookie: string, query = '') => t.req({ url: `/api/campaigns${query}`, cookie });
const detail = (cookie: string, id: string) => t.req({ url: `/api/campaigns/${id}`, cookie });
const apply = (cookie: string, id: string) =>
  t.req({ method: 'POST', url: `/api/campaigns/${id}/applications`, cookie });
const accept = (cookie: string, applicationId: string) =>
  t.req({ method: 'POST', url: `/api/applications/${applicationId}/accept`, cookie });
const remove = (cookie: string, id: string) => t.req({ method: 'DELETE', url: `/api/campaigns/${id}`, cookie });

/** Every card of a list, following nextCursor to the end. */
async function allPages(cookie: string, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await list(cookie, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    ids.push(...body.items.map((c: { id: string }) => c.id));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('the list never ended');
}

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await person(t, 'client', { name: 'Nino', lastname: 'Beridze' });
  ownerB = await person(t, 'client');
  inf1 = await person(t, 'influencer', { name: 'Luka', lastname: 'Kapanadze' });
  inf2 = await person(t, 'influencer');
  adminCookie = (await admin(t)).cookie;
  await t.db
    .update(influencers)
    .set({ socials: { instagram: '@luka', tiktok: '', youtube: '  ' } })
    .where(eq(influencers.id, inf1.profileId));
});
afterAll(() => t.close());

describe('create a campaign', () => {
  it('saves an open campaign with the budget in tetri, one network and empty requirements', async () => {
    const body = await create(ownerA.cookie, {
      title: '  Summer drinks  ',
      budget: 1500,
      deadline: dayFromToday(0),
      uploadLink: 'https://drive.example.com/brief',
    });
    expect(body).toMatchObject({
      title: 'Summer drinks',
      description: valid.description,
      budgetMinor: 150_000,
      socials: ['tiktok'],
      status: 'open',
      displayStatus: 'open',
      deadline: dayFromToday(0),
      uploadLink: 'https://drive.example.com/brief',
      client: { id: ownerA.profileId, name: 'Nino', lastname: 'Beridze', avatarUrl: null },
      viewer: { isOwner: true, canDelete: true, canApply: false, application: null, invited: false },
      counts: { total: 0, pending: 0, accepted: 0, rejected: 0 },
      applications: [],
      order: null,
    });
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, body.id));
    expect(row).toMatchObject({
      clientId: ownerA.profileId,
      budgetMinor: 150_000,
      requirements: { target_audience: '', content_type: '', deliverables: '', timeline: '' },
    });
  });

  it('stores an empty upload link and no deadline as none; the smallest budget is 1 GEL', async () => {
    const body = await create(ownerA.cookie, { uploadLink: '', deadline: null, budget: 1 });
    expect(body).toMatchObject({ uploadLink: null, deadline: null, budgetMinor: 100 });
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title', 'Please fill in all required fields'],
    ['a blank description', { description: '' }, 'description', 'Please fill in all required fields'],
    ['a 51-character title', { title: 'x'.repeat(51) }, 'title', 'Title must be at most 50 characters'],
    // A campaign is worth at least 1 GEL: the spec's "unparsable becomes 0" made unpayable campaigns (decision 025).
    ['a budget of 0 GEL', { budget: 0 }, 'budget', 'Budget must be at least 1 GEL'],
    ['a negative budget', { budget: -1 }, 'budget', 'Budget must be at least 1 GEL'],
    ['no budget', { budget: undefined }, 'budget', 'Enter a budget'],
    ['a null budget', { budget: null }, 'budget', 'Enter a budget'],
    ['a budget of letters', { budget: 'abc' }, 'budget', 'Budget must be a number'],
    ['a fractional budget', { budget: 10.5 }, 'budget', 'Budget is in whole GEL'],
    ['a huge budget', { budget: 1_000_001 }, 'budget', 'Budget must be at most 1,000,000 GEL'],
    ['a budget as text', { budget: '100' }, 'budget', 'Budget must be a number'],
    ['a past deadline', { deadline: dayFromToday(-1) }, 'deadline', 'Deadline cannot be in the past'],
    ['a malformed deadline', { deadline: '31/12/2030' }, 'deadline', 'Use the date format yyyy-MM-dd'],
    ['a deadline not on the calendar', { deadline: '2031-02-30' }, 'deadline', 'This date does not exist'],
    [
      'an upload link that is not a web address',
      { uploadLink: 'ftp://files.example.com/x' },
      'uploadLink',
      'Enter a link that starts with http:// or https://',
    ],
    ['an unknown network', { socials: ['myspace'] }, 'socials.0', 'Please select a social network'],
    ['no network', { socials: [] }, 'socials', 'Please select a social network'],
    ['two networks', { socials: ['tiktok', 'youtube'] }, 'socials', 'Please select a social network'],
  ])('refuses %s with a field error and saves nothing', async (_name, patch, field, message) => {
    const before = await t.db.$count(campaigns, eq(campaigns.clientId, ownerA.profileId));
    const res = await t.req({
      method: 'POST',
      url: '/api/campaigns',
      cookie: ownerA.cookie,
      body: { ...valid, ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.fieldErrors[field]).toContain(message);
    expect(await t.db.$count(campaigns, eq(campaigns.clientId, ownerA.profileId))).toBe(before);
  });

  it('refuses a missing network', async () => {
    const { socials: _omitted, ...rest } = valid;
    const res = await t.req({ method: 'POST', url: '/api/campaigns', cookie: ownerA.cookie, body: rest });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.socials).toEqual(['Please select a social network']);
  });

  it('is for clients only', async () => {
    const asInfluencer = await t.req({ method: 'POST', url: '/api/campaigns', cookie: inf1.cookie, body: valid });
    expect(asInfluencer.statusCode).toBe(403);
    expect(asInfluencer.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This is only available for clients.',
    });
    expect((await t.req({ method: 'POST', url: '/api/campaigns', cookie: adminCookie, body: valid })).statusCode).toBe(
      403,
    );
    const signedOut = await t.req({ method: 'POST', url: '/api/campaigns', body: valid });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a write that does not come from the app', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/campaigns',
      cookie: ownerA.cookie,
      body: valid,
      origin: null,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });
});

describe('campaign list', () => {
  it("shows a client only their own campaigns, newest first, with each one's applications count", async () => {
    const client = await person(t, 'client');
    const older = await create(client.cookie, { title: 'Older' });
    const newer = await create(client.cookie, { title: 'Newer' });
    const foreign = await create(ownerB.cookie, { title: 'Not yours' });
    expect((await apply(inf1.cookie, older.id)).statusCode).toBe(201);
    expect((await apply(inf2.cookie, older.id)).statusCode).toBe(201);

    const res = await list(client.cookie);
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(items.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(items.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
    expect(items[1]).toMatchObject({
      title: 'Older',
      applicationsCount: 2,
      applicationStatus: null,
      invited: false,
      displayStatus: 'open',
      budgetMinor: 150_000,
    });
    expect(items[0].applicationsCount).toBe(0);
  });

  it('pages without overlap or gaps, even when rows share a timestamp, and the cursor round-trips', async () => {
    const client = await person(t, 'client');
    // Same created_at for five rows (microseconds included): the id breaks the tie.
    const same = await t.db
      .insert(campaigns)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          clientId: client.profileId,
          title: `Tie ${i}`,
          description: 'd',
          socials: ['youtube'],
        })),
      )
      .returning({ id: campaigns.id });
    await t.db
      .update(campaigns)
      .set({ createdAt: sql`${'2030-01-01 10:00:00.123456+00'}::timestamptz` })
      .where(
        inArray(
          campaigns.id,
          same.map((s) => s.id),
        ),
      );
    const newest = await create(client.cookie, { title: 'Newest' });

    const first = await list(client.cookie, '?limit=2');
    expect(first.json().items).toHaveLength(2);
    const cursor = first.json().nextCursor as string;
    expect(Buffer.from(cursor, 'base64url').toString()).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9a-f-]{36}$/);
    // The same cursor gives the same page.
    const again = await list(client.cookie, `?limit=2&cursor=${cursor}`);
    const again2 = await list(client.cookie, `?limit=2&cursor=${cursor}`);
    expect(again.json()).toEqual(again2.json());

    const ids = await allPages(client.cookie, '?limit=2');
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    // The API created its campaign now (before 2030): the five tied rows come first, by id descending.
    const tiedDesc = same.map((s) => s.id).sort((a, b) => (a < b ? 1 : -1));
    expect(ids).toEqual([...tiedDesc, newest.id]);
  });

  it('refuses a cursor it did not make, and a limit out of range', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('2030-01-01|x').toString('base64url')]) {
      const res = await list(ownerA.cookie, `?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'This page link is no longer valid. Reload the list to start again.',
      });
    }
    expect((await list(ownerA.cookie, '?limit=0')).statusCode).toBe(400);
    expect((await list(ownerA.cookie, '?limit=51')).statusCode).toBe(400);
    expect((await list(ownerA.cookie, '?limit=abc')).statusCode).toBe(400);
  });

  it('filters by platform and refuses an unknown one', async () => {
    const client = await person(t, 'client');
    const insta = await create(client.cookie, { socials: ['instagram'] });
    const tiktok = await create(client.cookie, { socials: ['tiktok'] });
    const res = await list(client.cookie, '?platform=instagram');
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual([insta.id]);
    const tt = await list(client.cookie, '?platform=tiktok');
    expect(tt.json().items.map((c: { id: string }) => c.id)).toEqual([tiktok.id]);
    expect((await list(client.cookie, '?platform=facebook')).json().items).toEqual([]);
    const bad = await list(client.cookie, '?platform=twitter');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fieldErrors.platform).toEqual(['Please select a social network']);
  });

  it('leaves out campaigns whose deadline has passed (Tbilisi date), for both sides', async () => {
    const client = await person(t, 'client');
    const expired = await insertCampaign(client.profileId, { deadline: dayFromToday(-1), title: 'Expired' });
    const today = await insertCampaign(client.profileId, { deadline: dayFromToday(0), title: 'Today' });
    const open = await insertCampaign(client.profileId, { deadline: null, title: 'No deadline' });
    const mine = (await list(client.cookie)).json().items.map((c: { id: string }) => c.id);
    expect(mine).toEqual(expect.arrayContaining([today, open]));
    expect(mine).not.toContain(expired);
    const seen = await allPages(inf2.cookie, '?limit=50');
    expect(seen).toEqual(expect.arrayContaining([today, open]));
    expect(seen).not.toContain(expired);
  });

  it('shows an influencer every open campaign with its client, and the closed ones only when they applied', async () => {
    const client = await person(t, 'client', { name: 'Tamar', lastname: 'Gelashvili' });
    const openOne = await create(client.cookie, { title: 'Open for all' });
    const closed = await insertCampaign(client.profileId, { status: 'in_progress', title: 'Closed' });
    const closedApplied = await insertCampaign(client.profileId, { title: 'Applied then closed' });
    expect((await apply(inf1.cookie, closedApplied)).statusCode).toBe(201);
    await t.db.update(campaigns).set({ status: 'in_progress' }).where(eq(campaigns.id, closedApplied));
    await t.db
      .insert(campaignInvitations)
      .values({ campaignId: openOne.id, influencerId: inf1.profileId, clientId: client.profileId });

    const ids = await allPages(inf1.cookie, '?limit=3');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([openOne.id, closedApplied]));
    expect(ids).not.toContain(closed);

    const cards = (await list(inf1.cookie, '?limit=50')).json().items as Array<Record<string, unknown>>;
    expect(cards.find((c) => c.id === openOne.id)).toMatchObject({
      client: { id: client.profileId, name: 'Tamar', lastname: 'Gelashvili', avatarUrl: null },
      applicationStatus: null,
      applicationsCount: null,
      invited: true,
      displayStatus: 'open',
    });
    expect(cards.find((c) => c.id === closedApplied)).toMatchObject({
      status: 'in_progress',
      applicationStatus: 'pending',
      invited: false,
      displayStatus: 'open',
    });
    // Another influencer was not invited and did not apply.
    const other = (await list(inf2.cookie, '?limit=50')).json().items as Array<Record<string, unknown>>;
    expect(other.find((c) => c.id === openOne.id)).toMatchObject({ invited: false, applicationStatus: null });
    expect(other.map((c) => c.id)).not.toContain(closedApplied);
  });

  it("takes a deactivated brand's open campaigns off the market: not listed, not open to applications", async () => {
    const client = await person(t, 'client');
    const gone = await create(client.cookie, { title: 'Brand left' });
    expect(await allPages(inf1.cookie, '?limit=50')).toContain(gone.id);
    await t.db.update(clients).set({ isActive: false }).where(eq(clients.id, client.profileId));

    expect(await allPages(inf1.cookie, '?limit=50')).not.toContain(gone.id);
    // Gone from the list, gone by id (issue 8).
    expect((await t.req({ url: `/api/campaigns/${gone.id}`, cookie: inf1.cookie })).statusCode).toBe(404);
    const res = await t.req({ method: 'POST', url: `/api/campaigns/${gone.id}/applications`, cookie: inf1.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CAMPAIGN_NOT_OPEN');
  });

  it('keeps a hired campaign only on the lists of those who applied', async () => {
    const client = await person(t, 'client');
    const hired = await create(client.cookie, { title: 'Hired already' });
    const applicant = await person(t, 'influencer');
    expect((await apply(applicant.cookie, hired.id)).statusCode).toBe(201);
    const [application] = await t.db
      .select({ id: campaignApplications.id })
      .from(campaignApplications)
      .where(eq(campaignApplications.campaignId, hired.id));
    const accept = await t.req({
      method: 'POST',
      url: `/api/applications/${application!.id}/accept`,
      cookie: client.cookie,
    });
    expect(accept.statusCode).toBe(200);

    expect(await allPages(applicant.cookie, '?limit=50')).toContain(hired.id);
    expect(await allPages(inf2.cookie, '?limit=50')).not.toContain(hired.id);
  });

  it('is for clients and influencers, signed in', async () => {
    const asAdmin = await list(adminCookie);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.code).toBe('FORBIDDEN');
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('campaign detail', () => {
  it('shows the owner and admins the applications with their non-empty handles, and counts', async () => {
    const c = await create(ownerA.cookie);
    expect((await apply(inf1.cookie, c.id)).statusCode).toBe(201);
    const applied2 = await apply(inf2.cookie, c.id);
    const reject = await t.req({
      method: 'POST',
      url: `/api/applications/${applied2.json().application.id}/reject`,
      cookie: ownerA.cookie,
    });
    expect(reject.statusCode).toBe(200);

    const res = await detail(ownerA.cookie, c.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ total: 2, pending: 1, accepted: 0, rejected: 1 });
    expect(body.applications).toHaveLength(2);
    const luka = body.applications.find((a: { influencer: { id: string } }) => a.influencer.id === inf1.profileId);
    expect(luka).toMatchObject({
      status: 'pending',
      influencer: { name: 'Luka', lastname: 'Kapanadze', avatarUrl: null, socials: { instagram: '@luka' } },
    });
    expect(Object.keys(luka.influencer.socials)).toEqual(['instagram']);
    expect(body.viewer).toMatchObject({ isOwner: true, canDelete: true, canApply: false });

    const asAdmin = await detail(adminCookie, c.id);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({
      counts: { total: 2 },
      viewer: { isOwner: false, canDelete: false, canApply: false },
    });
    expect(asAdmin.json().applications).toHaveLength(2);
  });

  it("hides another client's campaign, and answers a malformed or unknown id", async () => {
    const c = await create(ownerA.cookie);
    const other = await detail(ownerB.cookie, c.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
    const malformed = await detail(ownerA.cookie, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.fieldErrors.id).toEqual(['Not a valid id']);
    expect((await detail(ownerA.cookie, MISSING)).statusCode).toBe(404);
    expect((await detail('', c.id)).statusCode).toBe(401);
  });

  it('shows an influencer an open campaign without anyone else’s applications, and lets them apply once', async () => {
    const c = await create(ownerA.cookie);
    const before = (await detail(inf1.cookie, c.id)).json();
    expect(before).toMatchObject({
      counts: null,
      applications: null,
      order: null,
      viewer: { isOwner: false, canDelete: false, canApply: true, application: null, invited: false },
    });
    expect((await apply(inf2.cookie, c.id)).statusCode).toBe(201);
    expect((await detail(inf1.cookie, c.id)).json()).toMatchObject({ counts: null, applications: null });
    expect((await apply(inf1.cookie, c.id)).statusCode).toBe(201);
    const after = (await detail(inf1.cookie, c.id)).json();
    expect(after.viewer).toMatchObject({ canApply: false, application: { status: 'pending' } });
    expect(after.displayStatus).toBe('open');
  });

  it('lets an influencer open a campaign off the market only if they applied to it; an invitation is not enough', async () => {
    const closed = await insertCampaign(ownerA.profileId, { status: 'in_progress' });
    expect((await detail(inf1.cookie, closed)).statusCode).toBe(404);
    await t.db
      .insert(campaignInvitations)
      .values({ campaignId: closed, influencerId: inf1.profileId, clientId: ownerA.profileId });
    expect((await detail(inf1.cookie, closed)).statusCode).toBe(404);
    await t.db.insert(campaignApplications).values({ campaignId: closed, influencerId: inf2.profileId });
    const applicant = await detail(inf2.cookie, closed);
    expect(applicant.statusCode).toBe(200);
    expect(applicant.json().viewer).toMatchObject({ canApply: false, application: { status: 'pending' } });
  });

  it('hides a campaign past its deadline from those who did not apply, and offers applying to nobody', async () => {
    const expired = await insertCampaign(ownerA.profileId, { deadline: dayFromToday(-1) });
    expect((await detail(inf1.cookie, expired)).statusCode).toBe(404);
    await t.db.insert(campaignApplications).values({ campaignId: expired, influencerId: inf1.profileId });
    const res = await detail(inf1.cookie, expired);
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer.canApply).toBe(false);
  });

  it('shows the order and its chat to the owner and the hired influencer only', async () => {
    const c = await create(ownerA.cookie, { budget: 700 });
    const applied = await apply(inf1.cookie, c.id);
    expect((await apply(inf2.cookie, c.id)).statusCode).toBe(201);
    const hired = await accept(ownerA.cookie, applied.json().application.id);
    expect(hired.statusCode).toBe(200);
    const { order, chatId } = hired.json();

    const owner = (await detail(ownerA.cookie, c.id)).json();
    expect(owner.order).toMatchObject({
      id: order.id,
      status: 'unpaid',
      amountMinor: 70_000,
      workStatus: 'not_started',
      approvalStatus: null,
      chatId,
      influencer: { id: inf1.profileId, name: 'Luka', lastname: 'Kapanadze' },
    });
    expect(owner.counts).toEqual({ total: 2, pending: 0, accepted: 1, rejected: 1 });
    const hiredView = (await detail(inf1.cookie, c.id)).json();
    expect(hiredView.order).toMatchObject({ id: order.id, chatId });
    expect(hiredView.applications).toBeNull();
    const otherView = (await detail(inf2.cookie, c.id)).json();
    expect(otherView.order).toBeNull();
    expect(otherView.displayStatus).toBe('not_selected');
    // Hired: the campaign still says open until payment, but it has left the market: a newcomer, even one who
    // was invited, gets 404 by id (issue 8), as the list already hides it.
    const newcomer = await person(t, 'influencer');
    await t.db
      .insert(campaignInvitations)
      .values({ campaignId: c.id, influencerId: newcomer.profileId, clientId: ownerA.profileId });
    expect((await detail(newcomer.cookie, c.id)).statusCode).toBe(404);
  });
});

describe('delete a campaign', () => {
  it('removes the campaign with its applications and invitations', async () => {
    const c = await create(ownerA.cookie);
    expect((await apply(inf1.cookie, c.id)).statusCode).toBe(201);
    await t.db
      .insert(campaignInvitations)
      .values({ campaignId: c.id, influencerId: inf2.profileId, clientId: ownerA.profileId });
    const res = await remove(ownerA.cookie, c.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await detail(ownerA.cookie, c.id)).statusCode).toBe(404);
    expect(await t.db.$count(campaignApplications, eq(campaignApplications.campaignId, c.id))).toBe(0);
    expect(await t.db.$count(campaignInvitations, eq(campaignInvitations.campaignId, c.id))).toBe(0);
  });

  it("refuses another client's campaign, influencers, admins and the signed out", async () => {
    const c = await create(ownerA.cookie);
    const other = await remove(ownerB.cookie, c.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Campaign not found');
    expect((await remove(inf1.cookie, c.id)).statusCode).toBe(403);
    expect((await remove(adminCookie, c.id)).statusCode).toBe(403);
    expect((await remove('', c.id)).statusCode).toBe(401);
    expect((await remove(ownerA.cookie, 'nope')).statusCode).toBe(400);
    expect((await remove(ownerA.cookie, MISSING)).statusCode).toBe(404);
    expect(await t.db.$count(campaigns, eq(campaigns.id, c.id))).toBe(1);
  });

  it('takes an unpaid order with it and closes its chat', async () => {
    const c = await create(ownerA.cookie);
    const applied = await apply(inf1.cookie, c.id);
    const { order, chatId } = (await accept(ownerA.cookie, applied.json().application.id)).json();
    expect((await remove(ownerA.cookie, c.id)).statusCode).toBe(204);
    expect(await t.db.$count(orders, eq(orders.id, order.id))).toBe(0);
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ status: 'closed', orderId: null });
  });

  it.each(['paid', 'refunded'])('refuses while an order is %s, and changes nothing', async (status) => {
    const c = await create(ownerA.cookie);
    const applied = await apply(inf1.cookie, c.id);
    const { order, chatId } = (await accept(ownerA.cookie, applied.json().application.id)).json();
    await t.db.update(orders).set({ status }).where(eq(orders.id, order.id));

    expect((await detail(ownerA.cookie, c.id)).json().viewer.canDelete).toBe(false);
    const res = await remove(ownerA.cookie, c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CAMPAIGN_HAS_PAID_ORDER',
      message: 'This campaign has a paid order and cannot be deleted.',
    });
    expect(await t.db.$count(campaigns, eq(campaigns.id, c.id))).toBe(1);
    expect(await t.db.$count(orders, and(eq(orders.id, order.id), eq(orders.status, status)))).toBe(1);
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ status: 'active', orderId: order.id });
  });

  it('refuses while a payment is on record for an unpaid order (a card payment may be under way)', async () => {
    const c = await create(ownerA.cookie);
    const applied = await apply(inf1.cookie, c.id);
    const { order } = (await accept(ownerA.cookie, applied.json().application.id)).json();
    await t.db.insert(payments).values({
      orderId: order.id,
      userId: ownerA.userId,
      kind: 'preauth',
      amountMinor: order.amountMinor,
      idempotencyKey: `${order.id}:preauth`,
    });
    expect((await detail(ownerA.cookie, c.id)).json().viewer.canDelete).toBe(false);
    const res = await remove(ownerA.cookie, c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CAMPAIGN_HAS_PAID_ORDER');
    expect(await t.db.$count(orders, eq(orders.id, order.id))).toBe(1);
  });
});
