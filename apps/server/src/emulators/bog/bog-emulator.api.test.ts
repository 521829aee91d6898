import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answerThreeDs,
  confirmOnPage,
  orderRequest,
  payOnPage,
  startTestBank,
  TEST_CLIENT,
  type TestBank,
} from './emulator-testing.ts';

// The emulator's API over real HTTP, with raw requests: what the bank answers, not what our client makes of it.
let bank: TestBank;
const sent: string[] = [];
beforeAll(async () => {
  bank = await startTestBank({
    deliver: async (_url, body) => {
      sent.push(body);
      return { status: 200 };
    },
  });
});
afterAll(() => bank.close());
beforeEach(() => {
  bank.emulator.controls.reset();
  sent.length = 0;
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(
  form = 'grant_type=client_credentials',
  auth = basic(TEST_CLIENT.clientId, TEST_CLIENT.clientSecret),
) {
  return fetch(bank.tokenUrl, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

async function bearer() {
  const res = await token();
  return ((await res.json()) as { access_token: string }).access_token;
}

type Call = { method?: string; body?: unknown; key?: string; headers?: Record<string, string>; auth?: string | null };
async function api(path: string, c: Call = {}) {
  const headers: Record<string, string> = { ...c.headers };
  const auth = c.auth === undefined ? await bearer() : c.auth;
  if (auth) headers.authorization = `Bearer ${auth}`;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.key) headers['idempotency-key'] = c.key;
  const res = await fetch(`${bank.apiBaseUrl}${path}`, {
    method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
    headers,
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary fields of the bank's JSON answers
  let json: Record<string, any> | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // a plain-text body
  }
  return { status: res.status, text, json };
}

const key = () => crypto.randomUUID();

async function createOrder(over: Record<string, unknown> = {}, amount = 12.5, headers: Record<string, string> = {}) {
  const res = await api('/ecommerce/orders', { body: orderRequest(over, amount), key: key(), headers });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; _links: { redirect: { href: string }; details: { href: string } } };
}

async function heldOrder(card = '4111111111111111', amount = 12.5) {
  const order = await createOrder({ capture: 'manual' }, amount);
  await payOnPage(bank.url, order._links.redirect.href, { number: card });
  return order;
}

const receipt = async (id: string) => (await api(`/receipt/${id}`)).json!;

describe('OAuth token endpoint', () => {
  it('issues a bearer token for the configured client', async () => {
    const res = await token();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect(String(body.access_token).split('.')).toHaveLength(3);
  });

  it('refuses wrong credentials the Keycloak way', async () => {
    const res = await token(undefined, basic(TEST_CLIENT.clientId, 'wrong'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Invalid client or Invalid client credentials',
    });
  });

  it('accepts credentials in the form body too, and refuses a missing or wrong grant type', async () => {
    const inBody = await token(
      `grant_type=client_credentials&client_id=${TEST_CLIENT.clientId}&client_secret=${TEST_CLIENT.clientSecret}`,
      '',
    );
    expect(inBody.status).toBe(200);
    expect((await (await token('')).json()) as object).toMatchObject({ error: 'invalid_request' });
    const wrongGrant = await token('grant_type=password');
    expect(wrongGrant.status).toBe(400);
    expect(await wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('writes expires_in in the configured form', async () => {
    const c = bank.emulator.controls;
    c.setTokenOptions({ expiresInFormat: 'epoch-ms', ttlSeconds: 600 });
    const ms = ((await (await token()).json()) as { expires_in: number }).expires_in;
    expect(ms - c.now()).toBeGreaterThan(590_000);
    expect(ms - c.now()).toBeLessThanOrEqual(600_000);
    c.setTokenOptions({ expiresInFormat: 'epoch-seconds' });
    const s = ((await (await token()).json()) as { expires_in: number }).expires_in;
    expect(Math.abs(s - Math.floor((c.now() + 600_000) / 1000))).toBeLessThanOrEqual(1);
  });

  it('every API route refuses a missing, unknown or expired token with 401', async () => {
    expect((await api('/receipt/x', { auth: null })).status).toBe(401);
    expect((await api('/receipt/x', { auth: 'made-up' })).status).toBe(401);
    const t = await bearer();
    expect((await api('/receipt/x', { auth: t })).status).toBe(400);
    bank.emulator.controls.advanceClock(301_000);
    expect((await api('/receipt/x', { auth: t })).status).toBe(401);
    for (const [method, path] of [
      ['POST', '/ecommerce/orders'],
      ['POST', '/ecommerce/orders/x'],
      ['PUT', '/orders/x/cards'],
      ['DELETE', '/charges/card/x'],
      ['POST', '/payment/authorization/approve/x'],
      ['POST', '/payment/authorization/cancel/x'],
      ['POST', '/payment/refund/x'],
    ] as const) {
      expect((await api(path, { method, body: method === 'POST' ? {} : undefined, auth: null })).status, path).toBe(
        401,
      );
    }
  });
});

describe('create order', () => {
  it('answers the id and the links, and the receipt shows a created order with amounts as strings', async () => {
    const order = await createOrder({}, 12.5, { 'accept-language': 'en', theme: 'dark' });
    expect(order._links.details.href).toBe(`${bank.url}/payments/v1/receipt/${order.id}`);
    expect(order._links.redirect.href).toBe(`${bank.url}/payment/?order_id=${order.id}`);
    const r = await receipt(order.id);
    expect(r).toMatchObject({
      order_id: order.id,
      industry: 'ecommerce',
      capture: 'automatic',
      external_order_id: 'ext-1',
      order_status: { key: 'created', value: 'Created' },
      purchase_units: {
        request_amount: '12.5',
        transfer_amount: '0.0',
        refund_amount: '0.0',
        currency_code: 'GEL',
        items: [{ external_item_id: 'campaign', quantity: '1', unit_price: '12.5', total_price: '12.5' }],
      },
      redirect_links: { success: 'https://merchant.example/pay/success', fail: 'https://merchant.example/pay/fail' },
      actions: [],
      lang: 'en',
      reject_reason: null,
    });
    expect(r.zoned_create_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(Date.parse(r.zoned_expire_date) - Date.parse(r.zoned_create_date)).toBe(15 * 60_000);
    expect(bank.emulator.controls.order(order.id)?.theme).toBe('dark');
  });

  it('speaks Georgian by default', async () => {
    const order = await createOrder();
    expect(await receipt(order.id)).toMatchObject({ lang: 'ka', order_status: { key: 'created', value: 'შექმნილი' } });
  });

  it('refuses bodies the bank refuses, saying which field is wrong, and creates nothing', async () => {
    const base = orderRequest();
    const cases: [unknown, RegExp][] = [
      [{ ...base, callback_url: undefined }, /callback_url is required/],
      [{ ...base, callback_url: 'http://merchant.example/cb' }, /callback_url must be an HTTPS URL/],
      [{ ...base, callback_url: 'not a url' }, /callback_url must be an absolute URL/],
      [{ ...base, purchase_units: { ...base.purchase_units, basket: [] } }, /basket must contain at least one item/],
      [
        { ...base, purchase_units: { ...base.purchase_units, total_amount: 13 } },
        /total_amount \(13\) does not match the basket total \(12.5\)/,
      ],
      [
        { ...base, purchase_units: { ...base.purchase_units, total_amount: 12.555 } },
        /total_amount must be a non-negative amount/,
      ],
      [{ ...base, purchase_units: { ...base.purchase_units, currency: 'XYZ' } }, /currency must be one of GEL/],
      [{ ...base, purchase_units: undefined }, /purchase_units is required/],
      [{ ...base, ttl: 1 }, /ttl must be between 2 and 1440/],
      [{ ...base, ttl: 1441 }, /ttl must be between 2 and 1440/],
      [{ ...base, capture: 'later' }, /capture must be 'automatic' or 'manual'/],
      [
        {
          ...base,
          purchase_units: { ...base.purchase_units, basket: [{ product_id: 'p', quantity: 0, unit_price: 12.5 }] },
        },
        /quantity must be greater than 0/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api('/ecommerce/orders', { body, key: key() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json?.message).toMatch(message);
    }
    expect(Object.keys(bank.emulator.store.state.orders)).toHaveLength(0);
  });

  it('accepts the ttl bounds, a basket of several items, delivery and a discount', async () => {
    const order = await createOrder({
      ttl: 1440,
      purchase_units: {
        total_amount: 30.3,
        total_discount_amount: 1,
        delivery: { amount: 5 },
        basket: [
          { product_id: 'a', quantity: 2, unit_price: 10.15 },
          { product_id: 'b', quantity: 1, unit_price: 6 },
        ],
      },
    });
    expect((await receipt(order.id)).purchase_units.request_amount).toBe('30.3');
    await createOrder({ ttl: 2 });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await fetch(`${bank.apiBaseUrl}/ecommerce/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});

describe('Idempotency-Key', () => {
  it('replays the first status and body for the same key on the same endpoint, doing nothing again', async () => {
    const k = key();
    const first = await api('/ecommerce/orders', { body: orderRequest(), key: k });
    const again = await api('/ecommerce/orders', { body: orderRequest({}, 99), key: k });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(Object.keys(bank.emulator.store.state.orders)).toHaveLength(1);
  });

  it('replays refusals too, and treats another endpoint as another request', async () => {
    const k = key();
    const refused = await api('/payment/refund/unknown', { body: {}, key: k });
    expect(refused.status).toBe(400);
    expect((await api('/payment/refund/unknown', { body: {}, key: k })).text).toBe(refused.text);
    expect((await api('/ecommerce/orders', { body: orderRequest(), key: k })).status).toBe(200);
  });

  it('must be a UUID', async () => {
    const res = await api('/ecommerce/orders', { body: orderRequest(), key: 'order-1:create' });
    expect(res.status).toBe(400);
    expect(res.json?.message).toMatch(/UUID/);
  });

  it('approving twice with one key captures once; with a new key it is refused', async () => {
    const order = await heldOrder();
    const k = key();
    const first = await api(`/payment/authorization/approve/${order.id}`, { body: { amount: 12.5 }, key: k });
    const second = await api(`/payment/authorization/approve/${order.id}`, { body: { amount: 12.5 }, key: k });
    expect(second.text).toBe(first.text);
    expect((await receipt(order.id)).actions).toHaveLength(1);
    const third = await api(`/payment/authorization/approve/${order.id}`, { body: {}, key: key() });
    expect(third.status).toBe(400);
    expect(third.json?.message).toMatch(/already been approved/);
  });
});

describe('pre-authorisation', () => {
  it('a paid manual order is blocked with code 200 and nothing transferred', async () => {
    const order = await heldOrder();
    expect(await receipt(order.id)).toMatchObject({
      capture: 'manual',
      order_status: { key: 'blocked' },
      purchase_units: { request_amount: '12.5', transfer_amount: '0.0' },
      payment_detail: { code: '200', code_description: 'Successful preauthorization', payment_option: 'direct_debit' },
    });
  });

  it('full approval completes it', async () => {
    const order = await heldOrder();
    const ack = await api(`/payment/authorization/approve/${order.id}`, {
      body: { description: 'work approved' },
      key: key(),
    });
    expect(ack.json).toMatchObject({
      key: 'request_received',
      message: 'Pre-authorization payment approval request received',
    });
    const r = await receipt(order.id);
    expect(r).toMatchObject({ order_status: { key: 'completed' }, purchase_units: { transfer_amount: '12.5' } });
    expect(r.actions).toMatchObject([
      {
        action_id: ack.json?.action_id,
        request_channel: 'public_api',
        action: 'authorize',
        status: 'completed',
        amount: '12.5',
      },
    ]);
  });

  it('partial approval captures part of the hold', async () => {
    const order = await heldOrder('4111111111111111', 100);
    await api(`/payment/authorization/approve/${order.id}`, { body: { amount: 60.25 }, key: key() });
    const r = await receipt(order.id);
    expect(r).toMatchObject({
      order_status: { key: 'partial_completed' },
      purchase_units: { transfer_amount: '60.25' },
    });
    expect(r.actions[0]).toMatchObject({ action: 'partial_authorize', status: 'completed', amount: '60.25' });
  });

  it('refuses approving more than the hold, or nothing', async () => {
    const order = await heldOrder();
    for (const amount of [12.51, 0]) {
      const res = await api(`/payment/authorization/approve/${order.id}`, { body: { amount }, key: key() });
      expect(res.status).toBe(400);
      expect(res.json?.message).toMatch(/at most the blocked amount \(12.5\)/);
    }
  });

  it('cancel releases the whole hold: rejected, with a cancel_authorize action; approve and cancel exclude each other', async () => {
    const cancelled = await heldOrder();
    const ack = await api(`/payment/authorization/cancel/${cancelled.id}`, {
      body: { description: 'card check' },
      key: key(),
    });
    expect(ack.json).toMatchObject({
      key: 'request_received',
      message: 'Pre-authorization payment cancellation request received',
    });
    const r = await receipt(cancelled.id);
    expect(r).toMatchObject({
      order_status: { key: 'rejected' },
      reject_reason: null,
      purchase_units: { transfer_amount: '0.0' },
    });
    expect(r.actions).toMatchObject([{ action: 'cancel_authorize', status: 'completed', amount: '12.5' }]);
    const approve = await api(`/payment/authorization/approve/${cancelled.id}`, { body: {}, key: key() });
    expect(approve.status).toBe(400);
    expect(approve.json?.message).toMatch(/already been cancelled/);

    const approved = await heldOrder();
    await api(`/payment/authorization/approve/${approved.id}`, { body: {}, key: key() });
    const cancel = await api(`/payment/authorization/cancel/${approved.id}`, { body: {}, key: key() });
    expect(cancel.status).toBe(400);
    expect(cancel.json?.message).toMatch(/already been approved/);
  });

  it('refuses approving or cancelling an unpaid or automatic order, and an unknown one', async () => {
    const unpaid = await createOrder({ capture: 'manual' });
    expect((await api(`/payment/authorization/approve/${unpaid.id}`, { body: {}, key: key() })).json?.message).toMatch(
      /no blocked amount/,
    );
    const automatic = await createOrder();
    await payOnPage(bank.url, automatic._links.redirect.href, { number: '4111111111111111' });
    expect(
      (await api(`/payment/authorization/cancel/${automatic.id}`, { body: {}, key: key() })).json?.message,
    ).toMatch(/capture: manual/);
    const unknown = await api('/payment/authorization/approve/nope', { body: {}, key: key() });
    expect(unknown).toMatchObject({ status: 400, json: { message: 'Invalid order_id' } });
  });

  it('a hold lapses after 30 days: rejected with reject_reason "expiration", reported by callback', async () => {
    const order = await heldOrder();
    bank.emulator.controls.advanceClock(29 * 86_400_000);
    expect((await receipt(order.id)).order_status.key).toBe('blocked');
    sent.length = 0;
    bank.emulator.controls.advanceClock(86_400_000);
    expect(await receipt(order.id)).toMatchObject({ order_status: { key: 'rejected' }, reject_reason: 'expiration' });
    await bank.emulator.controls.callbacks.settled();
    expect(sent.map((b) => JSON.parse(b).body.order_status.key)).toEqual(['rejected']);
    expect((await api(`/payment/authorization/approve/${order.id}`, { body: {}, key: key() })).status).toBe(400);
  });

  it('an approval the card refuses (test card 0341) is acknowledged, recorded as rejected, and the hold stays', async () => {
    const order = await heldOrder('4000000000000341');
    const ack = await api(`/payment/authorization/approve/${order.id}`, { body: {}, key: key() });
    expect(ack.status).toBe(200);
    const r = await receipt(order.id);
    expect(r.order_status.key).toBe('blocked');
    expect(r.actions).toMatchObject([{ action: 'authorize', status: 'rejected', amount: '12.5' }]);
  });
});

describe('refund', () => {
  async function paid(amount = 100) {
    const order = await createOrder({}, amount);
    await payOnPage(bank.url, order._links.redirect.href, { number: '4111111111111111' });
    return order;
  }

  it('a full refund returns everything', async () => {
    const order = await paid();
    const ack = await api(`/payment/refund/${order.id}`, { body: {}, key: key() });
    expect(ack.json).toMatchObject({ key: 'request_received', message: 'Refund request received' });
    const r = await receipt(order.id);
    expect(r).toMatchObject({
      order_status: { key: 'refunded' },
      purchase_units: { request_amount: '100.0', transfer_amount: '0.0', refund_amount: '100.0' },
    });
    expect(r.actions).toMatchObject([{ action: 'refund', status: 'completed', amount: '100.0' }]);
  });

  it('partial refunds run until the whole amount is back, never beyond', async () => {
    const order = await paid();
    await api(`/payment/refund/${order.id}`, { body: { amount: 30.5 }, key: key() });
    expect(await receipt(order.id)).toMatchObject({
      order_status: { key: 'refunded_partially' },
      purchase_units: { transfer_amount: '69.5', refund_amount: '30.5' },
    });
    const tooMuch = await api(`/payment/refund/${order.id}`, { body: { amount: 69.51 }, key: key() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json?.message).toMatch(/at most the transferred amount \(69.5\)/);
    await api(`/payment/refund/${order.id}`, { body: { amount: 69.5 }, key: key() });
    const r = await receipt(order.id);
    expect(r).toMatchObject({
      order_status: { key: 'refunded' },
      purchase_units: { transfer_amount: '0.0', refund_amount: '100.0' },
    });
    expect(r.actions.map((a: { action: string }) => a.action)).toEqual(['partial_refund', 'partial_refund']);
    expect((await api(`/payment/refund/${order.id}`, { body: {}, key: key() })).json?.message).toMatch(
      /already fully refunded/,
    );
  });

  it('refuses an unpaid order, a hold, and a refund of a partly approved hold beyond what was captured', async () => {
    const unpaid = await createOrder();
    expect((await api(`/payment/refund/${unpaid.id}`, { body: {}, key: key() })).json?.message).toMatch(
      /Only a paid order/,
    );
    const held = await heldOrder();
    expect((await api(`/payment/refund/${held.id}`, { body: {}, key: key() })).status).toBe(400);
    await api(`/payment/authorization/approve/${held.id}`, { body: { amount: 10 }, key: key() });
    expect((await api(`/payment/refund/${held.id}`, { body: { amount: 10.01 }, key: key() })).status).toBe(400);
    expect((await api(`/payment/refund/${held.id}`, { body: { amount: 10 }, key: key() })).status).toBe(200);
  });
});

describe('receipt', () => {
  it('answers 400 "Invalid order_id" for an unknown order', async () => {
    expect(await api('/receipt/00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 400,
      json: { message: 'Invalid order_id' },
    });
  });

  it('an unpaid order past its ttl ends rejected with reject_reason "expiration"', async () => {
    const order = await createOrder({ ttl: 5 });
    bank.emulator.controls.advanceClock(5 * 60_000 + 1);
    expect(await receipt(order.id)).toMatchObject({ order_status: { key: 'rejected' }, reject_reason: 'expiration' });
    const page = await fetch(order._links.redirect.href, { headers: { 'accept-language': 'en' } });
    expect(await page.text()).toMatch(/session expired|სესია ამოიწურა/);
  });
});

describe('saved cards', () => {
  async function savedCardOrder(card = '4111111111111111') {
    const parent = await createOrder(
      {
        capture: 'manual',
        purchase_units: { total_amount: 1, basket: [{ product_id: 'save_card', quantity: 1, unit_price: 1 }] },
      },
      1,
    );
    const put = await api(`/orders/${parent.id}/cards`, { method: 'PUT', key: key() });
    expect(put.status).toBe(202);
    expect(put.text).toBe('');
    await payOnPage(bank.url, parent._links.redirect.href, { number: card, expiry: '12/35' });
    return parent;
  }

  it('a card saved before payment shows on the paid order, and its id pays again as parent_order_id', async () => {
    const parent = await savedCardOrder();
    expect(await receipt(parent.id)).toMatchObject({
      order_status: { key: 'blocked' },
      payment_detail: {
        code: '200',
        card_type: 'visa',
        payer_identifier: '411111xxxxxx1111',
        card_expiry_date: '12/35',
        saved_card_type: 'recurrent',
        parent_order_id: null,
      },
    });
    // The 1 GEL hold is released; the card stays saved.
    await api(`/payment/authorization/cancel/${parent.id}`, { body: {}, key: key() });

    const child = await api(`/ecommerce/orders/${parent.id}`, {
      body: orderRequest({ capture: 'manual' }, 40),
      key: key(),
    });
    expect(child.status).toBe(200);
    const childId = child.json?.id as string;
    expect(child.json?._links.redirect.href).toBe(`${bank.url}/payment/?order_id=${childId}`);
    expect((await receipt(childId)).order_status.key).toBe('created');
    const confirmed = await confirmOnPage(bank.url, child.json?._links.redirect.href);
    expect(confirmed.status).toBe(303);
    expect(await receipt(childId)).toMatchObject({
      order_status: { key: 'blocked' },
      purchase_units: { request_amount: '40.0' },
      payment_detail: {
        payment_option: 'recurrent',
        parent_order_id: parent.id,
        card_type: 'visa',
        payer_identifier: '411111xxxxxx1111',
      },
    });
  });

  it('a deleted card, a card never saved, or an unknown parent give an order rejected with 102', async () => {
    const parent = await savedCardOrder();
    expect((await api(`/charges/card/${parent.id}`, { method: 'DELETE', key: key() })).status).toBe(202);
    const notSaved = await createOrder();
    await payOnPage(bank.url, notSaved._links.redirect.href, { number: '4111111111111111' });
    for (const parentId of [parent.id, notSaved.id, '00000000-0000-4000-8000-000000000000']) {
      const child = await api(`/ecommerce/orders/${parentId}`, { body: orderRequest(), key: key() });
      expect(child.status).toBe(200);
      expect(await receipt(child.json?.id)).toMatchObject({
        order_status: { key: 'rejected' },
        payment_detail: { code: '102', code_description: "Saved card wasn't found" },
        reject_reason: "Saved card wasn't found",
      });
    }
  });

  it('deleting refuses an unknown order (400) and an order without a saved card (404)', async () => {
    expect((await api('/charges/card/nope', { method: 'DELETE', key: key() })).status).toBe(400);
    const plain = await createOrder();
    expect(await api(`/charges/card/${plain.id}`, { method: 'DELETE', key: key() })).toMatchObject({
      status: 404,
      json: { message: 'Saved card not found' },
    });
  });

  it('saving is refused once the order is paid', async () => {
    const order = await createOrder();
    await payOnPage(bank.url, order._links.redirect.href, { number: '4111111111111111' });
    const res = await api(`/orders/${order.id}/cards`, { method: 'PUT', key: key() });
    expect(res).toMatchObject({ status: 400, json: { message: 'A card can be saved only before the order is paid' } });
  });

  it('a saved 0341 card is refused later (101); a saved 3-D Secure card asks again', async () => {
    const refusing = await savedCardOrder('4000000000000341');
    const child = await api(`/ecommerce/orders/${refusing.id}`, { body: orderRequest(), key: key() });
    await confirmOnPage(bank.url, child.json?._links.redirect.href);
    expect(await receipt(child.json?.id)).toMatchObject({
      order_status: { key: 'rejected' },
      payment_detail: { code: '101' },
    });

    const parent = await createOrder();
    await api(`/orders/${parent.id}/cards`, { method: 'PUT', key: key() });
    await payOnPage(bank.url, parent._links.redirect.href, { number: '4000000000003220' });
    await answerThreeDs(bank.url, parent._links.redirect.href, 'complete');
    const again = await api(`/ecommerce/orders/${parent.id}`, { body: orderRequest(), key: key() });
    await confirmOnPage(bank.url, again.json?._links.redirect.href);
    expect((await receipt(again.json?.id)).order_status.key).toBe('processing');
    await answerThreeDs(bank.url, again.json?._links.redirect.href, 'complete');
    expect((await receipt(again.json?.id)).order_status.key).toBe('completed');
  });
});

describe('API faults', () => {
  it('answers the next N calls of an operation with the given status and body, then recovers', async () => {
    const c = bank.emulator.controls;
    c.failNext('receipt', { kind: 'status', status: 502, body: 'Bad gateway' }, 2);
    const first = await api('/receipt/x');
    expect(first).toMatchObject({ status: 502, text: 'Bad gateway' });
    expect((await api('/receipt/x')).status).toBe(502);
    expect((await api('/receipt/x')).status).toBe(400);
  });

  it('can be set over HTTP', async () => {
    const res = await fetch(`${bank.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'create_order', kind: 'status', status: 500 }),
    });
    expect(res.status).toBe(204);
    expect((await api('/ecommerce/orders', { body: orderRequest(), key: key() })).status).toBe(500);
    const bad = await fetch(`${bank.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'nothing', kind: 'status' }),
    });
    expect(bad.status).toBe(400);
  });

  it("refuses a cross-site form post to its controls; its own page's, the app's and a script's pass", async () => {
    const app = await startTestBank({ controlOrigins: ['http://localhost:3000'] });
    try {
      const ahead = () => app.emulator.controls.now() - Date.now() > 86_000_000;
      app.emulator.controls.advanceClock(86_400_000);
      const reset = (headers: Record<string, string>) =>
        fetch(`${app.url}/_emulator/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: '',
        });
      // A page on any site open in the developer's browser: its Origin, or Sec-Fetch-Site alone, names another site.
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of foreign) {
        const res = await reset(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ message: 'Cross-site requests to the emulator controls are refused' });
      }
      const fault = await fetch(`${app.url}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: 'operation=any&kind=status&status=500',
      });
      expect(fault.status).toBe(403);
      expect(ahead()).toBe(true); // nothing was reset
      // Its own page (however it is addressed), the app's pages and a script without Origin may.
      const admitted: Record<string, string>[] = [{ origin: app.url }, { origin: 'http://localhost:3000' }, {}];
      for (const headers of admitted) {
        app.emulator.controls.advanceClock(86_400_000);
        expect((await reset(headers)).status, JSON.stringify(headers)).toBe(204);
        expect(ahead()).toBe(false);
      }
      // Reading is no write.
      const read = await fetch(`${app.url}/_emulator/callbacks`, { headers: { origin: 'https://evil.example' } });
      expect(read.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves the public key and moves the clock over HTTP', async () => {
    const pem = await (await fetch(`${bank.url}/_emulator/public-key`)).text();
    expect(pem).toBe(bank.emulator.publicKeyPem);
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const before = bank.emulator.controls.now();
    const res = await fetch(`${bank.url}/_emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 2 }),
    });
    expect(res.status).toBe(200);
    expect(bank.emulator.controls.now() - before).toBeGreaterThanOrEqual(2 * 86_400_000);
  });
});
