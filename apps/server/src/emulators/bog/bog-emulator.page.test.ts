import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBogClient } from '../../integrations/bog/bog-client.ts';
import { createBogEmulator } from './bog-emulator.ts';
import { merchantOrigins, pageCsp } from './emulator-page.ts';
import type { EmulatedOrder } from './emulator-store.ts';
import {
  answerThreeDs,
  FAIL_URL,
  futureExpiry,
  payOnPage,
  SUCCESS_URL,
  startTestBank,
  TEST_CLIENT,
  type TestBank,
} from './emulator-testing.ts';

// The hosted card page driven with the same HTTP form posts a browser makes (one Chromium run is in the browser test).
let bank: TestBank;
const logLines: string[] = [];
beforeAll(async () => {
  const log = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  bank = await startTestBank({ deliver: async () => ({ status: 200 }), logger: { level: 'trace', stream: log } });
});
afterAll(() => bank.close());
beforeEach(() => bank.emulator.controls.reset());

const key = () => crypto.randomUUID();

async function newOrder(
  capture: 'automatic' | 'manual' = 'automatic',
  language: 'ka' | 'en' = 'en',
  redirectUrls: { success?: string; fail?: string } | undefined = { success: SUCCESS_URL, fail: FAIL_URL },
) {
  return bank.client().createOrder(
    {
      callbackUrl: 'https://merchant.example/bog/callback',
      capture,
      basket: [{ productId: 'campaign', quantity: 1, unitPriceMinor: 1250 }],
      redirectUrls,
    },
    { idempotencyKey: key(), language },
  );
}

const receipt = (id: string) => bank.client().getReceipt(id);

describe('the card page', () => {
  it('is a labelled form in the order’s language, with the amount on the Pay button', async () => {
    const order = await newOrder();
    const res = await fetch(order.redirectUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    for (const [id, label] of [
      ['card_number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}" name="${id}"`);
    }
    expect(html).toContain('>Pay 12.50 GEL</button>');
    expect(html).toContain('4111 1111 1111 1111');
  });

  it('speaks Georgian for a ka order, and the lang query overrides the order', async () => {
    const ka = await newOrder('automatic', 'ka');
    const html = await (await fetch(ka.redirectUrl)).text();
    expect(html).toContain('<html lang="ka">');
    expect(html).toContain('ბარათის ნომერი');
    expect(html).toContain('გადახდა 12.50 GEL');
    const en = await (await fetch(`${ka.redirectUrl}&lang=en`)).text();
    expect(en).toContain('Card number');
    expect(en).toContain('<input type="hidden" name="lang" value="en">');
  });

  it('serves its own strict CSP: framed and redirected only by the merchant', async () => {
    const order = await newOrder('automatic', 'en', undefined);
    const csp = (await fetch(order.redirectUrl)).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors https://merchant.example');
    expect(csp).not.toContain('*');
    const missing = await fetch(`${bank.url}/payment/?order_id=nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const js = await fetch(`${bank.url}/payment/assets/page.js`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).not.toContain("'*'");
  });
});

describe('test cards', () => {
  const succeeding: [string, string, string, string][] = [
    ['4111 1111 1111 1111', '123', 'visa', '411111xxxxxx1111'],
    ['5555 5555 5555 4444', '123', 'mc', '555555xxxxxx4444'],
    ['3782 822463 10005', '1234', 'amex', '378282xxxxx0005'],
    ['4000 0000 0000 0341', '123', 'visa', '400000xxxxxx0341'],
  ];
  for (const [number, cvc, type, masked] of succeeding) {
    it(`${number} pays and returns to the success URL`, async () => {
      const order = await newOrder();
      const res = await payOnPage(bank.url, order.redirectUrl, { number, cvc, expiry: '09/33' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(SUCCESS_URL);
      expect(await receipt(order.orderId)).toMatchObject({
        status: 'completed',
        transferAmountMinor: 1250,
        payment: {
          code: '100',
          codeDescription: 'Successful payment',
          cardType: type,
          maskedPan: masked,
          expiry: '09/33',
          transferMethod: 'card',
        },
      });
    });
  }

  const failing: [string, string, string][] = [
    ['4000 0000 0000 0002', '112', 'General error'],
    ['4000 0000 0000 9995', '107', 'Insufficient funds'],
  ];
  for (const [number, code, description] of failing) {
    it(`${number} is refused with ${code} and returns to the fail URL`, async () => {
      const order = await newOrder('manual');
      const res = await payOnPage(bank.url, order.redirectUrl, { number });
      expect(res.headers.get('location')).toBe(FAIL_URL);
      expect(await receipt(order.orderId)).toMatchObject({
        status: 'rejected',
        rejectReason: description,
        payment: { code, codeDescription: description },
      });
    });
  }

  it('4000 0000 0000 3220 asks for 3-D Secure: Complete pays, Fail refuses with 108', async () => {
    const passed = await newOrder('manual');
    const step = await payOnPage(bank.url, passed.redirectUrl, { number: '4000000000003220' });
    expect(step.status).toBe(303);
    const threeDsUrl = step.headers.get('location')!;
    expect(threeDsUrl).toContain(passed.orderId);
    expect((await receipt(passed.orderId)).status).toBe('auth_requested');
    const page = await (await fetch(threeDsUrl)).text();
    expect(page).toContain('<h1>3-D Secure</h1>');
    expect(page).toContain('>Complete</button>');
    expect(page).toContain('>Fail</button>');
    const done = await answerThreeDs(bank.url, passed.redirectUrl, 'complete');
    expect(done.headers.get('location')).toBe(SUCCESS_URL);
    expect(await receipt(passed.orderId)).toMatchObject({ status: 'blocked', payment: { code: '200' } });

    const failed = await newOrder();
    await payOnPage(bank.url, failed.redirectUrl, { number: '4000000000003220' });
    expect((await receipt(failed.orderId)).status).toBe('processing');
    const res = await answerThreeDs(bank.url, failed.redirectUrl, 'fail');
    expect(res.headers.get('location')).toBe(FAIL_URL);
    expect(await receipt(failed.orderId)).toMatchObject({ status: 'rejected', payment: { code: '108' } });
  });

  it('an expired card is refused by the bank with 105', async () => {
    const order = await newOrder();
    await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111', expiry: '01/21' });
    expect(await receipt(order.orderId)).toMatchObject({ status: 'rejected', payment: { code: '105' } });
  });

  it('refuses bad input on the form, saying what to fix, and leaves the order open', async () => {
    const order = await newOrder();
    const cases: [Record<string, string>, string][] = [
      [{ number: '4111 1111 1111 1112' }, 'Enter a valid card number.'],
      [{ number: '4242 4242 4242 4242' }, 'This is a test page: use one of the test cards listed below.'],
      [{ number: '4111111111111111', expiry: '13/30' }, 'Enter the expiry date as MM/YY.'],
      [{ number: '4111111111111111', expiry: 'soon' }, 'Enter the expiry date as MM/YY.'],
      [{ number: '4111111111111111', cvc: '12' }, 'Enter the 3-digit CVC.'],
      [{ number: '378282246310005', cvc: '123' }, 'Enter the 4-digit CVC.'],
    ];
    for (const [card, message] of cases) {
      const res = await payOnPage(bank.url, order.redirectUrl, {
        number: card.number!,
        expiry: card.expiry,
        cvc: card.cvc,
      });
      expect(res.status, message).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('role="alert"');
      expect(html).toMatch(/aria-invalid="true" aria-describedby="(card_number|expiry|cvc)-error"/);
      expect(html).not.toContain(card.number!.replace(/ /g, ''));
    }
    expect((await receipt(order.orderId)).status).toBe('created');
    await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111', expiry: futureExpiry() });
    expect((await receipt(order.orderId)).status).toBe('completed');
  });

  it('a decided order cannot be paid again from the page', async () => {
    const order = await newOrder();
    await payOnPage(bank.url, order.redirectUrl, { number: '4111111111111111' });
    const again = await payOnPage(bank.url, order.redirectUrl, { number: '4000000000000002' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Payment successful');
    expect((await receipt(order.orderId)).status).toBe('completed');
  });

  it('never writes a card number to its log', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    const all = logLines.join('');
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005', '4000000000000002']) {
      expect(all).not.toContain(number);
    }
  });
});

describe('inside an iframe', () => {
  it('stays in the frame and shows the outcome with payment_complete for the merchant window', async () => {
    const order = await newOrder();
    const res = await payOnPage(bank.url, order.redirectUrl, { number: '4000000000009995' }, { embedded: '1' });
    expect(res.status).toBe(303);
    const result = res.headers.get('location')!;
    expect(result).toBe(`${bank.url}/payment/result?order_id=${order.orderId}&embedded=1`);
    const html = await (await fetch(result)).text();
    expect(html).toContain('data-embedded="1"');
    expect(html).toContain('Payment failed');
    expect(html).toContain('Insufficient funds');
    const emit = JSON.parse(/data-emit="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"'));
    expect(emit).toEqual([
      {
        event: 'payment_complete',
        data: { orderId: order.orderId, error: { code: '107', message: 'Insufficient funds' } },
      },
    ]);
    const origins = JSON.parse(/data-origins="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"'));
    expect(origins).toEqual(['https://merchant.example']);
  });

  it('is detected from Sec-Fetch-Dest, and the 3-D Secure page announces itself', async () => {
    const order = await newOrder();
    const framed = await fetch(order.redirectUrl, { headers: { 'sec-fetch-dest': 'iframe' } });
    expect(await framed.text()).toContain('data-embedded="1"');
    await payOnPage(bank.url, order.redirectUrl, { number: '4000000000003220' }, { embedded: '1' });
    const html = await (await fetch(`${order.redirectUrl}&embedded=1`)).text();
    const emit = JSON.parse(/data-emit="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"'));
    expect(emit.map((e: { event: string }) => e.event)).toEqual(['3ds_redirect', 'form_layout_changed']);
    expect(emit[1].data.reason).toBe('3ds_page_displayed');
  });
});

describe('mounted as a plugin under a prefix', () => {
  it('serves the same protocol there', async () => {
    const Fastify = (await import('fastify')).default;
    const host = Fastify();
    const emulator = createBogEmulator({ ...TEST_CLIENT, deliver: async () => ({ status: 200 }) });
    await host.register(emulator.plugin, { prefix: '/bog' });
    await host.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(host.server.address() as { port: number }).port}/bog`;
    emulator.setPublicUrl(base);
    const client = createBogClient({
      tokenUrl: `${base}/auth/realms/bog/protocol/openid-connect/token`,
      apiBaseUrl: `${base}/payments/v1`,
      ...TEST_CLIENT,
    });
    const created = await client.createOrder(
      { callbackUrl: 'https://merchant.example/cb', basket: [{ productId: 'p', quantity: 1, unitPriceMinor: 100 }] },
      { idempotencyKey: key() },
    );
    expect(created.redirectUrl).toBe(`${base}/payment/?order_id=${created.orderId}`);
    const page = await fetch(created.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`href="${base}/payment/assets/page.css"`);
    const paid = await payOnPage(base, created.redirectUrl, { number: '4111111111111111' });
    expect(paid.headers.get('location')).toBe(`${base}/payment/result?order_id=${created.orderId}`);
    expect((await client.getReceipt(created.orderId)).status).toBe('completed');
    await host.close();
    await emulator.close();
  });
});

describe('the card frame on this machine (issue 25 §1.5)', () => {
  it('admits the app under both loopback names: opened as 127.0.0.1 while PUBLIC_URL says localhost', () => {
    const order = {
      callbackUrl: 'http://localhost:3000/api/payments/bog/callback',
      redirectUrls: { success: 'http://localhost:3000/pay/ok', fail: 'http://localhost:3000/pay/fail' },
    } as EmulatedOrder;
    const csp = pageCsp(merchantOrigins(order));
    expect(csp).toContain('frame-ancestors http://localhost:3000 http://127.0.0.1:3000');
    // A merchant elsewhere gets only its own origin.
    const remote = merchantOrigins({ ...order, callbackUrl: 'https://shop.example/cb', redirectUrls: null });
    expect(remote).toEqual(['https://shop.example']);
  });
});
