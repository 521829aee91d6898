// The orders' endpoints (issue 22 §4). A transition's address is its name in the order machine, in kebab case:
// `startWork` is POST /api/orders/:id/start-work (order.routes.test.ts holds every transition to it). Who may call
// one is not written here: the server admits the machine's actors for it (ORDER_TRANSITIONS).

import { z } from 'zod';
import { okResponse } from '../auth/auth.schemas.ts';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import { openDisputeInput, resolveDisputeInput, resolveSplitInput } from '../disputes/dispute.schemas.ts';
import { orderCancelProposalsResponse, proposeCancelInput } from './cancel-agreement.schemas.ts';
import {
  adminRefundInput,
  orderListQuery,
  orderListResponse,
  rateInput,
  rejectWorkInput,
  submitWorkInput,
} from './order.schemas.ts';

export const ratingResponse = z.object({ rating: z.number().int(), comment: z.string().nullable() });

/** The transitions a person starts over HTTP; `pay` and the machine's own steps (`lapse`) have no address. */
export const orderTransitionRoutes = {
  startWork: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/start-work',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Start Work (the order’s influencer, once it is paid)',
  }),
  submitWork: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/submit-work',
    params: idParam,
    body: submitWorkInput,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Submit Work: the proof link and notes; opens the client’s review window',
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/approve',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Approve the delivered work: the hold is captured first, then the order is approved and done',
  }),
  rejectWork: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/reject-work',
    params: idParam,
    body: rejectWorkInput,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Send the work back with feedback; the influencer works on and submits again',
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Cancel before work starts: the hold is released and the campaign reopens',
  }),
  refund: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    params: idParam,
    body: adminRefundInput,
    response: { 200: okResponse },
    tags: ['admin'],
    summary: 'Settle a dispute after work started: all or part of the money back to the client',
  }),
  openDispute: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/open-dispute',
    params: idParam,
    body: openDisputeInput,
    response: { 200: okResponse },
    tags: ['disputes'],
    summary: 'Open a dispute (either party, paid and not approved, after work started): the review window stops',
  }),
  withdrawDispute: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/withdraw-dispute',
    params: idParam,
    response: { 200: okResponse },
    tags: ['disputes'],
    summary: 'Withdraw the dispute the caller opened: the order is where it stood before',
  }),
  resolveRelease: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/resolve-release',
    params: idParam,
    body: resolveDisputeInput,
    response: { 200: okResponse },
    tags: ['admin', 'disputes'],
    summary: 'Decide a dispute for the influencer: the hold is captured in full',
  }),
  resolveRefund: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/resolve-refund',
    params: idParam,
    body: resolveDisputeInput,
    response: { 200: okResponse },
    tags: ['admin', 'disputes'],
    summary: 'Decide a dispute for the client: the whole hold goes back to the card',
  }),
  resolveSplit: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/resolve-split',
    params: idParam,
    body: resolveSplitInput,
    response: { 200: okResponse },
    tags: ['admin', 'disputes'],
    summary: 'Split a dispute: the influencer’s part is captured, the rest of the hold released',
  }),
  proposeCancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/propose-cancel',
    params: idParam,
    body: proposeCancelInput,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Propose to cancel by agreement after work started, with the influencer’s part for the work done',
  }),
  withdrawCancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/withdraw-cancel',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Withdraw the cancellation the caller proposed',
  }),
  declineCancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/decline-cancel',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Decline the other party’s cancellation proposal: the order goes on',
  }),
  acceptCancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/accept-cancel',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Accept the other party’s proposal: the agreed part is captured, the rest of the hold released',
  }),
  cancelAfterDeadline: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/cancel-after-deadline',
    params: idParam,
    response: { 200: okResponse },
    tags: ['orders'],
    summary: 'Cancel once the campaign’s deadline passed with no work submitted: the whole hold is released',
  }),
} as const;

export const orderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/orders',
    query: orderListQuery,
    response: { 200: orderListResponse },
    tags: ['orders'],
    summary: 'The caller’s orders newest first, with campaign and client (keyset pages)',
  }),
  cancelProposals: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/cancel-proposals',
    params: idParam,
    response: { 200: orderCancelProposalsResponse },
    tags: ['orders'],
    summary: 'The order’s cancellation proposals, newest first (its parties and admins)',
  }),
  rate: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/rating',
    params: idParam,
    body: rateInput,
    response: { 201: ratingResponse },
    tags: ['orders'],
    summary: 'Rate the other party of an approved order, once',
  }),
} as const;
