// The payment-details document (research §1.7) the API answers for an order and every callback carries, with the
// bank's way of writing amounts, times and status texts.
import { tetriToGelText } from '../../integrations/bog/bog-amounts.ts';
import type { EmulatedOrder, OrderStatus } from './emulator-store.ts';

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

/** ISO time as the bank writes it, with microseconds ("2022-11-01T13:19:43.021000Z"). */
export const zoned = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

/** An amount as receipts write it: at least one decimal ("100.5", "0.0"). */
export const gel = (minor: number) => tetriToGelText(minor, { minFraction: 1 });

const textOrNull = (v: string | number | null | undefined) => (v == null ? null : String(v));

/** The payment-details document, field for field and in the same order; `base` is the emulator's public URL. */
export function receiptDocument(order: EmulatedOrder, base: string) {
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
    order_status: { key: order.status, value: STATUS_TEXT[order.status]?.[order.lang] ?? order.status },
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
