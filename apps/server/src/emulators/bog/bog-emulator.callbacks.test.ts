import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bogIdempotencyKey } from '../../integrations/bog/bog-client.ts';
import { parseCallback } from '../../integrations/bog/bog-receipt.ts';
import { verifyCallbackSignature } from '../../integrations/bog/bog-signature.ts';
import { answerThreeDs, payOnPage, startCallbackReceiver, startTestBank, type TestBank } from './emulator-testing.ts';

// Callbacks over real HTTP to a real receiver: signed, verifiable, and every fault switch observable.
let bank: TestBank;
let merchant: Awaited<ReturnType<typeof startCallbackReceiver>>;
beforeAll(async () => {
  merchant = await startCallbackReceiver();
  bank = await startTestBank({ callbackRetryDelaysMs: [20, 20, 20] });
});
afterAll(async () => {
  await bank.close();
  await merchant.close();
});
beforeEach(() => {
  bank.emulator.controls.reset();
  merchant.clear();
  merchant.answerNext();
});

const callbacks = {
  settled: () => bank.emulator.controls.callbacks.settled(),
  set: (s: Parameters<TestBank['emulator']['controls']['callbacks']['set']>[0]) =>
    bank.emulator.controls.callbacks.set(s),
  deliveries: () => bank.emulator.controls.callbacks.deliveries(),
};

async function newOrder(capture: 'automatic' | 'manual' = 'manual') {
  return bank.client().createOrder(
    {
      callbackUrl: merchant.url,
      capture,
      externalOrderId: 'ord-7',
      basket: [{ productId: 'campaign', quantity: 1, unitPriceMinor: 5000 }],
    },
    { idempotencyKey: crypto.randomUUID() },
  );
}

async function paidHold() {
  const order = await newOrder();
  await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111' });
  await callbacks.settled();
  return order;
}

const statuses = () => merchant.accepted().map((c) => c.body.order_status.key);

describe('callbacks', () => {
  it('are POSTed with the documented envelope and a signature that verifies against the served public key', async () => {
    const order = await paidHold();
    expect(merchant.received).toHaveLength(1);
    const [cb] = merchant.received;
    expect(cb!.headers['content-type']).toBe('application/json');
    const publicKey = await (await fetch(`${bank.url}/_emulator/public-key`)).text();
    expect(verifyCallbackSignature(cb!.rawBody, cb!.headers['callback-signature'] as string, publicKey)).toBe('valid');
    const parsed = parseCallback(cb!.rawBody);
    expect(parsed.event).toBe('order_payment');
    expect(parsed.zonedRequestTime).toMatch(/Z$/);
    expect(parsed.receipt).toMatchObject({
      orderId: order.orderId,
      externalOrderId: 'ord-7',
      status: 'blocked',
      requestAmountMinor: 5000,
      payment: { code: '200', lastFour: '1111' },
    });
  });

  it('a tampered body or another key does not verify; a missing header is reported as missing', async () => {
    await paidHold();
    const [cb] = merchant.received;
    const signature = cb!.headers['callback-signature'] as string;
    const tampered = Buffer.from(cb!.rawBody.toString('utf8').replace('"5000', '"5001').replace('50.0', '5000.0'));
    expect(tampered.equals(cb!.rawBody)).toBe(false);
    expect(verifyCallbackSignature(tampered, signature, bank.emulator.publicKeyPem)).toBe('invalid');
    const other = await startTestBank();
    expect(verifyCallbackSignature(cb!.rawBody, signature, other.emulator.publicKeyPem)).toBe('invalid');
    await other.close();
    expect(verifyCallbackSignature(cb!.rawBody, undefined, bank.emulator.publicKeyPem)).toBe('missing');
  });

  it('report each outcome: payment, failed payment, approval, cancel, refund and a lapsed hold', async () => {
    const client = bank.client();
    const approved = await paidHold();
    await client.approvePreauthorization(approved.orderId, { amountMinor: 3000, idempotencyKey: crypto.randomUUID() });
    await client.refund(approved.orderId, { amountMinor: 1000, idempotencyKey: crypto.randomUUID() });
    await client.refund(approved.orderId, { idempotencyKey: crypto.randomUUID() });
    const cancelled = await paidHold();
    await client.cancelPreauthorization(cancelled.orderId, { idempotencyKey: crypto.randomUUID() });
    const lapsed = await paidHold();
    bank.emulator.controls.advanceClock(30 * 86_400_000);
    const declined = await newOrder();
    await payOnPage(bank.url, declined.redirectUrl, { number: '4000000000009995' });
    await callbacks.settled();
    const byOrder = (id: string) =>
      merchant
        .accepted()
        .filter((c) => (c.body as unknown as { order_id: string }).order_id === id)
        .map((c) => c.body.order_status.key);
    expect(byOrder(approved.orderId)).toEqual(['blocked', 'partial_completed', 'refunded_partially', 'refunded']);
    expect(byOrder(cancelled.orderId)).toEqual(['blocked', 'rejected']);
    expect(byOrder(lapsed.orderId)).toEqual(['blocked', 'rejected']);
    expect(byOrder(declined.orderId)).toEqual(['rejected']);
  });

  it('a 3-D Secure failure is reported once, when it is decided', async () => {
    const order = await newOrder('automatic');
    await payOnPage(bank.url, order.redirectUrl, { number: '4000000000003220' });
    await callbacks.settled();
    expect(merchant.received).toHaveLength(0);
    await answerThreeDs(bank.url, order.redirectUrl, 'fail');
    await callbacks.settled();
    expect(merchant.accepted().map((c) => parseCallback(JSON.stringify(c)).receipt.payment?.code)).toEqual(['108']);
  });

  it('are retried when the merchant answers 5xx, and given up after the last attempt', async () => {
    merchant.answerNext(500, 503);
    await paidHold();
    expect(merchant.received.map((r) => r.answered)).toEqual([500, 503, 200]);
    expect(callbacks.deliveries()[0]).toMatchObject({ outcome: 'delivered' });
    expect(callbacks.deliveries()[0]!.attempts.map((a) => a.status)).toEqual([500, 503, 200]);

    merchant.clear();
    merchant.answerNext(500, 500, 500, 500);
    await paidHold();
    expect(merchant.received).toHaveLength(4);
    expect(callbacks.deliveries().at(-1)).toMatchObject({ outcome: 'failed' });
  });
});

describe('callback switches', () => {
  it('delay: nothing arrives until the delay has passed', async () => {
    callbacks.set({ delayMs: 1_500 });
    const order = await newOrder();
    await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111' });
    expect(merchant.received).toHaveLength(0);
    expect(callbacks.deliveries()).toMatchObject([{ outcome: 'pending', attempts: [] }]);
    await callbacks.settled();
    expect(statuses()).toEqual(['blocked']);
  });

  it('failNext: attempts answered as if by a 5xx, then retried and delivered', async () => {
    callbacks.set({ failNext: 2, failStatus: 502 });
    await paidHold();
    const [d] = callbacks.deliveries();
    expect(d!.attempts.map((a) => [a.status, a.simulated ?? false])).toEqual([
      [502, true],
      [502, true],
      [200, false],
    ]);
    expect(merchant.received).toHaveLength(1);
  });

  it('dropNext: the callback never comes; the receipt still tells the truth', async () => {
    callbacks.set({ dropNext: 1 });
    const order = await paidHold();
    expect(merchant.received).toHaveLength(0);
    expect(callbacks.deliveries()).toMatchObject([{ outcome: 'dropped', orderStatus: 'blocked' }]);
    expect((await bank.client().getReceipt(order.orderId)).status).toBe('blocked');
  });

  it('duplicateNext: the same bytes arrive twice, both signed', async () => {
    callbacks.set({ duplicateNext: 1 });
    await paidHold();
    expect(merchant.received).toHaveLength(2);
    const [a, b] = merchant.received;
    expect(a!.rawBody.equals(b!.rawBody)).toBe(true);
    expect(
      verifyCallbackSignature(b!.rawBody, b!.headers['callback-signature'] as string, bank.emulator.publicKeyPem),
    ).toBe('valid');
  });

  it('reorderNext: the earlier state arrives after the later one', async () => {
    callbacks.set({ reorderNext: 1 });
    const order = await newOrder();
    await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111' });
    await callbacks.settled();
    expect(merchant.received).toHaveLength(0);
    expect(callbacks.deliveries()).toMatchObject([{ outcome: 'held' }]);
    await bank
      .client()
      .approvePreauthorization(order.orderId, { idempotencyKey: bogIdempotencyKey(`${order.orderId}:approve`) });
    await callbacks.settled();
    expect(statuses()).toEqual(['completed', 'blocked']);
  });

  it('can be set over HTTP, and the deliveries read back', async () => {
    const res = await fetch(`${bank.url}/_emulator/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'dropNext=1&delayMs=0',
    });
    expect(await res.json()).toMatchObject({ switches: { dropNext: 1, delayMs: 0 } });
    await paidHold();
    const read = (await (await fetch(`${bank.url}/_emulator/callbacks`)).json()) as {
      deliveries: { outcome: string }[];
    };
    expect(read.deliveries.map((d) => d.outcome)).toEqual(['dropped']);
    const bad = await fetch(`${bank.url}/_emulator/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs: -5 }),
    });
    expect(bad.status).toBe(400);
  });
});
