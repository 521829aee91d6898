import { createHash } from 'node:crypto';
import { z } from 'zod';
import { tetriToGel } from './bog-amounts.ts';
import {
  BogAuthError,
  type BogOperation,
  BogProtocolError,
  BogRejectedError,
  BogUnavailableError,
  jsonOrUndefined,
} from './bog-errors.ts';
import { type BogReceipt, parseReceipt } from './bog-receipt.ts';
import { tokenReuseUntil } from './bog-token.ts';

export type BogLogEvent = {
  operation: BogOperation;
  method: string;
  /** Path under the API base (order ids are not secret); never a token, a secret or a body. */
  path: string;
  attempt: number;
  outcome: 'ok' | 'retry' | 'token_refresh' | 'rejected' | 'unavailable' | 'auth_failed';
  status: number | null;
  durationMs: number;
  /** For retries and failures: 'status 503', 'timeout', 'network: …'. */
  reason?: string;
};

export type BogClientOptions = {
  /** e.g. https://oauth2.bog.ge/auth/realms/bog/protocol/openid-connect/token */
  tokenUrl: string;
  /** e.g. https://api.bog.ge/payments/v1 */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** ms since the epoch; decides token reuse. */
  clock?: () => number;
  /** Per HTTP attempt, body included. Default 20 s. */
  timeoutMs?: number;
  /** attempts: total tries per call (default 3); backoff doubles from baseDelayMs (default 500) up to maxDelayMs (8000). */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  log?: (event: BogLogEvent) => void;
};

export type BogBasketItem = {
  productId: string;
  description?: string;
  /** A positive whole number. */
  quantity: number;
  unitPriceMinor: number;
};

/** An order in the product's terms (tetri); the client writes the bank's body (GEL, snake_case). Currency is GEL. */
export type BogOrderInput = {
  callbackUrl: string;
  basket: BogBasketItem[];
  capture?: 'automatic' | 'manual';
  externalOrderId?: string;
  redirectUrls?: { success?: string; fail?: string };
  /** Minutes the payment page stays valid, 2–1440 (bank default 15). */
  ttlMinutes?: number;
  buyer?: { fullName?: string; maskedEmail?: string; maskedPhone?: string };
  applicationType?: 'web' | 'mobile';
  paymentMethods?: string[];
};

export type BogWrite = { idempotencyKey: string };
export type BogPageOptions = BogWrite & { language?: 'ka' | 'en'; theme?: 'light' | 'dark' };

export type BogCreatedOrder = {
  orderId: string;
  /** The hosted card page (`_links.redirect.href`). */
  redirectUrl: string;
  detailsUrl: string | null;
  raw: unknown;
};

/** The bank's acknowledgement of approve / cancel / refund; the outcome arrives in actions[] and the callback. */
export type BogActionAck = { key: string; message: string | null; actionId: string | null; raw: unknown };

export type BogClient = {
  createOrder(input: BogOrderInput, options: BogPageOptions): Promise<BogCreatedOrder>;
  /** Pays with the card saved on `parentOrderId` (recurring, customer present): the bank's page asks them to confirm. */
  payWithSavedCard(parentOrderId: string, input: BogOrderInput, options: BogPageOptions): Promise<BogCreatedOrder>;
  /** Before the customer pays `orderId`: keep their card for recurring payments if the payment succeeds (202). */
  saveCardForRecurring(orderId: string, options: BogWrite): Promise<void>;
  /** Captures a hold: the whole amount, or `amountMinor` of it (partial). */
  approvePreauthorization(
    orderId: string,
    options: BogWrite & { amountMinor?: number; description?: string },
  ): Promise<BogActionAck>;
  /** Releases a whole hold. */
  cancelPreauthorization(orderId: string, options: BogWrite & { description?: string }): Promise<BogActionAck>;
  /** Refunds the whole transferred amount, or `amountMinor` of it. */
  refund(orderId: string, options: BogWrite & { amountMinor?: number }): Promise<BogActionAck>;
  getReceipt(orderId: string): Promise<BogReceipt>;
  deleteSavedCard(orderId: string, options: BogWrite): Promise<void>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A deterministic UUID-v4-shaped Idempotency-Key from our own record (e.g. `${paymentId}:approve`): a retry after a
 * crash or a double click derives the same key, so the bank answers with the first result instead of acting twice.
 */
export function bogIdempotencyKey(seed: string): string {
  const b = createHash('sha256').update(`bog-idempotency:${seed}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const createdOrderSchema = z.looseObject({
  id: z.string().min(1),
  _links: z.looseObject({
    details: z.looseObject({ href: z.string() }).nullish(),
    redirect: z.looseObject({ href: z.string() }),
  }),
});
const ackSchema = z.looseObject({
  key: z.string(),
  message: z.string().nullish(),
  action_id: z.string().nullish(),
});

type Call = {
  operation: BogOperation;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};
type Answer = { status: number; text: string };

/** A failure worth another attempt (5xx, network error, timeout), carried to the retry loop. */
class Transient extends Error {
  constructor(
    readonly reason: string,
    readonly status: number | null,
    readonly text: string | null,
    readonly original?: unknown,
  ) {
    super(reason);
  }
}

export function createBogClient(options: BogClientOptions): BogClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const attempts = Math.max(1, options.retry?.attempts ?? 3);
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 8_000;
  const log = options.log ?? (() => {});
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  let cached: { token: string; reuseUntil: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One HTTP exchange with a hard timeout covering the body too. */
  async function exchange(url: string, init: RequestInit): Promise<Answer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetchImpl(url, { ...init, signal: controller.signal, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    } catch (error) {
      if (controller.signal.aborted) throw new Transient('timeout', null, null, error);
      throw new Transient(`network: ${(error as Error).message}`, null, null, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function requestToken(): Promise<string> {
    const started = now();
    const answer = await exchange(options.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const event = { operation: 'token' as const, method: 'POST', path: '(token)', attempt: 1, status: answer.status };
    if (answer.status >= 500) throw new Transient(`token status ${answer.status}`, answer.status, answer.text);
    const json = jsonOrUndefined(answer.text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (answer.status >= 400) {
      log({ ...event, outcome: 'auth_failed', durationMs: now() - started });
      throw new BogAuthError('token', `The bank refused our client credentials (HTTP ${answer.status})`, {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    if (typeof json?.access_token !== 'string' || !json.access_token) {
      throw new BogProtocolError('token', 'The token answer has no access_token', {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    const issuedAt = now();
    cached = { token: json.access_token, reuseUntil: tokenReuseUntil(json.expires_in, issuedAt) };
    log({ ...event, outcome: 'token_refresh', durationMs: issuedAt - started });
    return json.access_token;
  }

  /** A usable token: the cached one, or one request shared by every concurrent caller. */
  function token(): Promise<string> {
    if (cached && now() < cached.reuseUntil) return Promise.resolve(cached.token);
    if (!pending) {
      pending = requestToken().finally(() => {
        pending = null;
      });
    }
    return pending;
  }

  const backoff = (attempt: number) => {
    const ms = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return new Promise((resolve) => setTimeout(resolve, ms / 2 + Math.random() * (ms / 2)));
  };

  /**
   * Sends a call: a 401 refreshes the token once and repeats it; 5xx, network errors and timeouts are retried with
   * backoff; every repeat carries the same Idempotency-Key. 4xx is final.
   */
  async function call(c: Call): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...c.headers };
    if (c.body !== undefined) headers['Content-Type'] = 'application/json';
    if (c.idempotencyKey !== undefined) headers['Idempotency-Key'] = c.idempotencyKey;
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    let refreshed = false;
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const started = now();
      const event = { operation: c.operation, method: c.method, path: c.path, attempt };
      let answer: Answer;
      try {
        const bearer = await token();
        answer = await exchange(`${apiBase}${c.path}`, {
          method: c.method,
          headers: { ...headers, Authorization: `Bearer ${bearer}` },
          body,
        });
        if (answer.status === 401) {
          // A revoked or expired token is refused before anything is done: one fresh token, same key, no attempt spent.
          if (cached?.token === bearer) cached = null;
          if (!refreshed) {
            refreshed = true;
            log({ ...event, outcome: 'token_refresh', status: 401, durationMs: now() - started });
            attempt--;
            continue;
          }
          log({ ...event, outcome: 'auth_failed', status: 401, durationMs: now() - started });
          throw new BogAuthError(c.operation, 'The bank refused a freshly issued token (HTTP 401)', {
            status: 401,
            bodyText: answer.text,
            bodyJson: jsonOrUndefined(answer.text),
          });
        }
        if (answer.status >= 500) throw new Transient(`status ${answer.status}`, answer.status, answer.text);
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        last = error;
        const final = attempt === attempts;
        log({
          ...event,
          outcome: final ? 'unavailable' : 'retry',
          status: error.status,
          durationMs: now() - started,
          reason: error.reason,
        });
        if (!final) await backoff(attempt);
        continue;
      }
      if (answer.status >= 400) {
        log({ ...event, outcome: 'rejected', status: answer.status, durationMs: now() - started });
        throw new BogRejectedError(c.operation, `The bank refused ${c.method} ${c.path} (HTTP ${answer.status})`, {
          status: answer.status,
          bodyText: answer.text,
          bodyJson: jsonOrUndefined(answer.text),
        });
      }
      log({ ...event, outcome: 'ok', status: answer.status, durationMs: now() - started });
      return answer;
    }
    throw new BogUnavailableError(
      c.operation,
      `The bank did not answer ${c.method} ${c.path} after ${attempts} attempts (${last?.reason})`,
      { status: last?.status ?? null, bodyText: last?.text ?? null, bodyJson: jsonOrUndefined(last?.text ?? null) },
      attempts,
      { cause: last?.original },
    );
  }

  function parsed<T>(operation: BogOperation, answer: Answer, schema: z.ZodType<T>): T {
    const json = jsonOrUndefined(answer.text);
    const result = schema.safeParse(json);
    if (!result.success) {
      throw new BogProtocolError(operation, `Unexpected answer to ${operation} (HTTP ${answer.status})`, {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    return result.data;
  }

  const id = (value: string) => {
    if (!value) throw new TypeError('An order id is required');
    return encodeURIComponent(value);
  };

  const write = (key: string) => {
    if (!UUID.test(key)) {
      throw new TypeError(
        'idempotencyKey must be a UUID (the bank expects UUID v4): derive one with bogIdempotencyKey()',
      );
    }
    return key;
  };

  const pageHeaders = (o: BogPageOptions) => ({
    ...(o.language ? { 'Accept-Language': o.language } : {}),
    ...(o.theme ? { Theme: o.theme } : {}),
  });

  async function placeOrder(operation: BogOperation, path: string, input: BogOrderInput, o: BogPageOptions) {
    const answer = await call({
      operation,
      method: 'POST',
      path,
      body: orderBody(input),
      idempotencyKey: write(o.idempotencyKey),
      headers: pageHeaders(o),
    });
    const order = parsed(operation, answer, createdOrderSchema);
    return {
      orderId: order.id,
      redirectUrl: order._links.redirect.href,
      detailsUrl: order._links.details?.href ?? null,
      raw: jsonOrUndefined(answer.text),
    };
  }

  async function action(operation: BogOperation, path: string, body: object, key: string): Promise<BogActionAck> {
    const answer = await call({ operation, method: 'POST', path, body, idempotencyKey: write(key) });
    const ack = parsed(operation, answer, ackSchema);
    return {
      key: ack.key,
      message: ack.message ?? null,
      actionId: ack.action_id ?? null,
      raw: jsonOrUndefined(answer.text),
    };
  }

  return {
    createOrder: async (input, o) => placeOrder('create_order', '/ecommerce/orders', input, o),
    payWithSavedCard: async (parentOrderId, input, o) =>
      placeOrder('saved_card_order', `/ecommerce/orders/${id(parentOrderId)}`, input, o),
    async saveCardForRecurring(orderId, o) {
      await call({
        operation: 'save_card',
        method: 'PUT',
        path: `/orders/${id(orderId)}/cards`,
        idempotencyKey: write(o.idempotencyKey),
      });
    },
    async approvePreauthorization(orderId, o) {
      const body = {
        ...(o.amountMinor !== undefined ? { amount: tetriToGel(positive(o.amountMinor)) } : {}),
        ...(o.description !== undefined ? { description: o.description } : {}),
      };
      return action('approve', `/payment/authorization/approve/${id(orderId)}`, body, o.idempotencyKey);
    },
    async cancelPreauthorization(orderId, o) {
      const body = o.description !== undefined ? { description: o.description } : {};
      return action('cancel', `/payment/authorization/cancel/${id(orderId)}`, body, o.idempotencyKey);
    },
    async refund(orderId, o) {
      const body = o.amountMinor !== undefined ? { amount: tetriToGel(positive(o.amountMinor)) } : {};
      return action('refund', `/payment/refund/${id(orderId)}`, body, o.idempotencyKey);
    },
    async getReceipt(orderId) {
      const answer = await call({ operation: 'receipt', method: 'GET', path: `/receipt/${id(orderId)}` });
      const json = jsonOrUndefined(answer.text);
      try {
        return parseReceipt(json);
      } catch (error) {
        throw new BogProtocolError('receipt', (error as Error).message, {
          status: answer.status,
          bodyText: answer.text,
          bodyJson: json,
        });
      }
    },
    async deleteSavedCard(orderId, o) {
      await call({
        operation: 'delete_card',
        method: 'DELETE',
        path: `/charges/card/${id(orderId)}`,
        idempotencyKey: write(o.idempotencyKey),
      });
    },
  };
}

function positive(minor: number): number {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new RangeError(`An amount must be a positive number of tetri: ${minor}`);
  return minor;
}

/** The bank's create-order body (research §1.3) from the product's terms. */
export function orderBody(input: BogOrderInput): Record<string, unknown> {
  if (input.basket.length === 0) throw new TypeError('An order needs at least one basket item');
  let totalMinor = 0;
  const basket = input.basket.map((item) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) {
      throw new RangeError(`A basket quantity must be a positive whole number: ${item.quantity}`);
    }
    totalMinor += item.quantity * positive(item.unitPriceMinor);
    return {
      product_id: item.productId,
      ...(item.description !== undefined ? { description: item.description } : {}),
      quantity: item.quantity,
      unit_price: tetriToGel(item.unitPriceMinor),
    };
  });
  const b = input.buyer;
  return {
    ...(input.applicationType ? { application_type: input.applicationType } : {}),
    ...(b
      ? {
          buyer: {
            ...(b.fullName !== undefined ? { full_name: b.fullName } : {}),
            ...(b.maskedEmail !== undefined ? { masked_email: b.maskedEmail } : {}),
            ...(b.maskedPhone !== undefined ? { masked_phone: b.maskedPhone } : {}),
          },
        }
      : {}),
    callback_url: input.callbackUrl,
    ...(input.externalOrderId !== undefined ? { external_order_id: input.externalOrderId } : {}),
    capture: input.capture ?? 'automatic',
    purchase_units: { currency: 'GEL', total_amount: tetriToGel(totalMinor), basket },
    ...(input.redirectUrls ? { redirect_urls: input.redirectUrls } : {}),
    ...(input.ttlMinutes !== undefined ? { ttl: input.ttlMinutes } : {}),
    ...(input.paymentMethods ? { payment_method: input.paymentMethods } : {}),
  };
}
