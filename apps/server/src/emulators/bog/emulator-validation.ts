// What the bank refuses in a request body (400, nothing done), with messages that name the field.
import { z } from 'zod';
import { gelToTetri, tetriToGelText } from '../../integrations/bog/bog-amounts.ts';

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
export type OrderBody = z.infer<typeof orderBodySchema>;

export const approveSchema = z.looseObject({ amount: amount.optional(), description: optionalText });
export const cancelSchema = z.looseObject({ description: optionalText });
export const refundSchema = z.looseObject({ amount: amount.optional() });

export function describeIssues(error: z.ZodError): string {
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

/** A create-order body as the bank checks it: its shape, its URLs, and a total that matches the basket. */
export function checkOrderBody(
  body: unknown,
  allowHttpUrls: boolean,
): { ok: true; value: OrderBody } | { ok: false; problem: string } {
  const parsed = orderBodySchema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  const v = parsed.data;
  const problems: string[] = [];
  const callback = urlProblem(v.callback_url, allowHttpUrls);
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
  // The bank's documentation: "Manual capture is only available for card, Apple Pay and Google Pay".
  const unholdable = (v.payment_method ?? []).filter((m) => !['card', 'google_pay', 'apple_pay'].includes(m));
  if (v.capture === 'manual' && unholdable.length) {
    problems.push(
      `payment_method ${unholdable.join(', ')} cannot be used with manual capture (card, apple_pay, google_pay only)`,
    );
  }
  if (problems.length) return { ok: false, problem: problems.join('; ') };
  return { ok: true, value: v };
}
