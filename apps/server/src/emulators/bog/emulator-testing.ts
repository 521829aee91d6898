// Helpers for tests that drive the emulator over real HTTP: start it on an ephemeral port, receive its callbacks on a
// real HTTP server, and pay on its hosted page with the same form posts a browser makes.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BogClientOptions, createBogClient } from '../../integrations/bog/bog-client.ts';
import { type BogEmulator, type BogEmulatorOptions, createBogEmulator } from './bog-emulator.ts';

export const TEST_CLIENT = { clientId: 'test-client', clientSecret: 'test-secret-do-not-log' };

export type TestBank = {
  emulator: BogEmulator;
  url: string;
  tokenUrl: string;
  apiBaseUrl: string;
  /** A client pointed at this emulator, with short retry delays. */
  client(options?: Partial<BogClientOptions>): ReturnType<typeof createBogClient>;
  close(): Promise<void>;
};

/** A test bank's emulator: the test client's credentials, callbacks retried within milliseconds. */
export const testBankEmulator = (options: BogEmulatorOptions = {}) =>
  createBogEmulator({ ...TEST_CLIENT, callbackRetryDelaysMs: [20, 20, 20], ...options });

/** The addresses of a test bank at `url`, and a client pointed at it with short retry delays. */
export function testBankEndpoints(url: string): Omit<TestBank, 'emulator' | 'close'> {
  const tokenUrl = `${url}/auth/realms/bog/protocol/openid-connect/token`;
  const apiBaseUrl = `${url}/payments/v1`;
  return {
    url,
    tokenUrl,
    apiBaseUrl,
    client: (o = {}) =>
      createBogClient({
        tokenUrl,
        apiBaseUrl,
        ...TEST_CLIENT,
        retry: { attempts: 3, baseDelayMs: 5 },
        timeoutMs: 2_000,
        ...o,
      }),
  };
}

export async function startTestBank(options: BogEmulatorOptions = {}): Promise<TestBank> {
  const emulator = testBankEmulator(options);
  const url = await emulator.listen();
  return { emulator, ...testBankEndpoints(url), close: () => emulator.close() };
}

export type ReceivedCallback = { rawBody: Buffer; headers: IncomingHttpHeaders; answered: number };

/** A merchant endpoint for callbacks: records raw bodies, answers 200 unless told otherwise. */
export async function startCallbackReceiver() {
  const received: ReceivedCallback[] = [];
  let answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ rawBody: Buffer.concat(chunks), headers: req.headers, answered: status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/bog/callback`,
    received,
    /** Answers the next callbacks with these statuses, in order (then 200). */
    answerNext(...statuses: number[]) {
      answers = statuses;
    },
    /** Callbacks that were answered 200, parsed. */
    accepted: () =>
      received
        .filter((r) => r.answered === 200)
        .map(
          (r) => JSON.parse(r.rawBody.toString('utf8')) as { event: string; body: { order_status: { key: string } } },
        ),
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Card = { number: string; expiry?: string; cvc?: string };

/** A year-and-a-bit ahead, as MM/YY. */
export const futureExpiry = () => {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
};

const orderIdOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('order_id')!;

async function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Submits the card form for the order behind `redirectUrl`, as the page's form does. */
export function payOnPage(bankUrl: string, redirectUrl: string, card: Card, extra: Record<string, string> = {}) {
  return postForm(`${bankUrl}/payment/pay`, {
    order_id: orderIdOf(redirectUrl),
    card_number: card.number,
    expiry: card.expiry ?? futureExpiry(),
    cvc: card.cvc ?? '123',
    ...extra,
  });
}

/** Confirms a saved-card payment on the page. */
export function confirmOnPage(bankUrl: string, redirectUrl: string, extra: Record<string, string> = {}) {
  return postForm(`${bankUrl}/payment/confirm`, { order_id: orderIdOf(redirectUrl), ...extra });
}

/** Answers the 3-D Secure page. */
export function answerThreeDs(
  bankUrl: string,
  redirectUrl: string,
  outcome: 'complete' | 'fail',
  extra: Record<string, string> = {},
) {
  return postForm(`${bankUrl}/payment/3ds`, { order_id: orderIdOf(redirectUrl), outcome, ...extra });
}

export const SUCCESS_URL = 'https://merchant.example/pay/success';
export const FAIL_URL = 'https://merchant.example/pay/fail';

/** A one-item order body in the bank's own format. */
export function orderRequest(over: Record<string, unknown> = {}, amount = 12.5) {
  return {
    callback_url: 'https://merchant.example/bog/callback',
    external_order_id: 'ext-1',
    purchase_units: {
      currency: 'GEL',
      total_amount: amount,
      basket: [{ product_id: 'campaign', quantity: 1, unit_price: amount }],
    },
    redirect_urls: { success: SUCCESS_URL, fail: FAIL_URL },
    ...over,
  };
}
