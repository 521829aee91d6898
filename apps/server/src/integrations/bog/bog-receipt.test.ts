import { describe, expect, it } from 'vitest';
import { BogProtocolError } from './bog-errors.ts';
import { parseCallback, parseReceipt } from './bog-receipt.ts';

/** The documented example (research §1.7), verbatim apart from the Georgian texts. */
const documented = {
  order_id: 'a767a276-cddd-43ec-9db3-9f9b39eee02d',
  industry: 'ecommerce',
  capture: 'manual',
  external_order_id: '123456',
  client: { id: '10000', brand_ka: 'ბოგ', brand_en: 'BOG', url: 'https://api.bog.ge' },
  zoned_create_date: '2022-11-01T13:19:43.021178Z',
  zoned_expire_date: '2022-11-01T13:39:43.021178Z',
  order_status: { key: 'refunded', value: 'დაბრუნებული' },
  buyer: { full_name: 'John Doe', email: 'johndoe@gmail.com', phone_number: '+995555000000' },
  purchase_units: {
    request_amount: '100.5',
    transfer_amount: '0.0',
    refund_amount: '100.5',
    currency_code: 'GEL',
    items: [{ external_item_id: 'id_1', description: 'product 1', quantity: '1', unit_price: '25.35' }],
  },
  redirect_links: {
    success: 'https://payment.bog.ge/receipt?order_id=a',
    fail: 'https://payment.bog.ge/receipt?order_id=a',
  },
  payment_detail: {
    transfer_method: { key: 'card', value: 'ბარათით გადახდა' },
    code: '100',
    code_description: 'Successful payment',
    transaction_id: '230513868679',
    payer_identifier: '548888xxxxxx9893',
    payment_option: 'direct_debit',
    card_type: 'mc',
    card_expiry_date: '03/24',
    request_account_tag: '1212',
    transfer_account_tag: 'gev2',
    saved_card_type: 'recurrent',
    parent_order_id: '8d52130d-cb1b-45ea-b048-0f040a44e2a3',
  },
  discount: { bank_discount_amount: '0' },
  actions: [
    {
      action_id: 'b70968ca-eda9-47ae-8811-26fd1ab733f8',
      request_channel: 'public_api',
      action: 'authorize',
      status: 'completed',
      zoned_action_date: '2022-11-28T13:42:40.668439Z',
      amount: '100.5',
    },
    {
      action_id: 'a89b872a-9700-4025-b3fb-047cbba7a5e6',
      request_channel: 'business_manager',
      action: 'refund',
      status: 'completed',
      zoned_action_date: '2022-11-28T13:58:03.427939Z',
      amount: '100.5',
    },
  ],
  lang: 'ka',
  reject_reason: null,
};

describe('parseReceipt', () => {
  it('normalises the documented example to tetri and plain fields', () => {
    const r = parseReceipt(documented);
    expect(r).toMatchObject({
      orderId: 'a767a276-cddd-43ec-9db3-9f9b39eee02d',
      externalOrderId: '123456',
      status: 'refunded',
      capture: 'manual',
      requestAmountMinor: 10050,
      transferAmountMinor: 0,
      refundAmountMinor: 10050,
      currency: 'GEL',
      rejectReason: null,
      lang: 'ka',
      payment: {
        code: '100',
        codeDescription: 'Successful payment',
        transferMethod: 'card',
        cardType: 'mc',
        maskedPan: '548888xxxxxx9893',
        lastFour: '9893',
        expiry: '03/24',
        savedCardType: 'recurrent',
        parentOrderId: '8d52130d-cb1b-45ea-b048-0f040a44e2a3',
        paymentOption: 'direct_debit',
        transactionId: '230513868679',
      },
    });
    expect(r.actions).toEqual([
      {
        actionId: 'b70968ca-eda9-47ae-8811-26fd1ab733f8',
        action: 'authorize',
        status: 'completed',
        amountMinor: 10050,
        date: '2022-11-28T13:42:40.668439Z',
        channel: 'public_api',
      },
      {
        actionId: 'a89b872a-9700-4025-b3fb-047cbba7a5e6',
        action: 'refund',
        status: 'completed',
        amountMinor: 10050,
        date: '2022-11-28T13:58:03.427939Z',
        channel: 'business_manager',
      },
    ]);
    expect(r.raw).toBe(documented);
  });

  it('tolerates unknown fields, numbers for amounts, a new status and missing optional parts', () => {
    const r = parseReceipt({
      order_id: 'x',
      order_status: { key: 'some_new_status' },
      purchase_units: { request_amount: 12.3 },
      something_new: { nested: true },
    });
    expect(r).toMatchObject({
      orderId: 'x',
      status: 'some_new_status',
      requestAmountMinor: 1230,
      transferAmountMinor: 0,
      refundAmountMinor: 0,
      payment: null,
      actions: [],
      externalOrderId: null,
    });
    expect(r.raw.something_new).toEqual({ nested: true });
  });

  it('refuses a receipt without an order id or status, or with an amount of three decimals', () => {
    expect(() => parseReceipt({ order_status: { key: 'created' }, purchase_units: { request_amount: '1' } })).toThrow(
      BogProtocolError,
    );
    expect(() => parseReceipt({ order_id: 'x', purchase_units: { request_amount: '1' } })).toThrow(/order_status/);
    expect(() =>
      parseReceipt({ order_id: 'x', order_status: { key: 'created' }, purchase_units: { request_amount: '1.005' } }),
    ).toThrow(/request_amount/);
    expect(() => parseReceipt('not an object')).toThrow(BogProtocolError);
  });
});

describe('parseCallback', () => {
  it('reads the event, the request time and the receipt from the raw body', () => {
    const raw = JSON.stringify({
      event: 'order_payment',
      zoned_request_time: '2022-11-23T18:06:37.240559Z',
      body: documented,
    });
    const parsed = parseCallback(Buffer.from(raw));
    expect(parsed.event).toBe('order_payment');
    expect(parsed.zonedRequestTime).toBe('2022-11-23T18:06:37.240559Z');
    expect(parsed.receipt.orderId).toBe(documented.order_id);
  });

  it('refuses a body that is not JSON or has no receipt', () => {
    expect(() => parseCallback('{oops')).toThrow(BogProtocolError);
    expect(() => parseCallback(JSON.stringify({ event: 'order_payment', body: {} }))).toThrow(BogProtocolError);
    const error = (() => {
      try {
        parseCallback('plain text');
      } catch (e) {
        return e as BogProtocolError;
      }
    })();
    expect(error?.bodyText).toBe('plain text');
  });
});
