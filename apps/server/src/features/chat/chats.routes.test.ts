import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignApplications, campaigns, chats, clients, influencers, messages, orders } from '../../db/schema.ts';
import { admin, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let adminCookie: string;

/** A hire written straight to the database: campaign, accepted application, order and its chat. */
async function addChat(
  client: Person,
  influencer: Person,
  o: { title?: string; status?: 'active' | 'closed'; createdAt?: string } = {},
) {
  const [campaign] = await t.db
    .insert(campaigns)
    .values({
      clientId: client.profileId,
      title: o.title ?? 'Campaign',
      description: 'About the campaign',
      budgetMinor: 50_000,
      socials: ['instagram'],
      status: 'in_progress',
    })
    .returning({ id: campaigns.id });
  const [application] = await t.db
    .insert(campaignApplications)
    .values({ campaignId: campaign!.id, influencerId: influencer.profileId, status: 'accepted' })
    .returning({ id: campaignApplications.id });
  const [order] = await t.db
    .insert(orders)
    .values({
      campaignId: campaign!.id,
      applicationId: application!.id,
      influencerId: influencer.profileId,
      clientId: client.profileId,
      amountMinor: 50_000,
    })
    .returning({ id: orders.id });
  const [chat] = await t.db
    .insert(chats)
    .values({
      clientId: client.profileId,
      influencerId: influencer.profileId,
      orderId: order!.id,
      status: o.status ?? 'active',
      ...(o.createdAt ? { createdAt: sql`${o.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: chats.id });
  return { chatId: chat!.id, orderId: order!.id, campaignId: campaign!.id, createdAt: o.createdAt };
}

const list = (cookie: string, query = '') => t.req({ url: `/api/chats${query}`, cookie });
const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((c) => c.id);
const summary = (p: Person, avatarUrl: string | null = null) => ({
  id: p.profileId,
  name: p.name,
  lastname: p.lastname,
  avatarUrl,
});

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await admin(t)).cookie;
});
afterAll(() => t.close());

describe('chat list', () => {
  it('shows the chat that accepting an application opens to both parties, each seeing the other', async () => {
    const brand = await person(t, 'client', { name: 'Levan', lastname: 'Jikia' });
    const hired = await person(t, 'influencer', { name: 'Nino', lastname: 'Beridze' });
    const turnedDown = await person(t, 'influencer', { name: 'Giorgi', lastname: 'Kapanadze' });
    const created = await t.req({
      method: 'POST',
      url: '/api/campaigns',
      cookie: brand.cookie,
      body: { socials: ['tiktok'], title: 'Sneaker looks', description: 'Three looks', budget: 800, deadline: null },
    });
    expect(created.statusCode).toBe(201);
    const campaignId = created.json().id as string;
    const applicationIds: string[] = [];
    for (const p of [hired, turnedDown]) {
      const res = await t.req({ method: 'POST', url: `/api/campaigns/${campaignId}/applications`, cookie: p.cookie });
      expect(res.statusCode).toBe(201);
      applicationIds.push(res.json().application.id);
    }
    expect((await list(brand.cookie)).json()).toEqual({ items: [], nextCursor: null });

    const accepted = await t.req({
      method: 'POST',
      url: `/api/applications/${applicationIds[0]}/accept`,
      cookie: brand.cookie,
    });
    expect(accepted.statusCode).toBe(200);
    const chatId = accepted.json().chatId as string;
    const campaign = { id: campaignId, title: 'Sneaker looks' };
    // The order's amount (the budget, 800 GEL) and nothing unread yet.
    const money = { amountMinor: 80_000, unreadCount: 0, lastMessage: null };

    const forBrand = await list(brand.cookie);
    expect(forBrand.statusCode).toBe(200);
    expect(forBrand.json()).toEqual({
      items: [
        {
          id: chatId,
          status: 'active',
          createdAt: expect.any(String),
          counterpart: summary(hired),
          campaign,
          ...money,
        },
      ],
      nextCursor: null,
    });
    expect(Date.now() - Date.parse(forBrand.json().items[0].createdAt)).toBeLessThan(60_000);
    expect((await list(hired.cookie)).json()).toEqual({
      items: [
        {
          id: chatId,
          status: 'active',
          createdAt: expect.any(String),
          counterpart: summary(brand),
          campaign,
          ...money,
        },
      ],
      nextCursor: null,
    });
    // The applicant who was turned down has no conversation.
    expect((await list(turnedDown.cookie)).json().items).toEqual([]);
  });

  it("lists only the caller's own chats, newest first, with status, avatar and campaign title", async () => {
    const a = await person(t, 'client', { name: 'Nata', lastname: 'Kobakhidze' });
    const b = await person(t, 'client', { name: 'Other', lastname: 'Brand' });
    const x = await person(t, 'influencer', { name: 'Mariam', lastname: 'Lomidze' });
    const y = await person(t, 'influencer', { name: 'Luka', lastname: 'Tsiklauri' });
    await t.db.update(influencers).set({ avatarUrl: '/uploads/mariam.png' }).where(eq(influencers.id, x.profileId));
    await t.db.update(clients).set({ avatarUrl: '/uploads/nata.png' }).where(eq(clients.id, a.profileId));

    const ax = await addChat(a, x, { title: 'Face oil', status: 'closed', createdAt: '2030-01-01T10:00:00Z' });
    const ay = await addChat(a, y, { title: 'Ski pass', createdAt: '2030-02-01T10:00:00Z' });
    const bx = await addChat(b, x, { title: 'Coffee', createdAt: '2030-03-01T10:00:00Z' });

    expect((await list(a.cookie)).json()).toEqual({
      items: [
        {
          id: ay.chatId,
          status: 'active',
          createdAt: '2030-02-01T10:00:00.000Z',
          counterpart: summary(y),
          campaign: { id: ay.campaignId, title: 'Ski pass' },
          amountMinor: 50_000,
          unreadCount: 0,
          lastMessage: null,
        },
        {
          id: ax.chatId,
          status: 'closed',
          createdAt: '2030-01-01T10:00:00.000Z',
          counterpart: summary(x, '/uploads/mariam.png'),
          campaign: { id: ax.campaignId, title: 'Face oil' },
          amountMinor: 50_000,
          unreadCount: 0,
          lastMessage: null,
        },
      ],
      nextCursor: null,
    });
    expect((await list(x.cookie)).json().items).toEqual([
      expect.objectContaining({
        id: bx.chatId,
        counterpart: summary(b),
        campaign: { id: bx.campaignId, title: 'Coffee' },
      }),
      expect.objectContaining({ id: ax.chatId, status: 'closed', counterpart: summary(a, '/uploads/nata.png') }),
    ]);
    expect(ids(await list(b.cookie))).toEqual([bx.chatId]);
    expect(ids(await list(y.cookie))).toEqual([ay.chatId]);
  });

  it('previews the newest message with its time: its text, or Photo with its caption, or the file (issue 27)', async () => {
    const a = await person(t, 'client', { name: 'Eka', lastname: 'Gelashvili' });
    const x = await person(t, 'influencer', { name: 'Nika', lastname: 'Kapanadze' });
    const hire = await addChat(a, x);
    const post = (m: Partial<typeof messages.$inferInsert> & { senderId: string }) =>
      t.db.insert(messages).values({ chatId: hire.chatId, ...m });
    const preview = async (cookie: string) => (await list(cookie)).json().items[0].lastMessage;

    await post({ senderId: a.userId, content: `Hello ${'a'.repeat(200)}` });
    const first = await preview(x.cookie);
    expect(first).toEqual({ kind: 'text', text: `Hello ${'a'.repeat(114)}`, at: expect.any(String), mine: false });
    expect(Math.abs(Date.now() - Date.parse(first.at))).toBeLessThan(60_000);
    expect((await preview(a.cookie)).mine).toBe(true);

    await post({
      senderId: x.userId,
      attachmentUrl: '/api/chats/x/attachments/1',
      attachmentType: 'image/jpeg',
      attachmentName: 'IMG_1.jpg',
      attachmentSize: 1000,
    });
    expect(await preview(a.cookie)).toMatchObject({ kind: 'photo', text: null, mine: false });
    await post({
      senderId: x.userId,
      content: 'The brief',
      attachmentUrl: '/api/chats/x/attachments/2',
      attachmentType: 'application/pdf',
      attachmentName: 'brief.pdf',
      attachmentSize: 1000,
    });
    expect(await preview(a.cookie)).toMatchObject({ kind: 'file', text: 'The brief' });
  });

  it('keeps a chat whose order is gone, without a campaign', async () => {
    const a = await person(t, 'client', { name: 'Tamar', lastname: 'Abashidze' });
    const x = await person(t, 'influencer', { name: 'Davit', lastname: 'Chkheidze' });
    const hire = await addChat(a, x);
    await t.db.delete(orders).where(eq(orders.id, hire.orderId));
    expect((await list(a.cookie)).json().items).toEqual([
      expect.objectContaining({ id: hire.chatId, counterpart: summary(x), campaign: null }),
    ]);
  });

  it('pages without overlap or gaps, ties broken by id, microseconds kept', async () => {
    const a = await person(t, 'client', { name: 'Page', lastname: 'Client' });
    const x = await person(t, 'influencer', { name: 'Page', lastname: 'Influencer' });
    const stamps = [
      '2030-03-01T00:00:00.000001Z',
      '2030-03-01T00:00:00.000001Z',
      '2030-03-01T00:00:00.000002Z',
      '2030-03-01T00:00:00.000002Z',
      '2030-02-01T00:00:00Z',
    ];
    const made = [];
    for (const createdAt of stamps) made.push(await addChat(a, x, { createdAt }));
    const expected = [...made]
      .sort((p, q) =>
        p.createdAt === q.createdAt ? (p.chatId < q.chatId ? 1 : -1) : p.createdAt! < q.createdAt! ? 1 : -1,
      )
      .map((m) => m.chatId);

    for (const p of [a, x]) {
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(p.cookie, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.statusCode).toBe(200);
        seen.push(...ids(res));
        sizes.push(res.json().items.length);
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(sizes).toEqual([2, 2, 1]);
      expect(seen).toEqual(expected);
    }
  });

  it('refuses a limit out of range and a forged cursor', async () => {
    const a = await person(t, 'client', { name: 'Bad', lastname: 'Input' });
    for (const limit of ['0', '51', '-1', 'x']) {
      const res = await list(a.cookie, `?limit=${limit}`);
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const noMicros = Buffer.from(`2030-01-01T00:00:00Z|${randomUUID()}`).toString('base64url');
    for (const cursor of [
      noMicros,
      'not-a-cursor',
      Buffer.from('2030-01-01T00:00:00.000000Z|x').toString('base64url'),
    ]) {
      const res = await list(a.cookie, `?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('is for the two parties only: admins 403, signed out 401', async () => {
    const res = await list(adminCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Chats are only available for clients and influencers.',
    });
    const signedOut = await t.req({ url: '/api/chats' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
  });
});

it('documents its route in OpenAPI with a tag and a summary', async () => {
  const paths = (await t.req({ url: '/api/docs/json' })).json().paths;
  expect(paths['/api/chats']?.get).toMatchObject({ tags: ['chat'], summary: expect.any(String) });
});
