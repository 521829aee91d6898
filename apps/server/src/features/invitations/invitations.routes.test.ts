import { randomUUID } from 'node:crypto';
import { businessToday } from '@app/shared/common/dates';
import { INVITATION_MESSAGE_MAX } from '@app/shared/invitations/invitation.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignApplications, campaignInvitations, campaigns, clients, influencers, users } from '../../db/schema.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
let clientA: Person;
let clientB: Person;
let influencerX: Person;
let influencerY: Person;

const today = businessToday();
const shiftDay = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function addCampaign(
  client: Person,
  o: { status?: string; deadline?: string | null; title?: string; createdAt?: string } = {},
) {
  const [row] = await t.db
    .insert(campaigns)
    .values({
      clientId: client.profileId,
      title: o.title ?? 'Campaign',
      description: `About ${o.title ?? 'the campaign'}`,
      budgetMinor: 150_000,
      socials: ['youtube'],
      status: o.status ?? 'open',
      deadline: o.deadline ?? null,
      ...(o.createdAt ? { createdAt: sql`${o.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

async function addInactiveInfluencer() {
  const userId = randomUUID();
  await t.db.insert(users).values({ id: userId, name: 'Gone Away', email: uniqueEmail('gone'), role: 'influencer' });
  const [row] = await t.db
    .insert(influencers)
    .values({ userId, name: 'Gone', lastname: 'Away', isActive: false })
    .returning({ id: influencers.id });
  return row!.id;
}

/** An invitation written straight to the database, for the influencer's side. */
async function addInvitation(
  campaignId: string,
  client: Person,
  influencer: Person,
  o: { status?: string; createdAt?: string } = {},
) {
  const [row] = await t.db
    .insert(campaignInvitations)
    .values({
      campaignId,
      influencerId: influencer.profileId,
      clientId: client.profileId,
      message: 'Join us',
      status: o.status ?? 'pending',
      ...(o.createdAt ? { createdAt: sql`${o.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: campaignInvitations.id });
  return row!.id;
}

const invite = (cookie: string, body: unknown) => t.req({ method: 'POST', url: '/api/invitations', cookie, body });
const decline = (cookie: string, id: string) =>
  t.req({ method: 'POST', url: `/api/invitations/${id}/decline`, cookie });
const received = (cookie: string, query = '') => t.req({ url: `/api/invitations${query}`, cookie });
const invitationRows = (campaignId: string) =>
  t.db.select().from(campaignInvitations).where(eq(campaignInvitations.campaignId, campaignId));

beforeAll(async () => {
  t = await createTestApp();
  clientA = await person(t, 'client');
  clientB = await person(t, 'client');
  influencerX = await person(t, 'influencer');
  influencerY = await person(t, 'influencer');
});
afterAll(() => t.close());

describe('sending an invitation', () => {
  it('stores a pending invitation from the caller, with the message trimmed', async () => {
    const campaignId = await addCampaign(clientA, { deadline: today });
    const res = await invite(clientA.cookie, {
      campaignId,
      influencerId: influencerX.profileId,
      message: '  We would like to invite you to participate in our campaign.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      campaignId,
      influencerId: influencerX.profileId,
      message: 'We would like to invite you to participate in our campaign.',
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [row] = await invitationRows(campaignId);
    expect(row).toMatchObject({ id: res.json().id, clientId: clientA.profileId, influencerId: influencerX.profileId });
  });

  it("stores a blank or missing message as the spec's default text", async () => {
    const campaignId = await addCampaign(clientA);
    const fallback = 'We would like to invite you to participate in our campaign.';
    expect(
      (await invite(clientA.cookie, { campaignId, influencerId: influencerX.profileId, message: '   ' })).json()
        .message,
    ).toBe(fallback);
    expect((await invite(clientA.cookie, { campaignId, influencerId: influencerY.profileId })).json().message).toBe(
      fallback,
    );
    expect((await invitationRows(campaignId)).map((r) => r.message)).toEqual([fallback, fallback]);
  });

  it('refuses a second invitation of the same influencer, also when two arrive at once', async () => {
    const campaignId = await addCampaign(clientA);
    const body = { campaignId, influencerId: influencerX.profileId };
    const both = await Promise.all([invite(clientA.cookie, body), invite(clientA.cookie, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const again = await invite(clientA.cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'ALREADY_INVITED',
      message: 'This influencer has already been invited to this campaign.',
    });
    // Declining does not open the door to asking again.
    const [row] = await invitationRows(campaignId);
    expect((await decline(influencerX.cookie, row!.id)).statusCode).toBe(200);
    expect((await invite(clientA.cookie, body)).json().error.code).toBe('ALREADY_INVITED');
    expect(await invitationRows(campaignId)).toHaveLength(1);
  });

  it("answers 404 for another client's campaign or an unknown one, and stores nothing", async () => {
    const theirs = await addCampaign(clientB);
    for (const campaignId of [theirs, randomUUID()]) {
      const res = await invite(clientA.cookie, { campaignId, influencerId: influencerX.profileId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
    }
    expect(await invitationRows(theirs)).toHaveLength(0);
  });

  it('refuses campaigns that are not open or whose deadline has passed', async () => {
    for (const campaignId of [
      await addCampaign(clientA, { status: 'in_progress' }),
      await addCampaign(clientA, { status: 'canceled' }),
      await addCampaign(clientA, { deadline: shiftDay(-1) }),
    ]) {
      const res = await invite(clientA.cookie, { campaignId, influencerId: influencerX.profileId });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'CAMPAIGN_NOT_OPEN',
        message: 'This campaign is not open for applications.',
      });
      expect(await invitationRows(campaignId)).toHaveLength(0);
    }
  });

  it('refuses an unknown or inactive influencer', async () => {
    const campaignId = await addCampaign(clientA);
    for (const influencerId of [await addInactiveInfluencer(), randomUUID()]) {
      const res = await invite(clientA.cookie, { campaignId, influencerId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'INFLUENCER_UNAVAILABLE', message: 'Influencer not found' });
    }
    expect(await invitationRows(campaignId)).toHaveLength(0);
  });

  it('refuses an influencer who has already applied', async () => {
    const campaignId = await addCampaign(clientA);
    await t.db.insert(campaignApplications).values({ campaignId, influencerId: influencerY.profileId });
    const res = await invite(clientA.cookie, { campaignId, influencerId: influencerY.profileId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'ALREADY_APPLIED',
      message: 'This influencer has already applied to this campaign.',
    });
  });

  it('racing the campaign’s deletion ends in a 201 whose invitation goes with the campaign, or a 404; never a 500', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await addCampaign(clientA, { title: `Race ${i}` });
      const [sent, removed] = await Promise.all([
        invite(clientA.cookie, { campaignId: c, influencerId: influencerX.profileId }),
        t.req({ method: 'DELETE', url: `/api/campaigns/${c}`, cookie: clientA.cookie }),
      ]);
      expect(removed.statusCode).toBe(204);
      expect([201, 404]).toContain(sent.statusCode);
      expect(await invitationRows(c)).toEqual([]);
    }
  });

  it('refuses bad input with field errors', async () => {
    const campaignId = await addCampaign(clientA);
    const long = await invite(clientA.cookie, {
      campaignId,
      influencerId: influencerX.profileId,
      message: 'x'.repeat(INVITATION_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fieldErrors.message).toEqual([
      `Message must be at most ${INVITATION_MESSAGE_MAX} characters`,
    ]);
    const noCampaign = await invite(clientA.cookie, { campaignId: '', influencerId: influencerX.profileId });
    expect(noCampaign.statusCode).toBe(400);
    expect(noCampaign.json().error.details.fieldErrors.campaignId).toEqual(['Please select a campaign']);
    expect((await invite(clientA.cookie, { campaignId, influencerId: 'x' })).statusCode).toBe(400);
    expect(
      (await invite(clientA.cookie, { campaignId, influencerId: influencerX.profileId, message: 42 })).statusCode,
    ).toBe(400);
    expect(await invitationRows(campaignId)).toHaveLength(0);
  });

  it('is for clients only', async () => {
    const campaignId = await addCampaign(clientA);
    const body = { campaignId, influencerId: influencerX.profileId };
    const asInfluencer = await invite(influencerY.cookie, body);
    expect(asInfluencer.statusCode).toBe(403);
    expect(asInfluencer.json().error.message).toBe('This is only available for clients.');
    expect((await t.req({ method: 'POST', url: '/api/invitations', body })).statusCode).toBe(401);
    expect(await invitationRows(campaignId)).toHaveLength(0);
  });
});

describe('received invitations', () => {
  it('lists own pending invitations to open campaigns, newest first, with campaign and client', async () => {
    const me = await person(t, 'influencer');
    await t.db
      .update(clients)
      .set({ name: 'Brand', lastname: 'Owner', avatarUrl: '/uploads/b.png' })
      .where(eq(clients.id, clientB.profileId));
    const olderCampaign = await addCampaign(clientA, { title: 'Older' });
    const newerCampaign = await addCampaign(clientB, { title: 'Newer', deadline: shiftDay(10) });
    const older = await addInvitation(olderCampaign, clientA, me, { createdAt: '2030-01-01T00:00:00Z' });
    const newer = await addInvitation(newerCampaign, clientB, me, { createdAt: '2030-02-01T00:00:00Z' });
    // Not to be answered: declined or applied already, or the campaign is not open any more.
    await addInvitation(await addCampaign(clientA), clientA, me, { status: 'declined' });
    await addInvitation(await addCampaign(clientA), clientA, me, { status: 'applied' });
    await addInvitation(await addCampaign(clientA, { status: 'in_progress' }), clientA, me);
    await addInvitation(await addCampaign(clientA, { deadline: shiftDay(-1) }), clientA, me);
    const appliedMeanwhile = await addCampaign(clientA);
    await addInvitation(appliedMeanwhile, clientA, me);
    await t.db.insert(campaignApplications).values({ campaignId: appliedMeanwhile, influencerId: me.profileId });
    // Someone else's invitation.
    await addInvitation(await addCampaign(clientA), clientA, influencerY);

    const res = await received(me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: newer,
          message: 'Join us',
          createdAt: '2030-02-01T00:00:00.000Z',
          campaign: {
            id: newerCampaign,
            title: 'Newer',
            description: 'About Newer',
            budgetMinor: 150_000,
            socials: ['youtube'],
            deadline: shiftDay(10),
          },
          client: { id: clientB.profileId, name: 'Brand', lastname: 'Owner', avatarUrl: '/uploads/b.png' },
        },
        expect.objectContaining({ id: older, campaign: expect.objectContaining({ id: olderCampaign }) }),
      ],
      nextCursor: null,
    });
  });

  it('pages without overlap or gaps', async () => {
    const me = await person(t, 'influencer');
    const stamps = ['2030-05-01T00:00:00.000001Z', '2030-05-01T00:00:00.000001Z', '2030-05-01T00:00:00.000002Z'];
    const made = [];
    for (const createdAt of [...stamps, '2030-04-01T00:00:00Z', '2030-06-01T00:00:00Z']) {
      made.push({ id: await addInvitation(await addCampaign(clientA), clientA, me, { createdAt }), createdAt });
    }
    const expected = [...made]
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((m) => m.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await received(me.cookie, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...res.json().items.map((i: { id: string }) => i.id));
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it('is for influencers only and refuses bad paging', async () => {
    expect((await received(clientA.cookie)).statusCode).toBe(403);
    expect((await t.req({ url: '/api/invitations' })).statusCode).toBe(401);
    expect((await received(influencerX.cookie, '?limit=51')).statusCode).toBe(400);
    expect((await received(influencerX.cookie, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});

describe('declining', () => {
  it('declines an own pending invitation once, and it leaves the list', async () => {
    const me = await person(t, 'influencer');
    const id = await addInvitation(await addCampaign(clientA), clientA, me);
    expect((await received(me.cookie)).json().items.map((i: { id: string }) => i.id)).toEqual([id]);

    const res = await decline(me.cookie, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, influencerId: me.profileId, status: 'declined' });
    expect((await received(me.cookie)).json().items).toEqual([]);

    const again = await decline(me.cookie, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'INVITATION_NOT_PENDING',
      message: 'This invitation has already been answered.',
    });
  });

  it('refuses an invitation already answered by applying', async () => {
    const id = await addInvitation(await addCampaign(clientA), clientA, influencerX, { status: 'applied' });
    expect((await decline(influencerX.cookie, id)).json().error.code).toBe('INVITATION_NOT_PENDING');
    const [row] = await t.db.select().from(campaignInvitations).where(eq(campaignInvitations.id, id));
    expect(row!.status).toBe('applied');
  });

  it("answers 404 for someone else's invitation or an unknown one, and changes nothing", async () => {
    const id = await addInvitation(await addCampaign(clientA), clientA, influencerX);
    for (const target of [id, randomUUID()]) {
      const res = await decline(influencerY.cookie, target);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Invitation not found' });
    }
    const [row] = await t.db
      .select()
      .from(campaignInvitations)
      .where(and(eq(campaignInvitations.id, id), eq(campaignInvitations.status, 'pending')));
    expect(row).toBeDefined();
  });

  it('is for the invited influencer only', async () => {
    const id = await addInvitation(await addCampaign(clientA), clientA, influencerX);
    expect((await decline(clientA.cookie, id)).statusCode).toBe(403);
    expect((await t.req({ method: 'POST', url: `/api/invitations/${id}/decline` })).statusCode).toBe(401);
    expect((await decline(influencerX.cookie, 'not-a-uuid')).statusCode).toBe(400);
  });
});

it('documents its routes in OpenAPI with a tag and a summary', async () => {
  const paths = (await t.req({ url: '/api/docs/json' })).json().paths;
  for (const op of [
    paths['/api/invitations']?.post,
    paths['/api/invitations']?.get,
    paths['/api/invitations/{id}/decline']?.post,
  ]) {
    expect(op).toMatchObject({ tags: ['invitations'], summary: expect.any(String) });
  }
});

describe('a campaign that has hired, or a brand that left', () => {
  /** A third influencer's application, accepted: the campaign has hired. */
  async function hire(campaignId: string) {
    const hired = await person(t, 'influencer');
    await t.db.insert(campaignApplications).values({ campaignId, influencerId: hired.profileId, status: 'accepted' });
  }

  it('takes no new invitations and leaves the invite dialog', async () => {
    const campaignId = await addCampaign(clientA, { title: 'Already hired' });
    await hire(campaignId);
    const res = await invite(clientA.cookie, { campaignId, influencerId: influencerY.profileId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CAMPAIGN_ALREADY_HIRED');
    expect(await invitationRows(campaignId)).toHaveLength(0);

    const dialog = await t.req({
      url: `/api/influencers/${influencerY.profileId}/invitable-campaigns`,
      cookie: clientA.cookie,
    });
    expect(dialog.json().items.map((c: { id: string }) => c.id)).not.toContain(campaignId);
  });

  it('hides invitations the influencer can no longer act on', async () => {
    const hiredCampaign = await addCampaign(clientA, { title: 'Hired after inviting' });
    const hiredInvitation = await addInvitation(hiredCampaign, clientA, influencerY);
    const leaving = await person(t, 'client');
    const goneCampaign = await addCampaign(leaving, { title: 'Brand left' });
    const goneInvitation = await addInvitation(goneCampaign, leaving, influencerY);
    const ids = async () =>
      (await received(influencerY.cookie, '?limit=50')).json().items.map((i: { id: string }) => i.id);
    expect(await ids()).toEqual(expect.arrayContaining([hiredInvitation, goneInvitation]));

    await hire(hiredCampaign);
    await t.db.update(clients).set({ isActive: false }).where(eq(clients.id, leaving.profileId));
    const after = await ids();
    expect(after).not.toContain(hiredInvitation);
    expect(after).not.toContain(goneInvitation);
  });
});
