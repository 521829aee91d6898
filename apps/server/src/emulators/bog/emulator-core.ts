import { randomInt, randomUUID } from 'node:crypto';
import { gelToTetri } from '../../integrations/bog/bog-amounts.ts';
import type { CheckedCard } from './emulator-cards.ts';
import { gel, RESPONSE_CODES, receiptDocument } from './emulator-receipt.ts';
import type { EmulatedAction, EmulatedOrder, EmulatorStore, OrderStatus } from './emulator-store.ts';
import {
  approveSchema,
  cancelSchema,
  checkOrderBody,
  describeIssues,
  type OrderBody,
  refundSchema,
} from './emulator-validation.ts';

/** An API answer: `body` undefined means no body (202). */
export type Answer = { status: number; body?: unknown };

export const HOLD_LAPSE_MS = 30 * 24 * 60 * 60 * 1000;
const DEFAULT_TTL_MINUTES = 15;

const PAID: OrderStatus[] = ['completed', 'partial_completed', 'refunded_partially'];
const AWAITING_3DS: OrderStatus[] = ['processing', 'auth_requested'];

const message = (status: number, text: string): Answer => ({ status, body: { message: text } });
const invalidOrder = () => message(400, 'Invalid order_id');

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
    const checked = checkOrderBody(body, deps.allowHttpUrls);
    return checked.ok ? checked : { ok: false, answer: message(400, checked.problem) };
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
      paymentMethods: v.payment_method ?? null,
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

  /** The payment-details document (emulator-receipt.ts). */
  const receiptOf = (order: EmulatedOrder) => receiptDocument(order, deps.publicUrl());

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
