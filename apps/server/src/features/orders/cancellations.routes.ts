import type { okResponse } from '@app/shared/auth/auth.schemas';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { ORDER_TRANSITIONS, type OrderTransition } from '@app/shared/orders/order-machine';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderCancellations } from './order-cancellations.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;
const peopleFor = (name: OrderTransition) =>
  (ORDER_TRANSITIONS[name].actor as readonly string[]).filter((a): a is Actor['role'] => a !== 'system');

/**
 * Recourse after work started (issue 23 §2): proposing, withdrawing, declining and accepting a cancellation, and the
 * client's cancellation after the deadline, are the machine's transitions; the proposals are a read.
 */
export function cancellationsRoutes(deps: { cancellations: OrderCancellations; guards: Guards }) {
  const { cancellations: c, guards } = deps;
  const may = (name: OrderTransition) => guards.requireRole(...peopleFor(name));
  const t = orderTransitionRoutes;
  return async (app: FastifyInstance) => {
    serve(app, t.proposeCancel, { preHandler: may('proposeCancel') }, async (req) => {
      await c.propose(actorOf(req), req.params.id, req.body);
      return ok;
    });
    serve(app, t.withdrawCancel, { preHandler: may('withdrawCancel') }, async (req) => {
      await c.withdraw(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.declineCancel, { preHandler: may('declineCancel') }, async (req) => {
      await c.decline(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.acceptCancel, { preHandler: may('acceptCancel') }, async (req) => {
      await c.accept(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.cancelAfterDeadline, { preHandler: may('cancelAfterDeadline') }, async (req) => {
      await c.cancelAfterDeadline(actorOf(req), req.params.id);
      return ok;
    });
    serve(
      app,
      orderRoutes.cancelProposals,
      { preHandler: guards.requireRole('client', 'influencer', 'admin') },
      (req) => c.ofOrder(actorOf(req), req.params.id),
    );
  };
}
