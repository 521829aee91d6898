import { randomUUID } from 'node:crypto';
import { businessToday } from '@app/shared/common/dates';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignApplications,
  campaignInvitations,
  campaigns,
  categories,
  influencerCategories,
  influencers,
  orders,
  ratings,
  socialVerifications,
  users,
} from '../../db/schema.ts';
import { admin, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
let clientA: Person;
let clientB: Person;
let influencerCookie: string;
let adminCookie: string;
const cat: Record<'alpha' | 'beta' | 'off' | 'empty' | 'paged', string> = {} as never;

const today = businessToday();
const shiftDay = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An influencer written straight to the database (no sign-in needed to be listed). */
async function addInfluencer(
  o: {
    name?: string;
    socials?: Record<string, unknown>;
    categoryIds?: string[];
    followers?: Record<string, number>;
    active?: boolean;
    createdAt?: string;
  } = {},
) {
  const userId = randomUUID();
  const email = uniqueEmail('direct');
  await t.db.insert(users).values({ id: userId, name: 'Direct Person', email, role: 'influencer' });
  const [row] = await t.db
    .insert(influencers)
    .values({
      userId,
      name: o.name ?? 'Direct',
      lastname: 'Person',
      socials: (o.socials ?? {}) as Record<string, string>,
      isActive: o.active ?? true,
      ...(o.createdAt ? { createdAt: sql`${o.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: influencers.id, createdAt: influencers.createdAt });
  const id = row!.id;
  if (o.categoryIds?.length) {
    await t.db
      .insert(influencerCategories)
      .values(o.categoryIds.map((categoryId) => ({ influencerId: id, categoryId })));
  }
  // Reach is a verified account's (issue 13): numbers only come with a verified row.
  const followers = Object.entries(o.followers ?? {});
  if (followers.length) {
    await t.db.insert(socialVerifications).values(
      followers.map(([platform, followerCount]) => ({
        influencerId: id,
        platform,
        handle: `@${platform}-${id.slice(0, 8)}`,
        url: `https://example.test/${platform}/${id}`,
        accountId: `${platform}-${id}`,
        followerCount,
        status: 'verified',
      })),
    );
    await t.db
      .update(influencers)
      .set({ verifiedFollowers: followers.reduce((sum, [, n]) => sum + n, 0) })
      .where(eq(influencers.id, id));
  }
  return { id, userId, email, createdAt: row!.createdAt };
}

async function addCampaign(clientId: string, o: { status?: string; deadline?: string | null; title?: string } = {}) {
  const [row] = await t.db
    .insert(campaigns)
    .values({
      clientId,
      title: o.title ?? 'Campaign',
      description: 'Describe the content',
      budgetMinor: 25_000,
      socials: ['instagram'],
      status: o.status ?? 'open',
      deadline: o.deadline ?? null,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** A hire: a campaign (not open any more), its accepted application and the order. */
async function addOrder(clientId: string, influencerId: string, status: 'unpaid' | 'paid' | 'canceled') {
  const campaignId = await addCampaign(clientId, { status: 'in_progress' });
  const [application] = await t.db
    .insert(campaignApplications)
    .values({ campaignId, influencerId, status: 'accepted' })
    .returning({ id: campaignApplications.id });
  const [order] = await t.db
    .insert(orders)
    .values({ campaignId, applicationId: application!.id, influencerId, clientId, status, amountMinor: 25_000 })
    .returning({ id: orders.id });
  return order!.id;
}

async function addRatings(orderId: string, ratedUserId: string, stars: number[]) {
  for (const rating of stars) {
    const raterId = randomUUID();
    await t.db.insert(users).values({ id: raterId, name: 'Rater', email: uniqueEmail('rater'), role: 'client' });
    await t.db.insert(ratings).values({ orderId, raterId, ratedUserId, rating });
  }
}

async function addCategory(name: string, sortOrder: number, isActive = true) {
  const [row] = await t.db
    .insert(categories)
    .values({ name: `${name} ${randomUUID().slice(0, 8)}`, sortOrder, isActive })
    .returning({ id: categories.id, name: categories.name });
  return row!;
}

const get = (url: string, cookie = clientA.cookie) => t.req({ url, cookie });
const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  clientA = await person(t, 'client');
  clientB = await person(t, 'client');
  influencerCookie = (await person(t, 'influencer')).cookie;

  adminCookie = (await admin(t)).cookie;

  cat.alpha = (await addCategory('Alpha', 100)).id;
  cat.beta = (await addCategory('Beta', 101)).id;
  cat.off = (await addCategory('Retired', 50, false)).id;
  cat.empty = (await addCategory('Nobody', 102)).id;
  cat.paged = (await addCategory('Paged', 103)).id;
});
afterAll(() => t.close());

describe('directory', () => {
  it('shows on each card the handles, active categories, reach per platform and rating', async () => {
    const rated = await addInfluencer({
      name: 'Rated',
      socials: { instagram: 'nino.styles', tiktok: '', youtube: 42, facebook: '   ', linkedin: 'nino-b' },
      categoryIds: [cat.beta, cat.alpha, cat.off],
      followers: { instagram: 1_500, tiktok: 250_000, youtube: 900 },
    });
    const orderId = await addOrder(clientA.profileId, rated.id, 'paid');
    await addRatings(orderId, rated.userId, [5, 4, 4]);
    const unrated = await addInfluencer({ name: 'Unrated', categoryIds: [cat.alpha] });

    const res = await get(`/api/influencers?category=${cat.alpha}`);
    expect(res.statusCode).toBe(200);
    const cards = res.json().items as { id: string }[];
    const alphaName = (await t.db.select().from(categories).where(eq(categories.id, cat.alpha)))[0]!.name;
    const betaName = (await t.db.select().from(categories).where(eq(categories.id, cat.beta)))[0]!.name;
    expect(cards.find((c) => c.id === rated.id)).toEqual({
      id: rated.id,
      name: 'Rated',
      lastname: 'Person',
      avatarUrl: null,
      socials: { instagram: 'nino.styles', linkedin: 'nino-b' },
      categories: [
        { id: cat.alpha, name: alphaName },
        { id: cat.beta, name: betaName },
      ],
      platforms: [
        { platform: 'tiktok', followersCount: 250_000, verified: true },
        { platform: 'instagram', followersCount: 1_500, verified: true },
        { platform: 'youtube', followersCount: 900, verified: true },
      ],
      totalFollowers: 252_400,
      prices: [],
      rating: { average: 4.3, count: 3 },
    });
    expect(cards.find((c) => c.id === unrated.id)).toMatchObject({
      socials: {},
      platforms: [],
      totalFollowers: 0,
      rating: { average: null, count: 0 },
    });
  });

  it('filters by category, by social handle and by both, and hides inactive influencers', async () => {
    const withInstagram = await addInfluencer({ socials: { instagram: 'a', twitter: '' }, categoryIds: [cat.alpha] });
    const alphaTwitter = await addInfluencer({ socials: { twitter: '@alpha' }, categoryIds: [cat.alpha] });
    const betaTwitter = await addInfluencer({ socials: { twitter: '@beta' }, categoryIds: [cat.beta] });
    const inactive = await addInfluencer({ socials: { twitter: '@gone' }, categoryIds: [cat.alpha], active: false });
    // Reach alone does not put anyone under a platform: the filter follows the handles the card shows.
    const reachOnly = await addInfluencer({ categoryIds: [cat.alpha], followers: { youtube: 10_000 } });

    const alpha = ids(await get(`/api/influencers?category=${cat.alpha}`));
    expect(alpha).toEqual(expect.arrayContaining([withInstagram.id, alphaTwitter.id, reachOnly.id]));
    expect(alpha).not.toContain(betaTwitter.id);
    expect(alpha).not.toContain(inactive.id);

    expect(ids(await get('/api/influencers?social=youtube&limit=48'))).not.toContain(reachOnly.id);
    const twitter = await get('/api/influencers?social=twitter&limit=48');
    expect(ids(twitter)).toEqual(expect.arrayContaining([alphaTwitter.id, betaTwitter.id]));
    for (const excluded of [withInstagram.id, inactive.id, reachOnly.id]) expect(ids(twitter)).not.toContain(excluded);
    for (const card of twitter.json().items) expect(card.socials.twitter).toMatch(/\S/);

    expect(ids(await get(`/api/influencers?category=${cat.alpha}&social=twitter`))).toEqual([alphaTwitter.id]);
    // An empty, blank or non-string handle is no presence on that platform.
    const blankHandles = await addInfluencer({
      socials: { tiktok: '', youtube: 7, facebook: '  ', linkedin: '\t\n' },
      categoryIds: [cat.beta],
    });
    const beta = (await get(`/api/influencers?category=${cat.beta}`)).json().items as { id: string }[];
    expect(beta.find((c) => c.id === blankHandles.id)).toMatchObject({ socials: {} });
    for (const social of ['tiktok', 'youtube', 'facebook', 'linkedin']) {
      expect(ids(await get(`/api/influencers?category=${cat.beta}&social=${social}`))).not.toContain(blankHandles.id);
    }
    // An inactive category lists nobody, like a category nobody chose or one that does not exist.
    for (const category of [cat.off, cat.empty, randomUUID()]) {
      expect((await get(`/api/influencers?category=${category}`)).json()).toEqual({ items: [], nextCursor: null });
    }
  });

  it('pages newest first without overlap or gaps, ties broken by id, microseconds kept', async () => {
    const stamps = [
      '2031-05-01T10:00:00.000001Z',
      '2031-05-01T10:00:00.000001Z',
      '2031-05-01T10:00:00.000001Z',
      '2031-05-01T10:00:00.000002Z',
      '2031-05-01T10:00:00.000003Z',
      '2031-04-01T00:00:00Z',
      '2031-06-01T00:00:00Z',
    ];
    const made = [];
    for (const createdAt of stamps) made.push({ ...(await addInfluencer({ categoryIds: [cat.paged] })), createdAt });
    // created_at is written with microseconds through SQL; Date would round them away.
    for (const m of made) {
      await t.db
        .update(influencers)
        .set({ createdAt: sql`${m.createdAt}::timestamptz` })
        .where(eq(influencers.id, m.id));
    }
    const expected = [...made]
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((m) => m.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/influencers?category=${cat.paged}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      seen.push(...ids(res));
      sizes.push(res.json().items.length);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(expected);
  });

  it('defaults to 24 a page and says when there is more', async () => {
    const [{ n }] = (await t.db.select({ n: count() }).from(influencers).where(eq(influencers.isActive, true))) as [
      { n: number },
    ];
    for (let i = n; i <= 24; i++) await addInfluencer();
    const res = await get('/api/influencers');
    expect(res.json().items).toHaveLength(24);
    expect(res.json().nextCursor).toEqual(expect.any(String));
  });

  it('is for clients and admins only', async () => {
    const asInfluencer = await get('/api/influencers', influencerCookie);
    expect(asInfluencer.statusCode).toBe(403);
    expect(asInfluencer.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This is only available for clients.',
    });
    expect((await t.req({ url: '/api/influencers' })).statusCode).toBe(401);
    expect((await get('/api/influencers', adminCookie)).statusCode).toBe(200);
  });

  it('refuses bad filters, limits and cursors with a clear 400', async () => {
    const social = await get('/api/influencers?social=myspace');
    expect(social.statusCode).toBe(400);
    expect(social.json().error.message).toBe('Choose one of: instagram, tiktok, youtube, facebook, twitter, linkedin');
    expect((await get('/api/influencers?category=fashion')).json().error.message).toBe('Not a valid category');
    for (const limit of ['0', '49', 'ten']) {
      expect((await get(`/api/influencers?limit=${limit}`)).statusCode).toBe(400);
    }
    const cursor = await get(`/api/influencers?cursor=${Buffer.from('yesterday|42').toString('base64url')}`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This page link is no longer valid. Reload the list to start again.',
    });
  });
});

describe('profile', () => {
  it('shows the card with the contact e-mail, join date and hires not canceled', async () => {
    const listed = await addInfluencer({
      name: 'Profiled',
      socials: { youtube: '@profiled', tiktok: '' },
      categoryIds: [cat.alpha, cat.off],
      followers: { youtube: 12_000 },
    });
    await addOrder(clientA.profileId, listed.id, 'unpaid');
    const paid = await addOrder(clientB.profileId, listed.id, 'paid');
    await addOrder(clientA.profileId, listed.id, 'canceled');
    await addRatings(paid, listed.userId, [5, 4]);

    const res = await get(`/api/influencers/${listed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: listed.id,
      name: 'Profiled',
      lastname: 'Person',
      socials: { youtube: '@profiled' },
      categories: [{ id: cat.alpha }],
      platforms: [{ platform: 'youtube', followersCount: 12_000, verified: true }],
      totalFollowers: 12_000,
      rating: { average: 4.5, count: 2 },
      email: listed.email,
      joinedAt: listed.createdAt.toISOString(),
      totalCampaigns: 2,
    });
    expect(res.json().socials).toEqual({ youtube: '@profiled' });
    expect((await get(`/api/influencers/${listed.id}`, adminCookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or inactive influencer and 400 for a malformed id', async () => {
    const inactive = await addInfluencer({ active: false });
    for (const id of [inactive.id, randomUUID()]) {
      const res = await get(`/api/influencers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Influencer not found' });
    }
    const bad = await get('/api/influencers/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Not a valid id');
  });

  it('is refused to influencers and to nobody signed in', async () => {
    const listed = await addInfluencer();
    expect((await get(`/api/influencers/${listed.id}`, influencerCookie)).statusCode).toBe(403);
    expect((await t.req({ url: `/api/influencers/${listed.id}` })).statusCode).toBe(401);
  });
});

describe('client home', () => {
  it("counts active influencers and the client's own open campaigns", async () => {
    const home = await person(t, 'client');
    const clientId = home.profileId;
    await addCampaign(clientId);
    await addCampaign(clientId, { deadline: today });
    await addCampaign(clientId, { deadline: shiftDay(3) });
    await addCampaign(clientId, { deadline: shiftDay(-1) });
    await addCampaign(clientId, { status: 'in_progress' });
    await addCampaign(clientId, { status: 'canceled' });
    await addCampaign(clientB.profileId);

    const before = await get('/api/home', home.cookie);
    expect(before.statusCode).toBe(200);
    const [{ n }] = (await t.db.select({ n: count() }).from(influencers).where(eq(influencers.isActive, true))) as [
      { n: number },
    ];
    expect(before.json().counts).toEqual({ influencers: n, openCampaigns: 3 });

    await addInfluencer();
    await addInfluencer({ active: false });
    expect((await get('/api/home', home.cookie)).json().counts).toEqual({ influencers: n + 1, openCampaigns: 3 });
  });

  it('lists the 10 newest active influencers with their handles', async () => {
    const newest = await addInfluencer({
      name: 'Newest',
      socials: { instagram: 'newest', tiktok: '' },
      createdAt: '2099-01-01T00:00:00Z',
    });
    const hidden = await addInfluencer({ name: 'Hidden', active: false, createdAt: '2099-06-01T00:00:00Z' });

    const res = await get('/api/home');
    const top = res.json().topInfluencers as { id: string }[];
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({
      id: newest.id,
      name: 'Newest',
      lastname: 'Person',
      avatarUrl: null,
      socials: { instagram: 'newest' },
      verifiedFollowers: 0,
    });
    expect(top.map((i) => i.id)).not.toContain(hidden.id);
    expect(top.map((i) => i.id)).toEqual(ids(await get('/api/influencers?limit=10')));
  });

  it('is for clients only', async () => {
    expect((await get('/api/home', influencerCookie)).statusCode).toBe(403);
    expect((await get('/api/home', adminCookie)).statusCode).toBe(403);
    expect((await t.req({ url: '/api/home' })).statusCode).toBe(401);
  });
});

describe('invitable campaigns', () => {
  it("lists the caller's open campaigns newest first, flagging this influencer's invitation and application", async () => {
    const listed = await addInfluencer();
    const other = await addInfluencer();
    const client = await person(t, 'client');
    const clientId = client.profileId;
    const invitedTo = await addCampaign(clientId, { title: 'Invited' });
    const appliedTo = await addCampaign(clientId, { title: 'Applied', deadline: today });
    const untouched = await addCampaign(clientId, { title: 'Untouched' });
    await addCampaign(clientId, { title: 'Expired', deadline: shiftDay(-1) });
    await addCampaign(clientId, { title: 'Running', status: 'in_progress' });
    await addCampaign(clientB.profileId, { title: 'Not mine' });
    await t.db.insert(campaignInvitations).values({ campaignId: invitedTo, influencerId: listed.id, clientId });
    await t.db.insert(campaignApplications).values({ campaignId: appliedTo, influencerId: listed.id });

    const res = await get(`/api/influencers/${listed.id}/invitable-campaigns`, client.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: untouched, title: 'Untouched', budgetMinor: 25_000, invited: false, applied: false },
        { id: appliedTo, title: 'Applied', budgetMinor: 25_000, invited: false, applied: true },
        { id: invitedTo, title: 'Invited', budgetMinor: 25_000, invited: true, applied: false },
      ],
    });
    const forOther = await get(`/api/influencers/${other.id}/invitable-campaigns`, client.cookie);
    expect(forOther.json().items.map((c: { invited: boolean; applied: boolean }) => c.invited || c.applied)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('keeps newest first among campaigns made at the same instant (one transaction: one now())', async () => {
    const listed = await addInfluencer();
    const client = await person(t, 'client');
    const clientId = client.profileId;
    const made = await t.db.transaction(async (tx) => {
      const rows = [];
      for (let i = 0; i < 30; i++) {
        const [row] = await tx
          .insert(campaigns)
          .values({ clientId, title: `Tied ${i}`, description: 'Same instant', budgetMinor: 100, socials: ['x'] })
          .returning({ id: campaigns.id, createdAt: campaigns.createdAt });
        rows.push(row!);
      }
      return rows;
    });
    expect(new Set(made.map((m) => m.createdAt.getTime())).size).toBe(1);
    const res = await get(`/api/influencers/${listed.id}/invitable-campaigns`, client.cookie);
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(made.map((m) => m.id).reverse());
  });

  it('answers 404 for an unknown or inactive influencer, 400 for a malformed id', async () => {
    const inactive = await addInfluencer({ active: false });
    for (const id of [inactive.id, randomUUID()]) {
      const res = await get(`/api/influencers/${id}/invitable-campaigns`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Influencer not found');
    }
    expect((await get('/api/influencers/123/invitable-campaigns')).statusCode).toBe(400);
  });

  it('is for clients only', async () => {
    const listed = await addInfluencer();
    const url = `/api/influencers/${listed.id}/invitable-campaigns`;
    expect((await get(url, influencerCookie)).statusCode).toBe(403);
    expect((await get(url, adminCookie)).statusCode).toBe(403);
    expect((await t.req({ url })).statusCode).toBe(401);
  });
});

it('documents its routes in OpenAPI with a tag and a summary', async () => {
  const paths = (await t.req({ url: '/api/docs/json' })).json().paths;
  for (const path of [
    '/api/influencers',
    '/api/influencers/{id}',
    '/api/influencers/{id}/invitable-campaigns',
    '/api/home',
  ]) {
    expect(paths[path]?.get).toMatchObject({ tags: [expect.any(String)], summary: expect.any(String) });
  }
});
