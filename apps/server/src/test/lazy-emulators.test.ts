import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BogRejectedError, BogUnavailableError } from '../integrations/bog/bog-errors.ts';
import { createTestApp, registerUser, type TestApp } from './harness.ts';
import { lazySocialEmulator, lazyTestBank } from './lazy-emulators.ts';

// The harness's emulators are made on first use, behind ports that are open from the start (lazy-emulators.ts).
describe('a test app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes neither emulator while its requests reach neither', async () => {
    const { cookie } = await registerUser(t, 'influencer');
    expect((await t.req({ url: '/api/campaigns', cookie })).statusCode).toBe(200);
    expect(t.bank.made).toBe(false);
    expect(t.socialEmulator.made).toBe(false);
  });

  it('makes the social emulator when the app first calls a platform, at the address it was built with', async () => {
    const { cookie } = await registerUser(t, 'influencer');
    const res = await t.req({
      method: 'POST',
      url: '/api/social/youtube/fetch',
      cookie,
      body: { handle: '@tbilisi-eats' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.socialEmulator.made).toBe(true);
    expect(t.socialEmulator.state.quotaUsed).toBe(1);
  });
});

describe('a lazy test bank', () => {
  it('is made by the first request that reaches its port, and answers as a started one', async () => {
    const bank = await lazyTestBank();
    try {
      expect(bank.made).toBe(false);
      const client = bank.client();
      const refused = await client.getReceipt('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BogRejectedError);
      expect((refused as BogRejectedError).status).toBe(400);
      expect(bank.made).toBe(true);
      const key = await fetch(`${bank.url}/_emulator/public-key`).then((r) => r.text());
      expect(key).toBe(bank.emulator.publicKeyPem);
    } finally {
      await bank.close();
    }
  });

  it('is made when a test first reads its emulator, whose controls then apply to requests', async () => {
    const bank = await lazyTestBank();
    try {
      bank.emulator.controls.failNext('token', { kind: 'status', status: 503 }, 3);
      expect(bank.made).toBe(true);
      const client = bank.client();
      await expect(client.getReceipt('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
        BogUnavailableError,
      );
    } finally {
      await bank.close();
    }
  });

  it('closes while a request hangs on it', async () => {
    const bank = await lazyTestBank();
    bank.emulator.controls.failNext('receipt', { kind: 'hang' });
    const asked = new Promise<void>((resolve) =>
      bank.emulator.app.addHook('onRequest', async (req) => {
        if (req.url.includes('/receipt/')) resolve();
      }),
    );
    // Longer than the test may take: only closing the bank ends this request.
    const client = bank.client({ retry: { attempts: 1 }, timeoutMs: 60_000 });
    const hanging = client.getReceipt('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    await asked;
    await bank.close();
    expect(await hanging).toBeInstanceOf(BogUnavailableError);
  });
});

describe('a lazy social emulator', () => {
  it('is made by the first request that reaches its port', async () => {
    const social = await lazySocialEmulator();
    try {
      expect(social.made).toBe(false);
      const state = (await fetch(`${social.url}/_emulator/state`).then((r) => r.json())) as { accounts: unknown[] };
      expect(social.made).toBe(true);
      expect(state.accounts.length).toBe(social.state.accounts.length);
      expect(state.accounts.length).toBeGreaterThan(0);
    } finally {
      await social.close();
    }
  });
});
