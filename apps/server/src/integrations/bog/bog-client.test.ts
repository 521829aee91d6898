import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answerThreeDs,
  confirmOnPage,
  FAIL_URL,
  payOnPage,
  SUCCESS_URL,
  startTestBank,
  TEST_CLIENT,
  type TestBank,
} from '../../emulators/bog/emulator-testing.ts';
import { type BogLogEvent, type BogOrderInput, bogIdempotencyKey, createBogClient } from './bog-client.ts';
import { BogAuthError, BogRejectedError, BogUnavailableError } from './bog-errors.ts';
import { errorFailure, receiptFailure } from './bog-failure.ts';

// The real client against the emulator over real HTTP: every call, the token cache, retries and typed errors.
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ deliver: async () => ({ status: 200 }) });
});
afterAll(() => bank.close());
beforeEach(() => bank.emulator.controls.reset());

type Sent = { url: string; method: string; headers: Record<string, string> };
/** A fetch that records what the client sends. */
function recording() {
  const sent: Sent[] = [];
  const wrapped: typeof fetch = (input, init) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    return fetch(input, init);
  };
  return {
    sent,
    fetch: wrapped,
    tokenRequests: () => sent.filter((s) => s.url === bank.tokenUrl).length,
    apiRequests: (fragment: string) => sent.filter((s) => s.url.includes(fragment)),
  };
}

const order = (over: Partial<BogOrderInput> = {}): BogOrderInput => ({
  callbackUrl: 'https://merchant.example/bog/callback',
  basket: [{ productId: 'campaign', description: 'Campaign', quantity: 1, unitPriceMinor: 12550 }],
  externalOrderId: 'ord-1',
  redirectUrls: { success: SUCCESS_URL, fail: FAIL_URL },
  ...over,
});
const key = (seed: string) => bogIdempotencyKey(`${seed}:${Math.random()}`);

async function held(client = bank.client(), amountMinor = 12550) {
  const created = await client.createOrder(
    order({ capture: 'manual', basket: [{ productId: 'p', quantity: 1, unitPriceMinor: amountMinor }] }),
    {
      idempotencyKey: key('hold'),
    },
  );
  await payOnPage(bank.url, created.redirectUrl, { number: '4111111111111111' });
  return created;
}

describe('calls', () => {
  it('creates an order in GEL from tetri, with language, theme and every field the body carries', async () => {
    const client = bank.client();
    const created = await client.createOrder(
      order({
        capture: 'manual',
        ttlMinutes: 60,
        buyer: { fullName: 'Nino Beridze', maskedEmail: 'n***@example.com' },
        applicationType: 'web',
        basket: [
          { productId: 'a', quantity: 2, unitPriceMinor: 1015 },
          { productId: 'b', quantity: 1, unitPriceMinor: 5 },
        ],
      }),
      { idempotencyKey: key('create'), language: 'en', theme: 'dark' },
    );
    expect(created.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.redirectUrl).toBe(`${bank.url}/payment/?order_id=${created.orderId}`);
    expect(created.detailsUrl).toBe(`${bank.apiBaseUrl}/receipt/${created.orderId}`);
    const r = await client.getReceipt(created.orderId);
    expect(r).toMatchObject({
      orderId: created.orderId,
      externalOrderId: 'ord-1',
      status: 'created',
      capture: 'manual',
      requestAmountMinor: 2035,
      transferAmountMinor: 0,
      currency: 'GEL',
      lang: 'en',
    });
    expect(Date.parse(r.expiresAt!) - Date.parse(r.createdAt!)).toBe(60 * 60_000);
    expect(bank.emulator.controls.order(created.orderId)).toMatchObject({
      theme: 'dark',
      buyer: { fullName: 'Nino Beridze', email: 'n***@example.com', phone: null },
    });
  });

  it('holds, approves in part and refunds in part, reading each state back in tetri', async () => {
    const client = bank.client();
    const created = await held(client, 10000);
    expect(await client.getReceipt(created.orderId)).toMatchObject({
      status: 'blocked',
      payment: { code: '200', cardType: 'visa', maskedPan: '411111xxxxxx1111', lastFour: '1111' },
    });
    const ack = await client.approvePreauthorization(created.orderId, {
      amountMinor: 6025,
      description: 'approved work',
      idempotencyKey: key('approve'),
    });
    expect(ack).toMatchObject({
      key: 'request_received',
      message: 'Pre-authorization payment approval request received',
    });
    expect(ack.actionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await client.getReceipt(created.orderId)).toMatchObject({
      status: 'partial_completed',
      transferAmountMinor: 6025,
    });
    await client.refund(created.orderId, { amountMinor: 25, idempotencyKey: key('refund') });
    const r = await client.getReceipt(created.orderId);
    expect(r).toMatchObject({ status: 'refunded_partially', transferAmountMinor: 6000, refundAmountMinor: 25 });
    expect(r.actions.map((a) => [a.action, a.status, a.amountMinor])).toEqual([
      ['partial_authorize', 'completed', 6025],
      ['partial_refund', 'completed', 25],
    ]);
    await client.refund(created.orderId, { idempotencyKey: key('refund-rest') });
    expect(await client.getReceipt(created.orderId)).toMatchObject({
      status: 'refunded',
      transferAmountMinor: 0,
      refundAmountMinor: 6025,
    });
  });

  it('approves the whole hold when no amount is given, and cancels another', async () => {
    const client = bank.client();
    const a = await held(client);
    await client.approvePreauthorization(a.orderId, { idempotencyKey: key('approve') });
    expect(await client.getReceipt(a.orderId)).toMatchObject({ status: 'completed', transferAmountMinor: 12550 });
    const b = await held(client);
    const ack = await client.cancelPreauthorization(b.orderId, {
      description: 'not needed',
      idempotencyKey: key('cancel'),
    });
    expect(ack.message).toBe('Pre-authorization payment cancellation request received');
    const r = await client.getReceipt(b.orderId);
    expect(r.status).toBe('rejected');
    expect(receiptFailure(r)).toBeNull(); // a release, not a failed payment
  });

  it('saves a card, pays with it as parent, and deletes it', async () => {
    const client = bank.client();
    const parent = await client.createOrder(
      order({
        capture: 'manual',
        ttlMinutes: 1440,
        basket: [{ productId: 'save_card', quantity: 1, unitPriceMinor: 100 }],
      }),
      { idempotencyKey: key('save-order') },
    );
    await client.saveCardForRecurring(parent.orderId, { idempotencyKey: key('save') });
    await payOnPage(bank.url, parent.redirectUrl, { number: '5555555555554444', expiry: '08/34' });
    const saved = await client.getReceipt(parent.orderId);
    expect(saved.payment).toMatchObject({
      savedCardType: 'recurrent',
      cardType: 'mc',
      lastFour: '4444',
      expiry: '08/34',
    });
    await client.cancelPreauthorization(parent.orderId, { idempotencyKey: key('release') });

    const child = await client.payWithSavedCard(parent.orderId, order({ capture: 'manual' }), {
      idempotencyKey: key('child'),
      language: 'ka',
    });
    expect(child.redirectUrl).toContain(child.orderId);
    await confirmOnPage(bank.url, child.redirectUrl);
    expect(await client.getReceipt(child.orderId)).toMatchObject({
      status: 'blocked',
      payment: { parentOrderId: parent.orderId, paymentOption: 'recurrent', lastFour: '4444' },
    });

    await client.deleteSavedCard(parent.orderId, { idempotencyKey: key('delete') });
    const after = await client.payWithSavedCard(parent.orderId, order(), { idempotencyKey: key('child-2') });
    const refused = await client.getReceipt(after.orderId);
    expect(receiptFailure(refused)).toMatchObject({
      code: 'ORDER_REJECTED',
      reason: 'saved_card_invalid',
      providerCode: '102',
    });
  });

  it('reports each failed payment as the product error it maps to', async () => {
    const client = bank.client();
    const outcomes: [string, string, string][] = [
      ['4000000000000002', 'ORDER_REJECTED', 'declined'],
      ['4000000000009995', 'ORDER_REJECTED', 'insufficient_funds'],
    ];
    for (const [number, code, reason] of outcomes) {
      const created = await client.createOrder(order(), { idempotencyKey: key(number) });
      await payOnPage(bank.url, created.redirectUrl, { number });
      expect(receiptFailure(await client.getReceipt(created.orderId)), number).toMatchObject({ code, reason });
    }
    const threeDs = await client.createOrder(order(), { idempotencyKey: key('3ds') });
    await payOnPage(bank.url, threeDs.redirectUrl, { number: '4000000000003220' });
    await answerThreeDs(bank.url, threeDs.redirectUrl, 'fail');
    expect(receiptFailure(await client.getReceipt(threeDs.orderId))).toMatchObject({
      code: '3DS_FAILURE',
      providerCode: '108',
    });
    const expired = await client.createOrder(order(), { idempotencyKey: key('expired') });
    await payOnPage(bank.url, expired.redirectUrl, { number: '4111111111111111', expiry: '01/20' });
    expect(receiptFailure(await client.getReceipt(expired.orderId))).toMatchObject({
      reason: 'card_expired',
      providerCode: '105',
    });
  });

  it('refuses a key that is not a UUID, and bad amounts, before sending anything', async () => {
    const r = recording();
    const client = bank.client({ fetch: r.fetch });
    await expect(client.refund('x', { idempotencyKey: 'order-1:refund' })).rejects.toThrow(TypeError);
    await expect(client.refund('x', { idempotencyKey: key('r'), amountMinor: 10.5 })).rejects.toThrow(RangeError);
    await expect(client.createOrder(order({ basket: [] }), { idempotencyKey: key('c') })).rejects.toThrow(TypeError);
    await expect(client.getReceipt('')).rejects.toThrow(TypeError);
    expect(r.sent).toHaveLength(0);
  });

  it('derives the same UUID v4 key from the same record', () => {
    expect(bogIdempotencyKey('pay-1:approve')).toBe(bogIdempotencyKey('pay-1:approve'));
    expect(bogIdempotencyKey('pay-1:approve')).not.toBe(bogIdempotencyKey('pay-1:cancel'));
    expect(bogIdempotencyKey('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('token', () => {
  it('is cached, and concurrent callers share one token request', async () => {
    const r = recording();
    const client = bank.client({ fetch: r.fetch });
    const created = await held(client);
    await Promise.all(Array.from({ length: 5 }, () => client.getReceipt(created.orderId)));
    expect(r.tokenRequests()).toBe(1);
    const fresh = recording();
    const other = bank.client({ fetch: fresh.fetch });
    await Promise.all(Array.from({ length: 5 }, () => other.getReceipt(created.orderId)));
    expect(fresh.tokenRequests()).toBe(1);
  });

  it('is sent with Basic client credentials and a form body, and used as a Bearer token', async () => {
    const r = recording();
    await bank.client({ fetch: r.fetch }).getReceipt((await held()).orderId);
    const [tokenCall, receiptCall] = r.sent;
    expect(tokenCall?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`,
    );
    expect(tokenCall?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(receiptCall?.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('is refreshed a minute before it expires, whichever form expires_in takes', async () => {
    const created = await held();
    for (const format of ['seconds', 'epoch-seconds', 'epoch-ms'] as const) {
      bank.emulator.controls.setTokenOptions({ ttlSeconds: 300, expiresInFormat: format });
      let t = Date.now();
      const r = recording();
      const client = bank.client({ fetch: r.fetch, clock: () => t });
      await client.getReceipt(created.orderId);
      t += 235_000; // 3 min 55 s: still more than a minute left
      await client.getReceipt(created.orderId);
      expect(r.tokenRequests(), format).toBe(1);
      t += 10_000; // 4 min 05 s: inside the last minute
      await client.getReceipt(created.orderId);
      expect(r.tokenRequests(), format).toBe(2);
    }
  });

  it('is never reused longer than an hour', async () => {
    bank.emulator.controls.setTokenOptions({ ttlSeconds: 86_400 });
    let t = Date.now();
    const r = recording();
    const client = bank.client({ fetch: r.fetch, clock: () => t });
    const created = await held();
    await client.getReceipt(created.orderId);
    t += 59 * 60_000;
    await client.getReceipt(created.orderId);
    t += 2 * 60_000;
    await client.getReceipt(created.orderId);
    expect(r.tokenRequests()).toBe(2);
  });

  it('a 401 refreshes the token once and repeats the call with the same idempotency key', async () => {
    const created = await held();
    const r = recording();
    const client = bank.client({ fetch: r.fetch });
    await client.getReceipt(created.orderId); // a cached token
    bank.emulator.controls.failNext('approve', { kind: 'revoke-token' });
    const k = key('approve');
    await client.approvePreauthorization(created.orderId, { idempotencyKey: k });
    const approvals = r.apiRequests('/authorization/approve/');
    expect(approvals).toHaveLength(2);
    expect(approvals.map((a) => a.headers['idempotency-key'])).toEqual([k, k]);
    expect(approvals[0]?.headers.authorization).not.toBe(approvals[1]?.headers.authorization);
    expect(r.tokenRequests()).toBe(2);
    expect((await client.getReceipt(created.orderId)).actions).toHaveLength(1);
  });

  it('a token refused again after the refresh is a BogAuthError, and so are wrong credentials', async () => {
    const created = await held();
    bank.emulator.controls.failNext('receipt', { kind: 'revoke-token' }, 2);
    await expect(bank.client().getReceipt(created.orderId)).rejects.toBeInstanceOf(BogAuthError);

    const wrong = createBogClient({
      tokenUrl: bank.tokenUrl,
      apiBaseUrl: bank.apiBaseUrl,
      clientId: 'x',
      clientSecret: 'y',
    });
    const error = await wrong.getReceipt(created.orderId).catch((e) => e);
    expect(error).toBeInstanceOf(BogAuthError);
    expect(error).toMatchObject({ status: 401, bodyJson: { error: 'invalid_client' } });
    expect(errorFailure(error)).toMatchObject({ reason: 'provider_unavailable' });
  });

  it('the token endpoint being down is retried, then BogUnavailableError', async () => {
    const r = recording();
    const created = await held();
    bank.emulator.controls.failNext('token', { kind: 'status', status: 503 }, 2);
    await bank.client({ fetch: r.fetch }).getReceipt(created.orderId);
    expect(r.tokenRequests()).toBe(3);
    bank.emulator.controls.failNext('token', { kind: 'status', status: 500 }, 3);
    await expect(bank.client().getReceipt(created.orderId)).rejects.toBeInstanceOf(BogUnavailableError);
  });
});

describe('retries and errors', () => {
  it('5xx is retried with the same key and the order is created once', async () => {
    const r = recording();
    bank.emulator.controls.failNext('create_order', { kind: 'status', status: 503 }, 2);
    const k = key('create');
    const created = await bank.client({ fetch: r.fetch }).createOrder(order(), { idempotencyKey: k });
    const creates = r.apiRequests('/ecommerce/orders');
    expect(creates.map((c) => c.headers['idempotency-key'])).toEqual([k, k, k]);
    expect(Object.keys(bank.emulator.store.state.orders)).toEqual([created.orderId]);
  });

  it('a timeout is retried with the same key', async () => {
    const created = await held();
    const r = recording();
    bank.emulator.controls.failNext('approve', { kind: 'hang' });
    const k = key('approve');
    await bank
      .client({ fetch: r.fetch, timeoutMs: 300 })
      .approvePreauthorization(created.orderId, { idempotencyKey: k });
    expect(r.apiRequests('/approve/').map((c) => c.headers['idempotency-key'])).toEqual([k, k]);
    expect((await bank.client().getReceipt(created.orderId)).status).toBe('completed');
  });

  it('an answer lost after the bank acted is replayed on retry: captured once', async () => {
    const created = await held();
    bank.emulator.controls.failNext('approve', { kind: 'hang', afterProcessing: true });
    const first = await bank
      .client({ timeoutMs: 300 })
      .approvePreauthorization(created.orderId, { idempotencyKey: bogIdempotencyKey(`${created.orderId}:approve`) });
    // The product retries later with the key derived from its own record: the same answer, nothing done twice.
    const again = await bank
      .client()
      .approvePreauthorization(created.orderId, { idempotencyKey: bogIdempotencyKey(`${created.orderId}:approve`) });
    expect(again.actionId).toBe(first.actionId);
    const receipt = await bank.client().getReceipt(created.orderId);
    expect(receipt.actions).toHaveLength(1);
    expect(receipt.transferAmountMinor).toBe(12550);
  });

  it('gives up with BogUnavailableError after every attempt, keeping the last body; nothing moved', async () => {
    const created = await held();
    const c = bank.client({ fetch: recording().fetch });
    bank.emulator.controls.failNext('approve', { kind: 'status', status: 503 }, 3);
    const error = await c.approvePreauthorization(created.orderId, { idempotencyKey: key('approve') }).catch((e) => e);
    expect(error).toBeInstanceOf(BogUnavailableError);
    expect(error).toMatchObject({ attempts: 3, status: 503, bodyJson: { message: 'Service temporarily unavailable' } });
    expect(errorFailure(error)).toMatchObject({ code: 'PAYMENT_ERROR', reason: 'provider_unavailable' });
    expect((await c.getReceipt(created.orderId)).status).toBe('blocked');

    bank.emulator.controls.failNext('receipt', { kind: 'hang' }, 3);
    const timedOut = await bank
      .client({ timeoutMs: 200 })
      .getReceipt(created.orderId)
      .catch((e) => e);
    expect(timedOut).toBeInstanceOf(BogUnavailableError);
    expect(timedOut.status).toBeNull();
    expect(timedOut.message).toMatch(/timeout/);
  });

  it('keeps plain-text error bodies as text, with no JSON', async () => {
    const created = await held();
    bank.emulator.controls.failNext('receipt', { kind: 'status', status: 502, body: '<html>Bad gateway</html>' }, 3);
    const unavailable = await bank
      .client()
      .getReceipt(created.orderId)
      .catch((e) => e);
    expect(unavailable).toMatchObject({ status: 502, bodyText: '<html>Bad gateway</html>', bodyJson: undefined });
    bank.emulator.controls.failNext('cancel', { kind: 'status', status: 400, body: 'Order cannot be cancelled' });
    const rejected = await bank
      .client()
      .cancelPreauthorization(created.orderId, { idempotencyKey: key('c') })
      .catch((e) => e);
    expect(rejected).toBeInstanceOf(BogRejectedError);
    expect(rejected).toMatchObject({ status: 400, bodyText: 'Order cannot be cancelled', bodyJson: undefined });
  });

  it('a 4xx is final: one request, a BogRejectedError with the JSON body', async () => {
    const r = recording();
    const client = bank.client({ fetch: r.fetch });
    const unpaid = await client.createOrder(order(), { idempotencyKey: key('c') });
    const error = await client.refund(unpaid.orderId, { idempotencyKey: key('refund') }).catch((e) => e);
    expect(error).toBeInstanceOf(BogRejectedError);
    expect(error).toMatchObject({
      status: 400,
      operation: 'refund',
      bodyJson: { message: 'Only a paid order can be refunded' },
    });
    expect(r.apiRequests('/payment/refund/')).toHaveLength(1);

    const missing = await client.getReceipt('00000000-0000-4000-8000-000000000000').catch((e) => e);
    expect(missing).toMatchObject({ status: 400, bodyJson: { message: 'Invalid order_id' } });
    expect(errorFailure(missing)).toMatchObject({ code: 'ORDER_NOT_FOUND', reason: 'not_found' });
  });

  it('two approvals with one key capture once and answer alike', async () => {
    const created = await held();
    const client = bank.client();
    const k = key('approve');
    const [a, b] = await Promise.all([
      client.approvePreauthorization(created.orderId, { idempotencyKey: k }),
      client.approvePreauthorization(created.orderId, { idempotencyKey: k }),
    ]);
    expect(a.actionId).toBe(b.actionId);
    expect((await client.getReceipt(created.orderId)).actions).toHaveLength(1);
  });

  it('logs each attempt without secrets or tokens', async () => {
    const events: BogLogEvent[] = [];
    const r = recording();
    const client = bank.client({ fetch: r.fetch, log: (e) => events.push(e) });
    bank.emulator.controls.failNext('create_order', { kind: 'status', status: 500 });
    await client.createOrder(order(), { idempotencyKey: key('c') });
    expect(events.map((e) => [e.operation, e.outcome, e.status])).toEqual([
      ['token', 'token_refresh', 200],
      ['create_order', 'retry', 500],
      ['create_order', 'ok', 200],
    ]);
    const logged = JSON.stringify(events);
    const bearer = r.sent.find((s) => s.headers.authorization?.startsWith('Bearer'))?.headers.authorization?.slice(7);
    expect(bearer).toBeTruthy();
    expect(logged).not.toContain(bearer!);
    expect(logged).not.toContain(TEST_CLIENT.clientSecret);
  });
});
