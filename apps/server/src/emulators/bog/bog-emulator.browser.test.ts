import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../../../../scripts/chromium.mjs';
import { startTestBank, type TestBank } from './emulator-testing.ts';

// One run of the hosted page in Chromium, inside an iframe of a merchant page on another origin, as the product's
// web app will embed it: the form is filled by its labels and payment_complete arrives by postMessage.
let bank: TestBank;
let merchant: Server;
let merchantOrigin: string;
let browser: Browser;
let iframeSrc = '';

beforeAll(async () => {
  bank = await startTestBank({ deliver: async () => ({ status: 200 }) });
  merchant = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>Merchant</title></head><body>
<iframe id="bog" title="Card payment" src="${iframeSrc}" style="width:100%;height:600px;border:0"></iframe>
<script>
  window.bogEvents = [];
  window.addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(new URL(bank.url).origin)}) window.bogEvents.push(e.data);
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => merchant.close(() => resolve()));
  await bank.close();
});

it('pays inside the merchant’s iframe and posts payment_complete to the merchant only', async () => {
  const created = await bank.client().createOrder(
    {
      callbackUrl: `${merchantOrigin}/bog/callback`,
      capture: 'manual',
      basket: [{ productId: 'campaign', quantity: 1, unitPriceMinor: 1250 }],
      redirectUrls: { success: `${merchantOrigin}/paid`, fail: `${merchantOrigin}/failed` },
    },
    { idempotencyKey: crypto.randomUUID(), language: 'en' },
  );
  iframeSrc = `${created.redirectUrl}&embedded=1`;
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await page.goto(merchantOrigin);
  const frame = page.frameLocator('#bog');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/34');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: 'Pay 12.50 GEL' }).click();
  await frame.getByRole('heading', { name: 'Payment authorised' }).waitFor();
  type Merchant = { bogEvents: { event: string }[] };
  await page.waitForFunction(() =>
    (globalThis as unknown as Merchant).bogEvents.some((e) => e.event === 'payment_complete'),
  );

  const events = await page.evaluate(() => (globalThis as unknown as Merchant).bogEvents);
  expect(events).toEqual([
    { type: 'bog-payment', event: 'submit_available_changed', data: { orderId: created.orderId, canPay: false } },
    { type: 'bog-payment', event: 'submit_available_changed', data: { orderId: created.orderId, canPay: true } },
    { type: 'bog-payment', event: 'payment_begin', data: { orderId: created.orderId } },
    { type: 'bog-payment', event: 'payment_complete', data: { orderId: created.orderId } },
  ]);
  expect((await bank.client().getReceipt(created.orderId)).status).toBe('blocked');
  expect(problems).toEqual([]);
  await page.close();
});
