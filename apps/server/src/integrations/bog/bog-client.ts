import { createHash } from 'node:crypto';
import { z } from 'zod';
import { tetriToGel } from './bog-amounts.ts';
import { type BogOperation, BogProtocolError, jsonOrUndefined } from './bog-errors.ts';
import { type BogReceipt, parseReceipt } from './bog-receipt.ts';
import { type BogTransportOptions, createBogTransport } from './bog-transport.ts';

export type { BogLogEvent } from './bog-transport.ts';

/** Token and API addresses, credentials, timeouts, retries and the log: see bog-transport.ts. */
export type BogClientOptions = BogTransportOptions;

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

/** The bank's endpoints in the product's terms (tetri, camelCase) over one transport (bog-transport.ts). */
export function createBogClient(options: BogClientOptions): BogClient {
  const { call, parsed } = createBogTransport(options);

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
  const methods = paymentMethodsOf(input);
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
    ...(methods ? { payment_method: methods } : {}),
  };
}

/** The methods the bank can hold money on (manual capture): "only available for card, Apple Pay and Google Pay". */
export const HOLDABLE_METHODS = ['card', 'google_pay', 'apple_pay'] as const;

/**
 * The payment_method list to send: a hold lists the holdable methods (an empty list means every method the merchant
 * has, some of which the bank cannot hold), and refuses any other; an automatic capture sends what it was given.
 */
function paymentMethodsOf(input: BogOrderInput): string[] | null {
  if (input.capture !== 'manual') return input.paymentMethods ?? null;
  const methods = input.paymentMethods ?? [...HOLDABLE_METHODS];
  const other = methods.filter((m) => !(HOLDABLE_METHODS as readonly string[]).includes(m));
  if (other.length > 0 || methods.length === 0)
    throw new TypeError(`A manual-capture order can only use ${HOLDABLE_METHODS.join(', ')}: ${other.join(', ')}`);
  return methods;
}
