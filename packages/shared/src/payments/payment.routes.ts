// The payments' endpoints (issue 22 §4), described once for the server and the browser. The bank's callback is not
// one of them: its body is read raw for the signature (apps/server/src/features/payments/payments.routes.ts).
import { z } from 'zod';
import { okResponse } from '../auth/auth.schemas.ts';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { addCardInput, paymentDto, savedCardListResponse, startPaymentInput } from './payment.schemas.ts';

export const orderMoneyDto = z.object({
  orderId: z.string(),
  heldMinor: z.number().int(),
  releasedMinor: z.number().int(),
  capturedMinor: z.number().int(),
  refundedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  stillHeldMinor: z.number().int(),
});

export const reconciliationDto = z.object({
  checked: z.number().int(),
  unreadable: z.number().int(),
  differences: z.array(z.object({ paymentId: z.string(), field: z.string(), ours: z.unknown(), bank: z.unknown() })),
  /** Bank statuses we cannot place (issue 25 §1.3): a person checks these at the bank. */
  alerts: z.array(z.object({ paymentId: z.string(), providerStatus: z.string(), message: z.string() })),
  totals: z.object({
    heldMinor: z.number().int(),
    releasedMinor: z.number().int(),
    capturedMinor: z.number().int(),
    refundedMinor: z.number().int(),
  }),
});

export const paymentRoutes = {
  startOrderPayment: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/payments',
    params: idParam,
    body: startPaymentInput,
    response: { 201: paymentDto },
    tags: ['payments'],
    summary: 'Start & Pay: pre-authorise the order on a saved card or a new card (the bank decides; poll the payment)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/payments/:id',
    params: idParam,
    response: { 200: paymentDto },
    tags: ['payments'],
    summary: "One of the caller's payments: where the bank's decision stands",
  }),
  cards: defineRoute({
    method: 'GET',
    path: '/api/saved-cards',
    response: { 200: savedCardListResponse },
    tags: ['payments'],
    summary: 'The caller’s saved cards, newest first',
  }),
  addCard: defineRoute({
    method: 'POST',
    path: '/api/saved-cards',
    body: addCardInput,
    response: { 201: paymentDto },
    tags: ['payments'],
    summary: 'Add a card: a 1 GEL hold on the bank’s card page, released as soon as the card is saved',
  }),
  removeCard: defineRoute({
    method: 'DELETE',
    path: '/api/saved-cards/:id',
    params: idParam,
    response: { 200: okResponse },
    tags: ['payments'],
    summary: 'Remove a saved card (deleted at the bank, then here)',
  }),
  orderMoney: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/money',
    params: idParam,
    response: { 200: orderMoneyDto },
    tags: ['admin'],
    summary: 'An order’s money from the ledger: held, released, captured, refunded, paid out',
  }),
  reconciliation: defineRoute({
    method: 'GET',
    path: '/api/admin/payments/reconciliation',
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
    response: { 200: reconciliationDto },
    tags: ['admin'],
    summary: 'Our ledger against the bank’s receipts, newest provider orders first (differences expected: none)',
  }),
} as const;
