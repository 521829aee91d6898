import type { okResponse } from '@app/shared/auth/auth.schemas';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { ORDER_TRANSITIONS, type OrderTransition } from '@app/shared/orders/order-machine';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderLifecycle } from './order-lifecycle.service.ts';
import type { OrdersService } from './orders.service.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;

/** The people the machine lets start a transition: the route admits exactly those roles (the service re-checks). */
const peopleFor = (name: OrderTransition) =>
  (ORDER_TRANSITIONS[name].actor as readonly string[]).filter((a): a is Actor['role'] => a !== 'system');

export function ordersRoutes(deps: { orders: OrdersService; lifecycle: OrderLifecycle; guards: Guards }) {
  const { orders, lifecycle, guards } = deps;
  const may = (name: OrderTransition) => guards.requireRole(...peopleFor(name));
  return async (app: FastifyInstance) => {
    // Spec §2: the Orders page is for influencers only; clients see their orders on the campaign.
    serve(app, orderRoutes.list, { preHandler: guards.requireRole('influencer') }, async (req) =>
      orders.listForInfluencer(actorOf(req), req.query),
    );

    // The work lifecycle: each answers 409 when the order is not in a state the transition starts from, 404 when it
    // is not the caller's, 403 when the caller's role may not start it.
    const t = orderTransitionRoutes;
    serve(app, t.startWork, { preHandler: may('startWork') }, async (req) => {
      await lifecycle.startWork(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.submitWork, { preHandler: may('submitWork') }, async (req) => {
      await lifecycle.submitWork(actorOf(req), req.params.id, req.body);
      return ok;
    });
    serve(app, t.approve, { preHandler: may('approve') }, async (req) => {
      await lifecycle.approve(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.rejectWork, { preHandler: may('rejectWork') }, async (req) => {
      await lifecycle.rejectWork(actorOf(req), req.params.id, req.body);
      return ok;
    });
    serve(app, t.cancel, { preHandler: may('cancel') }, async (req) => {
      await lifecycle.cancel(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.refund, { preHandler: may('refund') }, async (req) => {
      await lifecycle.refund(actorOf(req), req.params.id, req.body);
      return ok;
    });

    serve(app, orderRoutes.rate, { preHandler: guards.requireRole('client', 'influencer') }, async (req, reply) =>
      reply.code(201).send(await lifecycle.rate(actorOf(req), req.params.id, req.body)),
    );
  };
}
