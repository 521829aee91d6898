import { z } from 'zod';
import { gelToTetri } from './bog-amounts.ts';
import { BogProtocolError } from './bog-errors.ts';

/** `order_status.key` values documented by the bank (a new one still parses: the type stays open). */
export const BOG_ORDER_STATUSES = [
  'created',
  'processing',
  'completed',
  'rejected',
  'refund_requested',
  'refunded',
  'refunded_partially',
  'auth_requested',
  'blocked',
  'partial_completed',
] as const;
export type BogOrderStatus = (typeof BOG_ORDER_STATUSES)[number];

export type BogActionType = 'authorize' | 'partial_authorize' | 'cancel_authorize' | 'refund' | 'partial_refund';

// Receipts carry amounts as strings ("100.5", "0.0"); numbers are tolerated too.
const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  try {
    return gelToTetri(v);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
const text = z.union([z.string(), z.number()]).transform(String).nullish();
const keyed = z.looseObject({ key: z.string(), value: z.string().nullish() });

const receiptSchema = z.looseObject({
  order_id: z.string().min(1),
  industry: z.string().nullish(),
  capture: z.string().nullish(),
  external_order_id: z.string().nullish(),
  zoned_create_date: z.string().nullish(),
  zoned_expire_date: z.string().nullish(),
  order_status: keyed,
  purchase_units: z.looseObject({
    request_amount: amount,
    transfer_amount: amount.nullish(),
    refund_amount: amount.nullish(),
    currency_code: z.string().nullish(),
  }),
  payment_detail: z
    .looseObject({
      transfer_method: keyed.nullish(),
      code: text,
      code_description: z.string().nullish(),
      transaction_id: text,
      payer_identifier: z.string().nullish(),
      payment_option: z.string().nullish(),
      card_type: z.string().nullish(),
      card_expiry_date: z.string().nullish(),
      saved_card_type: z.string().nullish(),
      parent_order_id: z.string().nullish(),
    })
    .nullish(),
  actions: z
    .array(
      z.looseObject({
        action_id: z.string().nullish(),
        request_channel: z.string().nullish(),
        action: z.string(),
        status: z.string(),
        zoned_action_date: z.string().nullish(),
        amount: amount.nullish(),
      }),
    )
    .nullish(),
  lang: z.string().nullish(),
  reject_reason: z.string().nullish(),
});

export type BogPaymentDetail = {
  /** Response code as text: "100" success, "200" successful pre-authorisation, "107" insufficient funds… */
  code: string | null;
  codeDescription: string | null;
  transferMethod: string | null;
  transactionId: string | null;
  paymentOption: string | null;
  /** visa | mc | amex */
  cardType: string | null;
  /** As the bank masks it, e.g. "411111xxxxxx1111". */
  maskedPan: string | null;
  lastFour: string | null;
  /** "MM/YY" */
  expiry: string | null;
  /** "recurrent" once a card saved for recurring payments is on file for this order. */
  savedCardType: string | null;
  parentOrderId: string | null;
};

export type BogAction = {
  actionId: string | null;
  action: BogActionType | (string & {});
  status: 'completed' | 'rejected' | (string & {});
  amountMinor: number | null;
  date: string | null;
  channel: string | null;
};

/** A payment-details answer (GET /receipt/{id}, or a callback's body), normalised to tetri. */
export type BogReceipt = {
  orderId: string;
  externalOrderId: string | null;
  status: BogOrderStatus | (string & {});
  capture: 'automatic' | 'manual' | (string & {}) | null;
  requestAmountMinor: number;
  transferAmountMinor: number;
  refundAmountMinor: number;
  currency: string | null;
  createdAt: string | null;
  expiresAt: string | null;
  payment: BogPaymentDetail | null;
  actions: BogAction[];
  /** "expiration", "unknown" or the card response code's description; only when rejected. */
  rejectReason: string | null;
  lang: string | null;
  raw: Record<string, unknown>;
};

function fail(what: string, error: z.ZodError, raw: unknown): never {
  const issues = error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  const bodyText = typeof raw === 'string' ? raw : JSON.stringify(raw);
  throw new BogProtocolError('receipt', `Unreadable ${what}: ${issues}`, {
    status: null,
    bodyText: bodyText ?? null,
    bodyJson: typeof raw === 'string' ? undefined : raw,
  });
}

/** Validates and normalises a receipt object; unknown extra fields are kept in `raw`. Throws BogProtocolError. */
export function parseReceipt(json: unknown): BogReceipt {
  const parsed = receiptSchema.safeParse(json);
  if (!parsed.success) fail('receipt', parsed.error, json);
  const r = parsed.data;
  const d = r.payment_detail;
  const pan = d?.payer_identifier ?? null;
  return {
    orderId: r.order_id,
    externalOrderId: r.external_order_id ?? null,
    status: r.order_status.key,
    capture: r.capture ?? null,
    requestAmountMinor: r.purchase_units.request_amount,
    transferAmountMinor: r.purchase_units.transfer_amount ?? 0,
    refundAmountMinor: r.purchase_units.refund_amount ?? 0,
    currency: r.purchase_units.currency_code ?? null,
    createdAt: r.zoned_create_date ?? null,
    expiresAt: r.zoned_expire_date ?? null,
    payment: d
      ? {
          code: d.code ?? null,
          codeDescription: d.code_description ?? null,
          transferMethod: d.transfer_method?.key ?? null,
          transactionId: d.transaction_id ?? null,
          paymentOption: d.payment_option ?? null,
          cardType: d.card_type ?? null,
          maskedPan: pan,
          lastFour: pan && /\d{4}$/.test(pan) ? pan.slice(-4) : null,
          expiry: d.card_expiry_date ?? null,
          savedCardType: d.saved_card_type ?? null,
          parentOrderId: d.parent_order_id ?? null,
        }
      : null,
    actions: (r.actions ?? []).map((a) => ({
      actionId: a.action_id ?? null,
      action: a.action,
      status: a.status,
      amountMinor: a.amount ?? null,
      date: a.zoned_action_date ?? null,
      channel: a.request_channel ?? null,
    })),
    rejectReason: r.reject_reason ?? null,
    lang: r.lang ?? null,
    raw: json as Record<string, unknown>,
  };
}

export type BogCallback = { event: string; zonedRequestTime: string | null; receipt: BogReceipt };

const callbackSchema = z.looseObject({
  event: z.string(),
  zoned_request_time: z.string().nullish(),
  body: z.unknown(),
});

/**
 * Parses a callback's raw body: `{ event: "order_payment", zoned_request_time, body: <receipt> }`. Verify the
 * signature over the same raw bytes first (verifyCallbackSignature). Throws BogProtocolError.
 */
export function parseCallback(rawBody: Buffer | string): BogCallback {
  const bodyText = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    throw new BogProtocolError('receipt', 'Callback body is not JSON', { status: null, bodyText, bodyJson: undefined });
  }
  const parsed = callbackSchema.safeParse(json);
  if (!parsed.success) fail('callback', parsed.error, json);
  return {
    event: parsed.data.event,
    zonedRequestTime: parsed.data.zoned_request_time ?? null,
    receipt: parseReceipt(parsed.data.body),
  };
}
