import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createEmulatorStore } from './emulator-store.ts';
import { payOnPage, startTestBank } from './emulator-testing.ts';

it('a file store keeps orders, idempotency keys and the signing key across restarts', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bog-store-')), 'nested', 'bank.json');
  const first = await startTestBank({ store: { path }, deliver: async () => ({ status: 200 }) });
  const key = crypto.randomUUID();
  const created = await first.client().createOrder(
    {
      callbackUrl: 'https://merchant.example/cb',
      capture: 'manual',
      basket: [{ productId: 'p', quantity: 1, unitPriceMinor: 700 }],
    },
    { idempotencyKey: key },
  );
  await payOnPage(first.url, created.redirectUrl, { number: '4111111111111111' });
  const publicKey = first.emulator.publicKeyPem;
  await first.close();

  const second = await startTestBank({ store: { path }, deliver: async () => ({ status: 200 }) });
  expect(second.emulator.publicKeyPem).toBe(publicKey);
  const client = second.client();
  expect(await client.getReceipt(created.orderId)).toMatchObject({ status: 'blocked', requestAmountMinor: 700 });
  const replayed = await client.createOrder(
    { callbackUrl: 'https://merchant.example/cb', basket: [{ productId: 'p', quantity: 1, unitPriceMinor: 700 }] },
    { idempotencyKey: key },
  );
  expect(replayed.orderId).toBe(created.orderId);
  await second.close();
  expect(JSON.parse(readFileSync(path, 'utf8')).orders[created.orderId].status).toBe('blocked');
});

it('refuses a store file that is not JSON, naming it', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bog-store-')), 'bank.json');
  writeFileSync(path, '{half');
  expect(() => createEmulatorStore({ path })).toThrow(path);
});

it('reset forgets the bank but keeps its key', () => {
  const store = createEmulatorStore();
  store.state.keyPair = { privateKeyPem: 'a', publicKeyPem: 'b' };
  store.state.clockOffsetMs = 5;
  store.reset();
  expect(store.state).toMatchObject({
    orders: {},
    replays: {},
    tokens: {},
    clockOffsetMs: 0,
    keyPair: { publicKeyPem: 'b' },
  });
});
