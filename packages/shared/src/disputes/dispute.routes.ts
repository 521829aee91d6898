// The disputes' reads (issue 23 §1, §3). Opening, withdrawing and deciding one are transitions of the order machine,
// with their addresses in orders/order.routes.ts.
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import {
  adminDisputeDetail,
  adminDisputeListResponse,
  adminDisputeQuery,
  orderDisputesResponse,
} from './dispute.schemas.ts';

export const disputeRoutes = {
  ofOrder: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/disputes',
    params: idParam,
    response: { 200: orderDisputesResponse },
    tags: ['disputes'],
    summary: 'The order’s disputes, newest first (its parties and admins)',
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/disputes',
    query: adminDisputeQuery,
    response: { 200: adminDisputeListResponse },
    tags: ['admin', 'disputes'],
    summary: 'The disputes queue: open first, oldest first',
  }),
  adminDetail: defineRoute({
    method: 'GET',
    path: '/api/admin/disputes/:id',
    params: idParam,
    response: { 200: adminDisputeDetail },
    tags: ['admin', 'disputes'],
    summary: 'One dispute with the order’s evidence (proof, notes, feedback, chat)',
  }),
} as const;
