// Issue 21 §4: an approval whose bank call is interrupted (the answer lost, the callback lost, the instance gone)
// settles from the bank's receipt in seconds, and a retry meanwhile is told the payment is being confirmed.
import { WORK_MESSAGES } from '@app/shared/orders/order.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orders, payments } from '../../db/schema.ts';
import { fakeClock, MINUTE, SECOND } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { orderFlow, type Person } from '../../test/order-flow.ts';

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
});
afterAll(() => t.close());
afterEach(() => {
  t.bank.emulator.controls.callbacks.set({ dropNext: 0, duplicateNext: 0, failNext: 0, reorderNext: 0, delayMs: 0 });
});

const act = (app: TestApp, orderId: string, what: string, body?: unknown) =>
  app.req({ method: 'POST', url: `/api/orders/${orderId}/${what}`, cookie: client.cookie, body });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ledger = async (orderId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)))
    .map((e) => `${e.kind}:${e.amountMinor}`)
    .sort();
const captures = async (holdId: string) =>
  (
    await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.parentPaymentId, holdId), eq(payments.kind, 'capture')))
  ).map((c) => c.status);
const bankOrderOf = async (holdId: string) => {
  const [hold] = await t.db.select().from(payments).where(eq(payments.id, holdId));
  return () => t.bank.emulator.controls.order(hold!.providerOrderId!)!;
};

/** The bank captures, then every answer to the approval is lost (each attempt of the client times out). */
function loseTheAnswers() {
  t.bank.emulator.controls.failNext('approve', { kind: 'hang', afterProcessing: true }, 1);
  t.bank.emulator.controls.failNext('approve', { kind: 'hang' }, 2);
  t.bank.emulator.controls.callbacks.set({ dropNext: 5 });
}

describe('an approval whose bank call is interrupted', () => {
  it('the answer and the callback lost: the receipt read right after the failed call settles it in that request', async () => {
    const { orderId, holdId } = await flow.submittedOrder({ client, influencer });
    loseTheAnswers();
    const res = await act(t, orderId, 'approve');
    // Before: 422 "Payment confirmation failed", the order awaiting approval until reconciliation (133–144 s).
    expect(res.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'approved', captureStartedAt: null });
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
    expect(await captures(holdId)).toEqual(['succeeded']);
  });

  it('a retry during the claim is told the payment is being confirmed; the claim’s job settles it 5 s after, on another instance', async () => {
    const { orderId, holdId } = await flow.submittedOrder({ client, influencer });
    // Instance B takes the approval and is stuck on the bank; instance A (another, or the next start) runs the jobs.
    const b = await createTestApp({}, { clock, database: { ...t.database, close: async () => {} }, bank: t.bank });
    try {
      loseTheAnswers();
      const bankOrder = await bankOrderOf(holdId);
      const onB = act(b, orderId, 'approve');
      await vi.waitFor(() => expect(bankOrder().status).toBe('completed'), { timeout: 5_000, interval: 20 });

      for (const [what, body] of [['approve'], ['reject-work', { feedback: 'Redo' }]] as const) {
        const retry = await act(t, orderId, what, body);
        expect(retry.statusCode, what).toBe(409);
        // Before: 409 "Order not found or permission denied".
        expect(retry.json().error).toEqual({
          code: 'APPROVAL_IN_PROGRESS',
          message: WORK_MESSAGES.approvalInProgress,
        });
      }
      expect((await orderRow(orderId)).approvalStatus).toBe('pending');

      clock.advance(5 * SECOND);
      await t.jobs.runDue();
      // Settled from the bank's receipt while B's request is still waiting for an answer that never comes.
      expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'approved', captureStartedAt: null });
      expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);

      expect((await onB).statusCode).toBe(200);
      expect(await captures(holdId)).toEqual(['succeeded']);
      expect(bankOrder().actions.filter((a) => a.action === 'authorize')).toHaveLength(1);
    } finally {
      await b.close();
    }
  });

  it('nothing captured and no answer: the claim waits for the bank’s word, then goes; approving again captures once', async () => {
    const { orderId, holdId } = await flow.submittedOrder({ client, influencer });
    t.bank.emulator.controls.failNext('approve', { kind: 'hang' }, 3);
    const res = await act(t, orderId, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('APPROVAL_IN_PROGRESS');
    expect((await orderRow(orderId)).captureStartedAt).not.toBeNull();

    // The bank shows no capture, but the request sent might still land: the claim stays until it cannot.
    clock.advance(5 * SECOND);
    await t.jobs.runDue();
    expect((await orderRow(orderId)).captureStartedAt).not.toBeNull();
    clock.advance(3 * MINUTE);
    await t.jobs.runDue();
    expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'pending', captureStartedAt: null });
    expect(await ledger(orderId)).toEqual(['hold:20000']);

    // The client approves again: the same capture (same key) is asked, and the bank captures once.
    expect((await act(t, orderId, 'approve')).statusCode).toBe(200);
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
    expect(await captures(holdId)).toEqual(['succeeded']);
  });

  it('a receipt that cannot be read settles nothing: the claim stays until the bank answers', async () => {
    const { orderId, holdId } = await flow.submittedOrder({ client, influencer });
    t.bank.emulator.controls.failNext('approve', { kind: 'hang', afterProcessing: true }, 1);
    t.bank.emulator.controls.failNext('approve', { kind: 'status', status: 503 }, 2);
    // The bank stops answering receipt reads until the test brings it back.
    t.bank.emulator.controls.failNext('receipt', { kind: 'status', status: 503 }, 100);
    t.bank.emulator.controls.callbacks.set({ dropNext: 5 });
    const res = await act(t, orderId, 'approve');
    expect(res.json().error.code).toBe('APPROVAL_IN_PROGRESS');
    clock.advance(5 * MINUTE);
    await t.jobs.runDue();
    // Past the stale mark, yet kept: without the bank's word the capture may have happened (it did).
    expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'pending' });
    expect((await orderRow(orderId)).captureStartedAt).not.toBeNull();

    const bank = t.bank.client({ retry: { attempts: 1 } });
    const { providerOrderId } = (await t.db.select().from(payments).where(eq(payments.id, holdId)))[0]!;
    for (let answered = false; !answered; ) {
      answered = await bank.getReceipt(providerOrderId!).then(
        () => true,
        () => false,
      );
    }
    clock.advance(MINUTE);
    await t.jobs.runDue();
    expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'approved', captureStartedAt: null });
  });
});
