// Issue 25 §1.3: holds are card-only at Bank of Georgia, a hold the bank captured at once is paid-and-captured, and a
// status the documentation does not give for a cancelled hold stops the release job and becomes an alert.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders } from '../../db/schema.ts';
import type { EmulatedOrder } from '../../emulators/bog/emulator-store.ts';
import { payOnPage } from '../../emulators/bog/emulator-testing.ts';
import { fakeClock, MINUTE } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

const clock = fakeClock('2026-11-24T10:00:00Z');
let t: TestApp;
let client: { cookie: string };
let influencer: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
});
afterAll(() => t.close());

async function hire(budget: number) {
  const created = await t.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie: client.cookie,
    body: { socials: ['instagram'], title: `Reel ${budget}`, description: 'One reel', budget, deadline: null },
  });
  const applied = await t.req({
    method: 'POST',
    url: `/api/campaigns/${created.json().id}/applications`,
    cookie: influencer.cookie,
  });
  const accepted = await t.req({
    method: 'POST',
    url: `/api/applications/${applied.json().application.id}/accept`,
    cookie: client.cookie,
  });
  return accepted.json().order.id as string;
}
const bankOrderOf = (redirectUrl: string) =>
  t.bank.emulator.controls.order(new URL(redirectUrl).searchParams.get('order_id')!)!;
const ledgerOf = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .map((e) => `${e.kind}:${e.amountMinor}`)
    .sort();

describe("Bank of Georgia's holds", () => {
  it('a hold offers only the methods the bank can hold', async () => {
    const orderId = await hire(70);
    const started = await t.req({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      cookie: client.cookie,
      body: { lang: 'en', amountMinor: 7_000 },
    });
    expect(started.statusCode).toBe(201);
    // The bank's page may offer only what it can hold: a manual order for card, Google Pay and Apple Pay.
    expect(bankOrderOf(started.json().redirectUrl)).toMatchObject({
      capture: 'manual',
      paymentMethods: ['card', 'google_pay', 'apple_pay'],
    });
  });

  it('a hold the bank captured at once pays the order and is captured in the ledger', async () => {
    const orderId = await hire(80);
    t.bank.emulator.controls.callbacks.set({ dropNext: 5 });
    const started = (
      await t.req({
        method: 'POST',
        url: `/api/orders/${orderId}/payments`,
        cookie: client.cookie,
        body: { lang: 'en', amountMinor: 8_000 },
      })
    ).json();
    await payOnPage(t.bank.url, started.redirectUrl, { number: '4111111111111111' });
    await t.bank.emulator.controls.callbacks.settled();
    // The bank took the money at once (its receipt says completed, with the authorize action done).
    const o = bankOrderOf(started.redirectUrl);
    o.status = 'completed';
    o.transferMinor = o.requestMinor;
    o.actions.push({
      id: 'captured-at-once',
      action: 'authorize',
      status: 'completed',
      amountMinor: o.requestMinor,
      at: clock().getTime(),
    });
    clock.advance(5_000);
    const seen = (await t.req({ url: `/api/payments/${started.id}`, cookie: client.cookie })).json();
    expect(seen.status).toBe('captured');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect(order!.transactionId).toBe(started.id);
    expect(await ledgerOf(started.id)).toEqual(['capture:8000', 'hold:8000']);
    t.bank.emulator.controls.callbacks.set({ dropNext: 0 });
  });

  it('an undocumented status after a cancel stops the release job at once and is an alert in reconciliation', async () => {
    const started = await t.req({
      method: 'POST',
      url: '/api/saved-cards',
      cookie: client.cookie,
      body: { lang: 'en' },
    });
    await payOnPage(t.bank.url, started.json().redirectUrl, { number: '5555555555554444' });
    await t.bank.emulator.controls.callbacks.settled();
    expect((await t.req({ url: `/api/payments/${started.json().id}`, cookie: client.cookie })).json().status).toBe(
      'held',
    );
    // The bank reports a status its documentation does not list (what it might call a voided hold).
    bankOrderOf(started.json().redirectUrl).status = 'voided' as EmulatedOrder['status'];
    const runs = await t.jobs.runDue();
    const releases = runs.filter((r) => r.kind === 'payments.release');
    expect(
      releases.map((r) => r.outcome),
      JSON.stringify(releases),
    ).toEqual(['done']);
    // Not retried: later runs find nothing to do.
    clock.advance(30 * MINUTE);
    expect((await t.jobs.runDue()).filter((r) => r.kind === 'payments.release')).toEqual([]);

    const admin = await signInAdmin(t);
    const report = (await t.req({ url: '/api/admin/payments/reconciliation?limit=500', cookie: admin })).json();
    expect(report.alerts).toContainEqual({
      paymentId: started.json().id,
      providerStatus: 'voided',
      message: expect.stringMatching(/"voided", a status its documentation does not list/),
    });
  });
});
