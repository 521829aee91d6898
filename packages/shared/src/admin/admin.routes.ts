// The admin console's endpoints (issue 23 §3). Admins only: every one answers 401 signed out and 403 to anyone else.
// An order's refund is the order machine's own route (orderTransitionRoutes.refund); its money and the
// reconciliation report are the payments feature's (paymentRoutes.orderMoney, paymentRoutes.reconciliation).
import { okResponse } from '../auth/auth.schemas.ts';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import {
  adminOrderDetail,
  adminOrdersPage,
  adminOrdersQuery,
  adminPeoplePage,
  adminPersonDetail,
  adminReasonInput,
  moneyQuery,
  moneyResponse,
  peopleQuery,
  personIdParam,
  resetSocialInput,
} from './admin.schemas.ts';

const personAction = (path: string, summary: string) =>
  defineRoute({
    method: 'POST',
    path: `/api/admin/people/:id/${path}`,
    params: personIdParam,
    body: adminReasonInput,
    response: { 200: okResponse },
    tags: ['admin'],
    summary,
  });

export const adminRoutes = {
  people: defineRoute({
    method: 'GET',
    path: '/api/admin/people',
    query: peopleQuery,
    response: { 200: adminPeoplePage },
    tags: ['admin'],
    summary: 'People, newest first: search by name or e-mail, filter by role, active, verified, onboarded',
  }),
  person: defineRoute({
    method: 'GET',
    path: '/api/admin/people/:id',
    params: personIdParam,
    response: { 200: adminPersonDetail },
    tags: ['admin'],
    summary: 'A person: profile, social accounts, orders, payments, ratings, support chats, sign-in lock, history',
  }),
  deactivate: personAction('deactivate', 'Deactivate an account (with the reason for the record)'),
  reactivate: personAction('reactivate', 'Reactivate a deactivated account'),
  resendVerification: personAction('resend-verification', 'Mail the account a new e-mail verification link'),
  unlockSignIn: personAction('unlock-sign-in', 'Lift the sign-in lock that wrong passwords put on the account'),
  resetSocial: defineRoute({
    method: 'POST',
    path: '/api/admin/people/:id/reset-social',
    params: personIdParam,
    body: resetSocialInput,
    response: { 200: okResponse },
    tags: ['admin'],
    summary: 'Reset one platform’s verification: the influencer verifies it anew',
  }),
  orders: defineRoute({
    method: 'GET',
    path: '/api/admin/orders',
    query: adminOrdersQuery,
    response: { 200: adminOrdersPage },
    tags: ['admin'],
    summary: 'Orders, newest first: search, filter by stage, campaign, party and amount',
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id',
    params: idParam,
    response: { 200: adminOrderDetail },
    tags: ['admin'],
    summary: 'An order: its history (who, when, what), payments, ledger, the bank’s receipt, chat, admin actions',
  }),
  cancelOrder: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/cancel',
    params: idParam,
    body: adminReasonInput,
    response: { 200: okResponse },
    tags: ['admin'],
    summary: 'Cancel an order before work starts (the machine’s cancel, with the reason in its history)',
  }),
  money: defineRoute({
    method: 'GET',
    path: '/api/admin/money',
    query: moneyQuery,
    response: { 200: moneyResponse },
    tags: ['admin'],
    summary: 'The ledger by month: held, released, captured, refunded, paid out, commission',
  }),
} as const;
