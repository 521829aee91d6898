// Issue 21 §5.2: one client must not open unlimited orders at the bank (40 Add card and 40 Start & Pay requests in
// 2 s each made one), and abandoned attempts must not starve reconciliation. The bursts go to a second instance with
// the real limits (multiplier 1) on the same database and bank; the first signs people up and hires.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema.ts';
import { payOnPage } from '../../emulators/bog/emulator-testing.ts';
import { fakeClock, MINUTE } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import type { Person } from '../../test/order-flow.ts';

const clock = fakeClock('2026-11-24T10:00:00Z');
let t: TestApp;
let limited: TestApp;
let client: Person;
let influencer: Person;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  limited = await createTestApp(
    { RATE_LIMIT_MULTIPLIER: '1' },
    { clock, database: { ...t.database, close: async () => {} }, bank: t.bank },
  );
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
});
afterAll(async () => {
  await limited.close();
  await t.close();
});

const post = (url: string, cookie: string, body?: unknown, app = t) => app.req({ method: 'POST', url, cookie, body });
const bankOrders = () => Object.keys(t.bank.emulator.store.state.orders).length;

/** A hire through the API: the order is unpaid. */
async function hire(who: Person = client) {
  const campaign = await post('/api/campaigns', who.cookie, {
    socials: ['instagram'],
    title: 'Limits',
    description: 'One reel',
    budget: 100,
    deadline: null,
  });
  const applied = await post(`/api/campaigns/${campaign.json().id}/applications`, influencer.cookie);
  const accepted = await post(`/api/applications/${applied.json().application.id}/accept`, who.cookie);
  return accepted.json().order.id as string;
}

/** 40 requests at once: what each answered, and how many orders the bank got. */
async function burst(send: (i: number) => ReturnType<typeof post>) {
  await t.bank.emulator.controls.callbacks.settled();
  const before = bankOrders();
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
  return {
    ok: answers.filter((r) => r.statusCode === 201).map((r) => r.json().id as string),
    refused: answers.filter((r) => r.statusCode === 429).map((r) => r.json().error),
    other: answers.filter((r) => r.statusCode !== 201 && r.statusCode !== 429).map((r) => r.statusCode),
    newAtBank: bankOrders() - before,
  };
}

describe('bank orders per person', () => {
  it('40 Start & Pay requests at once, any amount: one order at the bank, ten answered with it, thirty refused', async () => {
    const orderId = await hire();
    const r = await burst((i) =>
      post(`/api/orders/${orderId}/payments`, client.cookie, { amountMinor: 10_000 + i * 100, lang: 'en' }, limited),
    );
    expect(r.other).toEqual([]);
    expect(r.ok).toHaveLength(10);
    expect(new Set(r.ok).size).toBe(1);
    expect(r.newAtBank).toBe(1);
    expect(r.refused).toHaveLength(30);
    expect(r.refused[0]).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many payment attempts in the last hour. Please wait 60 minutes and try again.',
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, r.ok[0]!));
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.amountMinor).toBe(row!.amountMinor);

    // The limit is this person's: another client pays as usual.
    const other = await registerUser(t, 'client');
    const theirs = await post(
      `/api/orders/${await hire(other)}/payments`,
      other.cookie,
      { amountMinor: 10_000, lang: 'en' },
      limited,
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('40 Add card requests at once: one order at the bank, ten answered with it, thirty refused', async () => {
    const who = await registerUser(t, 'client');
    const r = await burst((i) => post('/api/saved-cards', who.cookie, { lang: i % 2 ? 'en' : 'ka' }, limited));
    expect(r.other).toEqual([]);
    expect(r.ok).toHaveLength(10);
    expect(new Set(r.ok).size).toBe(1);
    expect(r.newAtBank).toBe(1);
    expect(r.refused).toHaveLength(30);
    expect(r.refused[0].message).toBe(
      'Too many attempts to add a card in the last hour. Please wait 60 minutes and try again.',
    );
  });

  it('a failed attempt is not reused: the next one is a new order at the bank', async () => {
    const who = await registerUser(t, 'client');
    const orderId = await hire(who);
    const first = (await post(`/api/orders/${orderId}/payments`, who.cookie, { amountMinor: 10_000 })).json();
    await payOnPage(t.bank.url, first.redirectUrl, { number: '4000000000000002' }); // declined
    await t.bank.emulator.controls.callbacks.settled();
    const second = (await post(`/api/orders/${orderId}/payments`, who.cookie, { amountMinor: 10_000 })).json();
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('pending');
  });
});

describe('reconciliation under a pile of abandoned attempts', () => {
  it('settles another person’s payment whose callback was lost on its next run', async () => {
    // One person left 150 attempts at the bank's page, older than anything else in the queue.
    const attacker = await registerUser(t, 'client');
    const old = new Date(clock().getTime() - 30 * MINUTE);
    await t.db.insert(payments).values(
      Array.from({ length: 150 }, (_, i) => ({
        userId: attacker.userId,
        kind: 'save_card',
        status: 'pending',
        amountMinor: 100,
        providerOrderId: `abandoned-${i}-${randomUUID()}`,
        idempotencyKey: randomUUID(),
        createdAt: old,
        updatedAt: old,
      })),
    );
    // Someone else pays; the bank's callback is lost and the paying screen was closed.
    const payer = await registerUser(t, 'client');
    const orderId = await hire(payer);
    t.bank.emulator.controls.callbacks.set({ dropNext: 5 });
    const started = (await post(`/api/orders/${orderId}/payments`, payer.cookie, { amountMinor: 10_000 })).json();
    await payOnPage(t.bank.url, started.redirectUrl, { number: '4111111111111111' });
    await t.bank.emulator.controls.callbacks.settled();
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('unpaid');

    await t.jobs.ensureSchedules();
    clock.advance(3 * MINUTE);
    const ran = await t.jobs.runDue();
    expect(ran.filter((j) => j.kind === 'payments.reconcile').map((j) => j.outcome)).toEqual(['done']);
    // Before issue 21 the queue was oldest first, 100 a run: the abandoned pages took the whole run.
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('paid');
  });
});
