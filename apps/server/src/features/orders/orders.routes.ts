import { okResponse } from '@app/shared/auth/auth.schemas';
import {
  adminRefundInput,
  orderListQuery,
  orderListResponse,
  rateInput,
  rejectWorkInput,
  submitWorkInput,
} from '@app/shared/orders/order.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { OrderLifecycle } from './order-lifecycle.service.ts';
import type { OrdersService } from './orders.service.ts';

const params = z.object({ id: z.uuid('Not a valid id') });
const ratingResponse = z.object({ rating: z.number().int(), comment: z.string().nullable() });

export function ordersRoutes(deps: { orders: OrdersService; lifecycle: OrderLifecycle; guards: Guards }) {
  const { orders, lifecycle, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/orders',
      {
        // Spec §2: the Orders page is for influencers only; clients see their orders on the campaign.
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['orders'],
          summary: 'The caller’s orders newest first, with campaign and client (keyset pages)',
          querystring: orderListQuery,
          response: { 200: orderListResponse },
        },
      },
      async (req) => orders.listForInfluencer(actorOf(req), req.query),
    );

    // The work lifecycle: each answers 409 'Order not found or permission denied' when the order is not in the state
    // the transition starts from, 404 when it is not the caller's.
    r.post(
      '/api/orders/:id/start',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['orders'],
          summary: 'Start Work (the order’s influencer, once it is paid)',
          params,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.startWork(actorOf(req), req.params.id);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/orders/:id/approve',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['orders'],
          summary: 'Approve the delivered work: the hold is captured first, then the order is approved and done',
          params,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.approve(actorOf(req), req.params.id);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/orders/:id/submit',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['orders'],
          summary: 'Submit Work: the proof link and notes; opens the client’s review window',
          params,
          body: submitWorkInput,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.submitWork(actorOf(req), req.params.id, req.body);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/orders/:id/reject',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['orders'],
          summary: 'Send the work back with feedback; the influencer works on and submits again',
          params,
          body: rejectWorkInput,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.rejectWork(actorOf(req), req.params.id, req.body);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/orders/:id/cancel',
      {
        preHandler: guards.requireRole('client', 'admin'),
        schema: {
          tags: ['orders'],
          summary: 'Cancel before work starts: the hold is released and the campaign reopens',
          params,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.cancel(actorOf(req), req.params.id);
        return { ok: true as const };
      },
    );

    r.post(
      '/api/orders/:id/rating',
      {
        preHandler: guards.requireRole('client', 'influencer'),
        schema: {
          tags: ['orders'],
          summary: 'Rate the other party of an approved order, once',
          params,
          body: rateInput,
          response: { 201: ratingResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await lifecycle.rate(actorOf(req), req.params.id, req.body)),
    );

    r.post(
      '/api/admin/orders/:id/refund',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Settle a dispute after work started: all or part of the money back to the client',
          params,
          body: adminRefundInput,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await lifecycle.refund(actorOf(req), req.params.id, req.body);
        return { ok: true as const };
      },
    );
  };
}
