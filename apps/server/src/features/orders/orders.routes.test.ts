import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignApplications,
  campaigns,
  clients,
  influencers,
  orders,
  payoutBatches,
  payoutItems,
  payouts,
} from '../../db/schema.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

let t: TestApp;
type Person = { cookie: string; id: string };
let clientA: Person;
let clientB: Person;
let influencerX: Person;
let influencerY: Person;
let adminCookie: string;

async function register(role: 'client' | 'influencer'): Promise<Person> {
  const u = await registerUser(t, role);
  const table = role === 'client' ? clients : influencers;
  const [row] = await t.db.select({ id: table.id }).from(table).where(eq(table.userId, u.userId));
  return { cookie: u.cookie, id: row!.id };
}

/** A hire written straight to the database: campaign, accepted application, order. */
async function addOrder(
  client: Person,
  influencer: Person,
  o: {
    title?: string;
    status?: 'unpaid' | 'paid' | 'canceled';
    workStatus?: string;
    approvalStatus?: string | null;
    createdAt?: string;
  } = {},
) {
  const [campaign] = await t.db
    .insert(campaigns)
    .values({
      clientId: client.id,
      title: o.title ?? 'Campaign',
      description: `About ${o.title ?? 'the campaign'}`,
      budgetMinor: 80_000,
      socials: ['tiktok'],
      status: 'in_progress',
      deadline: '2031-12-31',
    })
    .returning({ id: campaigns.id });
  const [application] = await t.db
    .insert(campaignApplications)
    .values({ campaignId: campaign!.id, influencerId: influencer.id, status: 'accepted' })
    .returning({ id: campaignApplications.id });
  const [order] = await t.db
    .insert(orders)
    .values({
      campaignId: campaign!.id,
      applicationId: application!.id,
      influencerId: influencer.id,
      clientId: client.id,
      amountMinor: 80_000,
      status: o.status ?? 'unpaid',
      workStatus: o.workStatus ?? 'not_started',
      approvalStatus: o.approvalStatus ?? null,
      ...(o.createdAt ? { createdAt: sql`${o.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: orders.id });
  return { orderId: order!.id, campaignId: campaign!.id, createdAt: o.createdAt };
}

const list = (cookie: string, query = '') => t.req({ url: `/api/orders${query}`, cookie });

beforeAll(async () => {
  t = await createTestApp();
  clientA = await register('client');
  clientB = await register('client');
  influencerX = await register('influencer');
  influencerY = await register('influencer');
  adminCookie = await signInAdmin(t);
});
afterAll(() => t.close());

describe('orders list', () => {
  it("lists the influencer's own orders newest first with campaign and client", async () => {
    const [clientRow] = await t.db
      .update(clients)
      .set({ name: 'Brand', lastname: 'Owner', avatarUrl: '/uploads/brand.png' })
      .where(eq(clients.id, clientB.id))
      .returning({ id: clients.id });
    const older = await addOrder(clientA, influencerX, { title: 'Older', createdAt: '2030-01-01T00:00:00Z' });
    const newer = await addOrder(clientB, influencerX, {
      title: 'Newer',
      status: 'paid',
      workStatus: 'completed',
      approvalStatus: 'pending',
      createdAt: '2030-02-01T00:00:00Z',
    });
    const othersOrder = await addOrder(clientA, influencerY, { title: 'Not X' });

    const res = await list(influencerX.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: newer.orderId,
          status: 'paid',
          amountMinor: 80_000,
          workStatus: 'completed',
          approvalStatus: 'pending',
          stage: 'in_review',
          money: 'held',
          actions: ['openDispute', 'proposeCancel'],
          approvalFeedback: null,
          proofUrl: null,
          completionNotes: null,
          createdAt: '2030-02-01T00:00:00.000Z',
          campaign: {
            id: newer.campaignId,
            title: 'Newer',
            description: 'About Newer',
            socials: ['tiktok'],
            deadline: '2031-12-31',
          },
          client: { id: clientRow!.id, name: 'Brand', lastname: 'Owner', avatarUrl: '/uploads/brand.png' },
          counterpartDeactivated: false,
        },
        expect.objectContaining({
          id: older.orderId,
          status: 'unpaid',
          workStatus: 'not_started',
          approvalStatus: null,
          stage: 'payment_pending',
          money: 'unpaid',
          campaign: expect.objectContaining({ id: older.campaignId, title: 'Older' }),
          client: expect.objectContaining({ id: clientA.id }),
        }),
      ],
      nextCursor: null,
    });
    // Y sees only Y's order, never X's.
    expect((await list(influencerY.cookie)).json().items.map((o: { id: string }) => o.id)).toEqual([
      othersOrder.orderId,
    ]);
  });

  it('says where the money is: held until approval, pending payout, paid out once its batch is paid (issue 27)', async () => {
    const me = await register('influencer');
    const held = await addOrder(clientA, me, { status: 'paid', workStatus: 'in_progress' });
    const approved = await addOrder(clientA, me, {
      status: 'paid',
      workStatus: 'completed',
      approvalStatus: 'approved',
    });
    const moneyOf = async () =>
      Object.fromEntries(
        (await list(me.cookie)).json().items.map((o: { id: string; money: string }) => [o.id, o.money]),
      );
    expect(await moneyOf()).toEqual({ [held.orderId]: 'held', [approved.orderId]: 'pending_payout' });

    // In a batch not yet paid: still waiting; the admin marks the batch paid: paid out.
    const [batch] = await t.db
      .insert(payoutBatches)
      .values({ period: '2030-01-01', cutoffAt: new Date(), commissionBps: 0, trigger: 'admin' })
      .returning({ id: payoutBatches.id });
    const [payout] = await t.db
      .insert(payouts)
      .values({
        batchId: batch!.id,
        influencerId: me.id,
        period: '2030-01-01',
        iban: 'GE29NB0000000101904917',
        accountName: 'Me',
        grossMinor: 80_000,
        commissionMinor: 0,
        amountMinor: 80_000,
      })
      .returning({ id: payouts.id });
    await t.db.insert(payoutItems).values({
      payoutId: payout!.id,
      orderId: approved.orderId,
      grossMinor: 80_000,
      commissionMinor: 0,
      amountMinor: 80_000,
    });
    expect((await moneyOf())[approved.orderId]).toBe('pending_payout');
    await t.db.update(payoutBatches).set({ status: 'paid', paidAt: new Date() }).where(eq(payoutBatches.id, batch!.id));
    expect(await moneyOf()).toEqual({ [held.orderId]: 'held', [approved.orderId]: 'paid_out' });
  });

  it('answers an influencer without orders with an empty page', async () => {
    const fresh = await register('influencer');
    expect((await list(fresh.cookie)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages without overlap or gaps, ties broken by id, microseconds kept', async () => {
    const z = await register('influencer');
    const stamps = [
      '2030-03-01T00:00:00.000001Z',
      '2030-03-01T00:00:00.000001Z',
      '2030-03-01T00:00:00.000002Z',
      '2030-03-01T00:00:00.000002Z',
      '2030-02-01T00:00:00Z',
    ];
    const made = [];
    for (const createdAt of stamps) made.push(await addOrder(clientA, z, { createdAt }));
    const expected = [...made]
      .sort((a, b) =>
        a.createdAt === b.createdAt ? (a.orderId < b.orderId ? 1 : -1) : a.createdAt! < b.createdAt! ? 1 : -1,
      )
      .map((m) => m.orderId);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(z.cookie, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((o: { id: string }) => o.id));
      sizes.push(res.json().items.length);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(expected);
  });

  it('is for influencers only', async () => {
    for (const cookie of [clientA.cookie, adminCookie]) {
      const res = await list(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'This is only available for influencers.' });
    }
    expect((await t.req({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('refuses a limit out of range and a forged cursor', async () => {
    for (const limit of ['0', '51', '-1', 'x']) {
      expect((await list(influencerX.cookie, `?limit=${limit}`)).statusCode).toBe(400);
    }
    const forged = Buffer.from(`2030-01-01T00:00:00Z|${randomUUID()}`).toString('base64url'); // no microseconds
    const res = await list(influencerX.cookie, `?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

it('documents its route in OpenAPI with a tag and a summary', async () => {
  const paths = (await t.req({ url: '/api/docs/json' })).json().paths;
  expect(paths['/api/orders']?.get).toMatchObject({ tags: ['orders'], summary: expect.any(String) });
});
