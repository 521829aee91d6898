import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { gelToTetri, tetriToGelText } from '../../integrations/bog/bog-amounts.ts';
import type { CheckedCard } from './emulator-cards.ts';
import type { EmulatedAction, EmulatedOrder, EmulatorStore, OrderStatus } from './emulator-store.ts';

/** An API answer: `body` undefined means no body (202). */
export type Answer = { status: number; body?: unknown };

export const HOLD_LAPSE_MS = 30 * 24 * 60 * 60 * 1000;
const DEFAULT_TTL_MINUTES = 15;

/** payment_detail.code → code_description (research §1.7). */
export const RESPONSE_CODES: Record<string, string> = {
  '100': 'Successful payment',
  '101': 'Card usage limited',
  '102': "Saved card wasn't found",
  '103': 'Invalid card',
  '104': 'Transaction count limit exceeded',
  '105': 'Card expired',
  '106': 'Amount limit exceeded',
  '107': 'Insufficient funds',
  '108': 'Authentication declined',
  '109': 'Technical issue',
  '110': 'Transaction expired',
  '111': 'Authentication timeout',
  '112': 'General error',
  '199': 'Unknown response',
  '200': 'Successful preauthorization',
};

const STATUS_TEXT: Record<OrderStatus, { en: string; ka: string }> = {
  created: { en: 'Created', ka: 'შექმნილი' },
  processing: { en: 'Processing', ka: 'მუშავდება' },
  completed: { en: 'Completed', ka: 'დასრულებული' },
  rejected: { en: 'Rejected', ka: 'უარყოფილი' },
  refund_requested: { en: 'Refund requested', ka: 'მოთხოვნილია დაბრუნება' },
  refunded: { en: 'Refunded', ka: 'დაბრუნებული' },
  refunded_partially: { en: 'Partially refunded', ka: 'ნაწილობრივ დაბრუნებული' },
  auth_requested: { en: 'Authorization requested', ka: 'მოთხოვნილია ავტორიზაცია' },
  blocked: { en: 'Blocked', ka: 'დაბლოკილი' },
  partial_completed: { en: 'Partially completed', ka: 'ნაწილობრივ დასრულებული' },
};

const PAID: OrderStatus[] = ['completed', 'partial_completed', 'refunded_partially'];
const AWAITING_3DS: OrderStatus[] = ['processing', 'auth_requested'];

const message = (status: number, text: string): Answer => ({ status, body: { message: text } });
const invalidOrder = () => message(400, 'Invalid order_id');

// Request amounts are JSON numbers with at most two decimals.
const amount = z.number({ error: 'must be a number' }).refine((v) => {
  try {
    gelToTetri(v);
    return true;
  } catch {
    return false;
  }
}, 'must be a non-negative amount with at most 2 decimals');
const optionalText = z.string({ error: 'must be a string' }).optional();

const basketItem = z.looseObject({
  product_id: z.string({ error: 'is required' }).min(1, 'is required'),
  description: optionalText,
  quantity: z.number({ error: 'is required' }).int('must be a whole number').positive('must be greater than 0'),
  unit_price: amount,
  unit_discount_price: amount.optional(),
  vat: amount.optional(),
  vat_percent: z.number().optional(),
  total_price: amount.optional(),
  image: optionalText,
  package_code: optionalText,
  tin: z.string().nullish(),
  pinfl: z.string().nullish(),
  product_discount_id: z.string().nullish(),
});

const orderBodySchema = z.looseObject({
  application_type: z.enum(['web', 'mobile']).optional(),
  buyer: z.looseObject({ full_name: optionalText, masked_email: optionalText, masked_phone: optionalText }).optional(),
  callback_url: z.string({ error: 'is required' }),
  external_order_id: optionalText,
  capture: z.enum(['automatic', 'manual'], { error: "must be 'automatic' or 'manual'" }).optional(),
  purchase_units: z.looseObject(
    {
      basket: z.array(basketItem, { error: 'is required' }).min(1, 'must contain at least one item'),
      delivery: z.looseObject({ amount: amount.optional() }).optional(),
      total_amount: amount.refine((v) => v > 0, 'must be greater than 0'),
      total_discount_amount: amount.optional(),
      currency: z.enum(['GEL', 'USD', 'EUR', 'GBP'], { error: 'must be one of GEL, USD, EUR, GBP' }).optional(),
    },
    { error: 'is required' },
  ),
  redirect_urls: z.looseObject({ success: optionalText, fail: optionalText }).optional(),
  ttl: z
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(2, 'must be between 2 and 1440 minutes')
    .max(1440, 'must be between 2 and 1440 minutes')
    .optional(),
  payment_method: z
    .array(z.enum(['card', 'google_pay', 'apple_pay', 'bog_p2p', 'bog_loyalty', 'bnpl', 'bog_loan', 'gift_card']))
    .optional(),
  config: z.looseObject({}).optional(),
});
type OrderBody = z.infer<typeof orderBodySchema>;

const approveSchema = z.looseObject({ amount: amount.optional(), description: optionalText });
const cancelSchema = z.looseObject({ description: optionalText });
const refundSchema = z.looseObject({ amount: amount.optional() });

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ');
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An absolute http(s) URL; https unless it points at this machine (or plain http is allowed for the whole emulator). */
function urlProblem(value: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (allowHttp || LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost'))) {
    return null;
  }
  return 'must be an HTTPS URL';
}

/** ISO time as the bank writes it, with microseconds ("2022-11-01T13:19:43.021000Z"). */
export const zoned = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

const gel = (minor: number) => tetriToGelText(minor, { minFraction: 1 });

export type CoreDeps = {
  store: EmulatorStore;
  now: () => number;
  /** The emulator's public base URL (no trailing slash), for `_links` and pages. */
  publicUrl: () => string;
  /** Called after every change a callback reports (payment outcome, approve, cancel, refund, lapse). */
  notify: (order: EmulatedOrder) => void;
  allowHttpUrls: boolean;
};

export type PaymentStep = 'three_ds' | 'done';

export type EmulatorCore = ReturnType<typeof createEmulatorCore>;

export function createEmulatorCore(deps: CoreDeps) {
  const orders = () => deps.store.state.orders;
  const changed = (order: EmulatedOrder) => {
    deps.store.save();
    deps.notify(order);
  };

  function validateOrder(body: unknown): { ok: true; value: OrderBody } | { ok: false; answer: Answer } {
    const parsed = orderBodySchema.safeParse(body ?? {});
    if (!parsed.success) return { ok: false, answer: message(400, describeIssues(parsed.error)) };
    const v = parsed.data;
    const problems: string[] = [];
    const callback = urlProblem(v.callback_url, deps.allowHttpUrls);
    if (callback) problems.push(`callback_url ${callback}`);
    for (const key of ['success', 'fail'] as const) {
      const url = v.redirect_urls?.[key];
      const problem = url === undefined ? null : urlProblem(url, true);
      if (problem) problems.push(`redirect_urls.${key} ${problem}`);
    }
    const pu = v.purchase_units;
    const basketMinor = pu.basket.reduce((sum, item) => sum + item.quantity * gelToTetri(item.unit_price), 0);
    const expected = basketMinor + gelToTetri(pu.delivery?.amount ?? 0) - gelToTetri(pu.total_discount_amount ?? 0);
    if (expected !== gelToTetri(pu.total_amount)) {
      problems.push(
        `purchase_units.total_amount (${pu.total_amount}) does not match the basket total (${tetriToGelText(Math.max(expected, 0))})`,
      );
    }
    if (problems.length) return { ok: false, answer: message(400, problems.join('; ')) };
    return { ok: true, value: v };
  }

  function newOrder(v: OrderBody, page: { lang: 'ka' | 'en'; theme: 'light' | 'dark' }): EmulatedOrder {
    const now = deps.now();
    const pu = v.purchase_units;
    return {
      id: randomUUID(),
      createdAt: now,
      expiresAt: now + (v.ttl ?? DEFAULT_TTL_MINUTES) * 60_000,
      capture: v.capture ?? 'automatic',
      externalOrderId: v.external_order_id ?? null,
      callbackUrl: v.callback_url,
      redirectUrls: v.redirect_urls ? { success: v.redirect_urls.success, fail: v.redirect_urls.fail } : null,
      lang: page.lang,
      theme: page.theme,
      buyer: v.buyer
        ? {
            fullName: v.buyer.full_name ?? null,
            email: v.buyer.masked_email ?? null,
            phone: v.buyer.masked_phone ?? null,
          }
        : null,
      currency: pu.currency ?? 'GEL',
      requestMinor: gelToTetri(pu.total_amount),
      transferMinor: 0,
      refundMinor: 0,
      items: pu.basket.map((item) => ({
        productId: item.product_id,
        description: item.description ?? null,
        quantity: item.quantity,
        unitPriceMinor: gelToTetri(item.unit_price),
        extra: {
          unit_discount_price: item.unit_discount_price ?? null,
          vat: item.vat ?? null,
          vat_percent: item.vat_percent ?? null,
          package_code: item.package_code ?? null,
          tin: item.tin ?? null,
          pinfl: item.pinfl ?? null,
          product_discount_id: item.product_discount_id ?? null,
        },
      })),
      status: 'created',
      code: null,
      rejectReason: null,
      card: null,
      saveCardRequested: false,
      savedCard: null,
      parentOrderId: null,
      transactionId: null,
      heldAt: null,
      actions: [],
    };
  }

  function created(order: EmulatedOrder): Answer {
    const base = deps.publicUrl();
    return {
      status: 200,
      body: {
        id: order.id,
        _links: {
          details: { href: `${base}/payments/v1/receipt/${order.id}` },
          redirect: { href: `${base}/payment/?order_id=${order.id}` },
        },
      },
    };
  }

  function succeed(order: EmulatedOrder) {
    const now = deps.now();
    order.code = order.capture === 'manual' ? '200' : '100';
    order.status = order.capture === 'manual' ? 'blocked' : 'completed';
    order.transferMinor = order.capture === 'manual' ? 0 : order.requestMinor;
    order.heldAt = order.capture === 'manual' ? now : null;
    order.rejectReason = null;
    order.transactionId = String(randomInt(100_000_000_000, 999_999_999_999));
    if (order.saveCardRequested && !order.parentOrderId) order.savedCard = 'active';
    changed(order);
  }

  function reject(order: EmulatedOrder, code: string | null, reason?: string) {
    order.status = 'rejected';
    order.code = code;
    order.rejectReason = reason ?? (code ? (RESPONSE_CODES[code] ?? 'unknown') : 'unknown');
    order.transferMinor = 0;
    changed(order);
  }

  function addAction(order: EmulatedOrder, action: Omit<EmulatedAction, 'id' | 'at'>): EmulatedAction {
    const entry = { id: randomUUID(), at: deps.now(), ...action };
    order.actions.push(entry);
    return entry;
  }

  const ack = (text: string, action: EmulatedAction): Answer => ({
    status: 200,
    body: { key: 'request_received', message: text, action_id: action.id },
  });

  /** The payment-details document (research §1.7), field for field and in the same order. */
  function receiptOf(order: EmulatedOrder) {
    const base = deps.publicUrl();
    const ownPage = `${base}/payment/result?order_id=${order.id}`;
    const attempted = order.card !== null;
    return {
      order_id: order.id,
      industry: 'ecommerce',
      capture: order.capture,
      external_order_id: order.externalOrderId,
      client: { id: '10000', brand_ka: 'ბოგ ემულატორი', brand_en: 'BOG emulator', url: base },
      zoned_create_date: zoned(order.createdAt),
      zoned_expire_date: zoned(order.expiresAt),
      order_status: { key: order.status, value: STATUS_TEXT[order.status][order.lang] },
      buyer: order.buyer
        ? { full_name: order.buyer.fullName, email: order.buyer.email, phone_number: order.buyer.phone }
        : null,
      purchase_units: {
        request_amount: gel(order.requestMinor),
        transfer_amount: gel(order.transferMinor),
        refund_amount: gel(order.refundMinor),
        currency_code: order.currency,
        items: order.items.map((item) => ({
          external_item_id: item.productId,
          description: item.description,
          quantity: String(item.quantity),
          unit_price: tetriToGelText(item.unitPriceMinor),
          unit_discount_price: textOrNull(item.extra.unit_discount_price),
          vat: textOrNull(item.extra.vat),
          vat_percent: textOrNull(item.extra.vat_percent),
          total_price: tetriToGelText(item.unitPriceMinor * item.quantity),
          package_code: textOrNull(item.extra.package_code),
          tin: textOrNull(item.extra.tin),
          pinfl: textOrNull(item.extra.pinfl),
          product_discount_id: textOrNull(item.extra.product_discount_id),
        })),
      },
      redirect_links: {
        success: order.redirectUrls?.success ?? ownPage,
        fail: order.redirectUrls?.fail ?? ownPage,
      },
      payment_detail: {
        transfer_method: attempted
          ? { key: 'card', value: order.lang === 'ka' ? 'ბარათით გადახდა' : 'Card payment' }
          : null,
        code: order.code,
        code_description: order.code ? (RESPONSE_CODES[order.code] ?? null) : null,
        transaction_id: order.transactionId,
        payer_identifier: order.card?.masked ?? null,
        payment_option: attempted ? (order.parentOrderId ? 'recurrent' : 'direct_debit') : null,
        card_type: order.card?.type ?? null,
        card_expiry_date: order.card?.expiry ?? null,
        request_account_tag: null,
        transfer_account_tag: null,
        saved_card_type: order.savedCard ? 'recurrent' : null,
        parent_order_id: order.parentOrderId,
      },
      discount: null,
      actions: order.actions.map((a) => ({
        action_id: a.id,
        request_channel: 'public_api',
        action: a.action,
        status: a.status,
        zoned_action_date: zoned(a.at),
        amount: gel(a.amountMinor),
      })),
      lang: order.lang,
      reject_reason: order.status === 'rejected' ? order.rejectReason : null,
    };
  }

  const cardExpired = (order: EmulatedOrder) => order.card !== null && order.card.validUntil < deps.now();

  return {
    /** Applies time: unpaid orders past their ttl and holds older than 30 days end as `rejected` / `expiration`. */
    sweep() {
      const now = deps.now();
      for (const order of Object.values(orders())) {
        if ((order.status === 'created' || AWAITING_3DS.includes(order.status)) && now > order.expiresAt) {
          reject(order, order.status === 'created' ? null : '111', 'expiration');
        } else if (order.status === 'blocked' && order.heldAt !== null && now >= order.heldAt + HOLD_LAPSE_MS) {
          reject(order, order.code, 'expiration');
        }
      }
    },

    createOrder(body: unknown, page: { lang: 'ka' | 'en'; theme: 'light' | 'dark' }): Answer {
      const checked = validateOrder(body);
      if (!checked.ok) return checked.answer;
      const order = newOrder(checked.value, page);
      orders()[order.id] = order;
      deps.store.save();
      return created(order);
    },

    /**
     * A recurring payment with the card saved on `parentId`: a new order the customer confirms on the page without
     * entering the card. Without an active saved card there (unknown order, never saved, deleted) the order is
     * created and rejected at once with 102 "Saved card wasn't found".
     */
    createSavedCardOrder(
      parentId: string,
      body: unknown,
      page: { lang: 'ka' | 'en'; theme: 'light' | 'dark' },
    ): Answer {
      const checked = validateOrder(body);
      if (!checked.ok) return checked.answer;
      const order = newOrder(checked.value, page);
      order.parentOrderId = parentId;
      orders()[order.id] = order;
      const parent = orders()[parentId];
      if (parent?.savedCard === 'active' && parent.card) {
        order.card = { ...parent.card };
        deps.store.save();
      } else {
        reject(order, '102');
      }
      return created(order);
    },

    saveCard(id: string): Answer {
      const order = orders()[id];
      if (!order) return invalidOrder();
      if (order.status !== 'created') return message(400, 'A card can be saved only before the order is paid');
      order.saveCardRequested = true;
      deps.store.save();
      return { status: 202 };
    },

    deleteCard(id: string): Answer {
      const order = orders()[id];
      if (!order) return invalidOrder();
      if (order.savedCard !== 'active') return message(404, 'Saved card not found');
      order.savedCard = 'deleted';
      deps.store.save();
      return { status: 202 };
    },

    approve(id: string, body: unknown): Answer {
      const order = orders()[id];
      if (!order) return invalidOrder();
      const parsed = approveSchema.safeParse(body ?? {});
      if (!parsed.success) return message(400, describeIssues(parsed.error));
      if (order.status !== 'blocked') return message(400, notBlocked(order, 'approved'));
      const amountMinor = parsed.data.amount === undefined ? order.requestMinor : gelToTetri(parsed.data.amount);
      if (amountMinor <= 0 || amountMinor > order.requestMinor) {
        return message(
          400,
          `amount must be greater than 0 and at most the blocked amount (${gel(order.requestMinor)})`,
        );
      }
      const partial = amountMinor < order.requestMinor;
      const kind = partial ? 'partial_authorize' : 'authorize';
      if (order.card?.later === 'reject' || cardExpired(order)) {
        // The card refuses the capture: acknowledged, reported as a rejected action; the hold stays.
        const action = addAction(order, { action: kind, status: 'rejected', amountMinor });
        changed(order);
        return ack('Pre-authorization payment approval request received', action);
      }
      const action = addAction(order, { action: kind, status: 'completed', amountMinor });
      order.status = partial ? 'partial_completed' : 'completed';
      order.transferMinor = amountMinor;
      changed(order);
      return ack('Pre-authorization payment approval request received', action);
    },

    cancel(id: string, body: unknown): Answer {
      const order = orders()[id];
      if (!order) return invalidOrder();
      const parsed = cancelSchema.safeParse(body ?? {});
      if (!parsed.success) return message(400, describeIssues(parsed.error));
      if (order.status !== 'blocked') return message(400, notBlocked(order, 'cancelled'));
      const action = addAction(order, {
        action: 'cancel_authorize',
        status: 'completed',
        amountMinor: order.requestMinor,
      });
      order.status = 'rejected';
      order.rejectReason = null;
      order.transferMinor = 0;
      changed(order);
      return ack('Pre-authorization payment cancellation request received', action);
    },

    refund(id: string, body: unknown): Answer {
      const order = orders()[id];
      if (!order) return invalidOrder();
      const parsed = refundSchema.safeParse(body ?? {});
      if (!parsed.success) return message(400, describeIssues(parsed.error));
      if (!PAID.includes(order.status)) {
        return message(
          400,
          order.status === 'refunded' ? 'The order is already fully refunded' : 'Only a paid order can be refunded',
        );
      }
      const amountMinor = parsed.data.amount === undefined ? order.transferMinor : gelToTetri(parsed.data.amount);
      if (amountMinor <= 0 || amountMinor > order.transferMinor) {
        return message(
          400,
          `amount must be greater than 0 and at most the transferred amount (${gel(order.transferMinor)})`,
        );
      }
      const whole = order.refundMinor === 0 && amountMinor === order.transferMinor;
      const action = addAction(order, {
        action: whole ? 'refund' : 'partial_refund',
        status: 'completed',
        amountMinor,
      });
      order.transferMinor -= amountMinor;
      order.refundMinor += amountMinor;
      order.status = order.transferMinor === 0 ? 'refunded' : 'refunded_partially';
      changed(order);
      return ack('Refund request received', action);
    },

    receipt(id: string): Answer {
      const order = orders()[id];
      return order ? { status: 200, body: receiptOf(order) } : invalidOrder();
    },

    receiptOf,

    order: (id: string): EmulatedOrder | undefined => orders()[id],

    /** The card page's payment with a checked card. */
    payWithCard(order: EmulatedOrder, card: CheckedCard): PaymentStep {
      order.card = {
        type: card.type,
        masked: card.masked,
        expiry: card.expiry,
        validUntil: card.validUntil,
        later: card.behaviour.later,
      };
      if (cardExpired(order)) {
        reject(order, '105');
        return 'done';
      }
      switch (card.behaviour.first) {
        case 'decline':
          reject(order, '112');
          return 'done';
        case 'insufficient_funds':
          reject(order, '107');
          return 'done';
        case 'three_ds':
          order.status = order.capture === 'manual' ? 'auth_requested' : 'processing';
          deps.store.save();
          return 'three_ds';
        default:
          succeed(order);
          return 'done';
      }
    },

    /** The customer confirms a saved-card payment on the page. */
    confirmSavedCard(order: EmulatedOrder): PaymentStep {
      if (cardExpired(order)) {
        reject(order, '105');
        return 'done';
      }
      if (order.card?.later === 'reject') {
        reject(order, '101');
        return 'done';
      }
      if (order.card?.later === 'three_ds') {
        order.status = order.capture === 'manual' ? 'auth_requested' : 'processing';
        deps.store.save();
        return 'three_ds';
      }
      succeed(order);
      return 'done';
    },

    /** The 3-D Secure page's answer: Complete pays, Fail rejects with 108 (authentication declined). */
    finishThreeDs(order: EmulatedOrder, passed: boolean) {
      if (passed) succeed(order);
      else reject(order, '108');
    },

    awaitingThreeDs: (order: EmulatedOrder) => AWAITING_3DS.includes(order.status),
  };
}

function notBlocked(order: EmulatedOrder, verb: 'approved' | 'cancelled'): string {
  if (order.actions.some((a) => a.action === 'cancel_authorize' && a.status === 'completed')) {
    return 'The pre-authorization has already been cancelled';
  }
  if (order.actions.some((a) => a.action.endsWith('authorize') && a.status === 'completed')) {
    return 'The pre-authorization has already been approved';
  }
  if (order.capture !== 'manual') return `Only a pre-authorization (capture: manual) can be ${verb}`;
  return `The order has no blocked amount to be ${verb} (status: ${order.status})`;
}

const textOrNull = (v: string | number | null | undefined) => (v == null ? null : String(v));
