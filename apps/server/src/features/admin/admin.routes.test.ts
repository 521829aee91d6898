// Issue 23 §3: the admin console through HTTP. Every endpoint refuses the signed-out (401) and everyone but admins
// (403); each action writes its history row with the admin and the reason; bad input is a 4xx a person can act on.
import { adminRoutes } from '@app/shared/admin/admin.routes';
import { routeUrl } from '@app/shared/common/route';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  influencers,
  mailOutbox,
  orderTransitions,
  signInFailures,
  socialVerifications,
} from '../../db/schema.ts';
import { admin as makeAdmin, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow } from '../../test/order-flow.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let client: Person;
let influencer: Person;
let flow: ReturnType<typeof orderFlow>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, client, influencer] = await Promise.all([
    makeAdmin(t),
    person(t, 'client', { name: 'Tamar', lastname: 'Kvaratskhelia' }),
    person(t, 'influencer', { name: 'Nino', lastname: 'Beridze' }),
  ]);
  flow = orderFlow(t);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, cookie = admin.cookie) => t.req({ url, cookie });
const post = (url: string, body: unknown, cookie = admin.cookie) => t.req({ method: 'POST', url, cookie, body });
const history = (userId: string) => t.db.select().from(adminActions).where(eq(adminActions.userId, userId));
const ID = '00000000-0000-4000-8000-000000000000';

describe('who may call the console', () => {
  const calls = Object.entries(adminRoutes).map(([name, c]) => ({
    name,
    method: c.method,
    url: routeUrl(c, 'params' in c ? ({ id: ID } as never) : undefined),
    body: 'body' in c ? { reason: 'checking', platform: 'youtube' } : undefined,
  }));

  it.each(calls)('$name answers 401 signed out, 403 to a client and an influencer', async (c) => {
    const as = (cookie?: string) => t.req({ method: c.method, url: c.url, cookie, body: c.body });
    expect((await as()).statusCode).toBe(401);
    expect((await as(client.cookie)).statusCode).toBe(403);
    expect((await as(influencer.cookie)).statusCode).toBe(403);
  });
});

describe('people', () => {
  it('finds a person by the start of a name or of an e-mail address, and filters by role and state', async () => {
    const byName = await get(`/api/admin/people?q=${encodeURIComponent('nin berid')}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().items.map((p: { id: string }) => p.id)).toEqual([influencer.userId]);

    const byEmail = (await get(`/api/admin/people?q=${encodeURIComponent(client.email)}`)).json();
    expect(byEmail.items.map((p: { id: string }) => p.id)).toEqual([client.userId]);

    const clients = (await get('/api/admin/people?role=client&limit=50')).json().items as { role: string }[];
    expect(clients.length).toBeGreaterThan(0);
    expect(clients.every((p) => p.role === 'client')).toBe(true);

    // The client registered through the API and has not confirmed; the admin account was made confirmed, and the
    // test influencer confirmed (test/harness.ts: only a confirmed influencer can be hired).
    const unverified = (await get('/api/admin/people?verified=false&limit=50')).json().items as { id: string }[];
    expect(unverified.map((p) => p.id)).toContain(client.userId);
    expect(unverified.map((p) => p.id)).not.toContain(admin.userId);
    expect(unverified.map((p) => p.id)).not.toContain(influencer.userId);
    const verified = (await get('/api/admin/people?verified=true&limit=50')).json().items as { id: string }[];
    expect(verified.map((p) => p.id)).toContain(influencer.userId);
  });

  it('pages newest first without repeating anyone, and refuses a forged cursor or an unknown filter', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await get(`/api/admin/people?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.items.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([admin.userId, client.userId, influencer.userId]));

    const forged = await get(`/api/admin/people?cursor=${Buffer.from('2026-13-45|x').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/no longer valid/);
    expect((await get('/api/admin/people?role=owner')).statusCode).toBe(400);
    expect((await get('/api/admin/people?active=maybe')).statusCode).toBe(400);
    expect((await get('/api/admin/people/nobody-like-this')).statusCode).toBe(404);
  });

  it('shows a person with their orders, payments, sign-in state and history', async () => {
    const { orderId } = await flow.paidOrder({ client, influencer });
    const res = await get(`/api/admin/people/${client.userId}`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ id: client.userId, role: 'client', active: true, emailVerified: false });
    expect(p.orders[0]).toMatchObject({ id: orderId, stage: 'ready_to_start', counterpart: 'Nino Beridze' });
    expect(p.payments.some((x: { kind: string; status: string }) => x.kind === 'preauth' && x.status === 'held')).toBe(
      true,
    );
    expect(p.signIn).toEqual({ failures: 0, lockedUntil: null });
    expect(p.history).toEqual([]);
  });
});

describe('person actions', () => {
  it('deactivates with a reason: the history names the admin, the person can no longer sign in', async () => {
    const p = await person(t, 'client');
    expect((await post(`/api/admin/people/${p.userId}/deactivate`, {})).statusCode).toBe(400);
    expect((await post(`/api/admin/people/${p.userId}/deactivate`, { reason: '   ' })).statusCode).toBe(400);
    expect(await history(p.userId)).toEqual([]);

    const res = await post(`/api/admin/people/${p.userId}/deactivate`, { reason: 'Reported for fake reviews' });
    expect(res.statusCode).toBe(200);
    expect(await history(p.userId)).toMatchObject([
      { action: 'deactivate', adminId: admin.userId, reason: 'Reported for fake reviews' },
    ]);
    const signIn = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: p.email, password: p.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect((await t.req({ url: '/api/me', cookie: p.cookie })).statusCode).toBe(401);

    const again = await post(`/api/admin/people/${p.userId}/deactivate`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect((await history(p.userId)).length).toBe(1);

    const back = await post(`/api/admin/people/${p.userId}/reactivate`, { reason: 'Appeal upheld' });
    expect(back.statusCode).toBe(200);
    const signInAgain = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: p.email, password: p.password },
    });
    expect(signInAgain.statusCode).toBe(200);
    const detail = (await get(`/api/admin/people/${p.userId}`)).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['reactivate', 'deactivate']);
    expect(detail.history[0].admin).toEqual({ id: admin.userId, name: 'Ada Admin' });
  });

  it('refuses to deactivate an admin or a person who is not there', async () => {
    const other = await makeAdmin(t);
    const res = await post(`/api/admin/people/${other.userId}/deactivate`, { reason: 'no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/command line/);
    expect((await post('/api/admin/people/missing-person/deactivate', { reason: 'no' })).statusCode).toBe(404);
    expect(await history(other.userId)).toEqual([]);
  });

  it('unlocks a locked sign-in: the right password works again at once', async () => {
    const p = await person(t, 'influencer');
    const notLocked = await post(`/api/admin/people/${p.userId}/unlock-sign-in`, { reason: 'Asked by phone' });
    expect(notLocked.statusCode).toBe(409);

    // The lock the sign-in guard sets after ten wrong passwords (decision 005).
    await t.db.insert(signInFailures).values({
      email: p.email,
      failures: 0,
      windowStartedAt: new Date(),
      lockedUntil: new Date(Date.now() + 15 * 60_000),
    });
    const signIn = () =>
      t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email: p.email, password: p.password } });
    expect((await signIn()).statusCode).toBe(429);
    expect((await get(`/api/admin/people/${p.userId}`)).json().signIn.lockedUntil).not.toBeNull();

    const res = await post(`/api/admin/people/${p.userId}/unlock-sign-in`, { reason: 'Owner proved identity' });
    expect(res.statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    const [row] = await history(p.userId);
    expect(row).toMatchObject({ action: 'unlock_sign_in', adminId: admin.userId, reason: 'Owner proved identity' });
    expect(row?.details).toMatchObject({ lockedUntil: expect.any(String) });
  });

  it('resends the verification mail to an unconfirmed address, and refuses a confirmed one', async () => {
    const p = await person(t, 'client');
    const before = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.email))).length;
    const res = await post(`/api/admin/people/${p.userId}/resend-verification`, { reason: 'Mail went to spam' });
    expect(res.statusCode).toBe(200);
    const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.email));
    expect(after.length).toBe(before + 1);
    expect(await history(p.userId)).toMatchObject([{ action: 'resend_verification', reason: 'Mail went to spam' }]);

    const confirmed = await post(`/api/admin/people/${admin.userId}/resend-verification`, { reason: 'x' });
    expect(confirmed.statusCode).toBe(409);
  });

  it('resets a social verification: the row goes, the verified followers with it', async () => {
    const p = await person(t, 'influencer');
    await t.db.insert(socialVerifications).values({
      influencerId: p.profileId,
      platform: 'youtube',
      handle: '@tbilisi-eats',
      url: 'https://youtube.com/@tbilisi-eats',
      accountId: `UC-${p.profileId}`,
      status: 'verified',
      followerCount: 12_000,
      verifiedAt: new Date(),
    });
    await t.db.update(influencers).set({ verifiedFollowers: 12_000 }).where(eq(influencers.id, p.profileId));
    const shown = (await get(`/api/admin/people/${p.userId}`)).json();
    expect(shown.socials).toMatchObject([{ platform: 'youtube', status: 'verified', followerCount: 12_000 }]);

    expect(
      (await post(`/api/admin/people/${p.userId}/reset-social`, { reason: 'x', platform: 'myspace' })).statusCode,
    ).toBe(400);
    const none = await post(`/api/admin/people/${p.userId}/reset-social`, { reason: 'x', platform: 'tiktok' });
    expect(none.statusCode).toBe(409);

    const res = await post(`/api/admin/people/${p.userId}/reset-social`, {
      reason: 'Channel changed hands',
      platform: 'youtube',
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(socialVerifications)
      .where(and(eq(socialVerifications.influencerId, p.profileId), eq(socialVerifications.platform, 'youtube')));
    expect(rows).toEqual([]);
    const [inf] = await t.db.select().from(influencers).where(eq(influencers.id, p.profileId));
    expect(inf?.verifiedFollowers).toBe(0);
    expect(await history(p.userId)).toMatchObject([
      { action: 'reset_social', reason: 'Channel changed hands', details: { platform: 'youtube', status: 'verified' } },
    ]);

    const notInfluencer = await post(`/api/admin/people/${client.userId}/reset-social`, {
      reason: 'x',
      platform: 'youtube',
    });
    expect(notInfluencer.statusCode).toBe(409);
  });
});

describe('orders', () => {
  it('lists orders by stage, party, amount and words of the campaign; refuses an impossible range', async () => {
    const brand = await person(t, 'client', { name: 'Giorgi', lastname: 'Maisuradze' });
    const creator = await person(t, 'influencer');
    const small = await flow.paidOrder({ client: brand, influencer: creator, budget: 150 });
    const creator2 = await person(t, 'influencer');
    const big = await flow.submittedOrder({ client: brand, influencer: creator2, budget: 900 });

    const mine = (await get(`/api/admin/orders?party=${brand.userId}`)).json();
    expect(mine.items.map((o: { id: string }) => o.id)).toEqual([big.orderId, small.orderId]);
    expect(mine.items[0]).toMatchObject({ stage: 'in_review', amountMinor: 90_000, client: { userId: brand.userId } });

    const inReview = (await get(`/api/admin/orders?party=${brand.userId}&stage=in_review`)).json();
    expect(inReview.items.map((o: { id: string }) => o.id)).toEqual([big.orderId]);
    const cheap = (await get(`/api/admin/orders?party=${brand.userId}&maxAmount=200`)).json();
    expect(cheap.items.map((o: { id: string }) => o.id)).toEqual([small.orderId]);
    const byName = (await get('/api/admin/orders?q=giorgi%20mais')).json();
    expect(byName.items.map((o: { id: string }) => o.id)).toEqual([big.orderId, small.orderId]);
    const page = (await get(`/api/admin/orders?party=${brand.userId}&limit=1`)).json();
    expect(page.items.length).toBe(1);
    const next = (await get(`/api/admin/orders?party=${brand.userId}&limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items.map((o: { id: string }) => o.id)).toEqual([small.orderId]);
    expect(next.nextCursor).toBeNull();

    const range = await get('/api/admin/orders?minAmount=500&maxAmount=100');
    expect(range.statusCode).toBe(400);
    expect(range.json().error.details.fieldErrors.minAmount).toBeDefined();
    expect((await get('/api/admin/orders?stage=lost')).statusCode).toBe(400);
    expect((await get(`/api/admin/orders/${ID}`)).statusCode).toBe(404);
  });

  it("shows an order's history (who, when, what), payments, ledger, receipt and chat", async () => {
    const { orderId } = await flow.submittedOrder({ client, influencer, budget: 300 });
    const res = await get(`/api/admin/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.history.map((h: { transition: string }) => h.transition)).toEqual(['pay', 'startWork', 'submitWork']);
    expect(o.history[0]).toMatchObject({ actorRole: 'system', actor: null, fromStage: 'payment_pending' });
    expect(o.history[1]).toMatchObject({
      actorRole: 'influencer',
      actor: { id: influencer.userId, name: 'Nino Beridze' },
      toStage: 'in_progress',
    });
    expect(o.payments).toMatchObject([{ kind: 'preauth', status: 'held', amountMinor: 30_000 }]);
    expect(o.ledger).toMatchObject([{ kind: 'hold', amountMinor: 30_000 }]);
    expect(o.receipt).toMatchObject({ providerStatus: expect.any(String) });
    expect(o.chatId).toEqual(expect.any(String));
    expect(o.actions).toEqual(['refund']);
    // The proof link's check (decision 039): an Instagram link, and no verified Instagram account to check it against.
    expect(o.proofCheck).toMatchObject({ platform: 'instagram', status: 'unchecked', reason: 'no_verified_account' });
  });

  it('cancels through the order machine with the reason in its history; refuses without one or once work started', async () => {
    const { orderId } = await flow.paidOrder({ client, influencer, budget: 120 });
    expect((await get(`/api/admin/orders/${orderId}`)).json().actions).toEqual(['cancel']);
    expect((await post(`/api/admin/orders/${orderId}/cancel`, {})).statusCode).toBe(400);

    const res = await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Brand asked support to cancel' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(orderTransitions).where(eq(orderTransitions.orderId, orderId));
    expect(rows.at(-1)).toMatchObject({
      transition: 'cancel',
      actorRole: 'admin',
      actorUserId: admin.userId,
      reason: 'Brand asked support to cancel',
    });
    expect((await get(`/api/admin/orders/${orderId}`)).json()).toMatchObject({ stage: 'canceled', actions: [] });

    const started = await flow.submittedOrder({ client, influencer, budget: 130 });
    const late = await post(`/api/admin/orders/${started.orderId}/cancel`, { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
  });
});

describe('money', () => {
  it('totals the ledger by month', async () => {
    const before = (await get('/api/admin/money')).json().months[0] ?? { heldMinor: 0 };
    await flow.paidOrder({ client, influencer, budget: 250 });
    const res = await get('/api/admin/money');
    expect(res.statusCode).toBe(200);
    const [month] = res.json().months;
    expect(month.month).toMatch(/^\d{4}-\d{2}$/);
    expect(month.heldMinor - before.heldMinor).toBe(25_000);
    expect((await get('/api/admin/money?months=0')).statusCode).toBe(400);
  });
});
