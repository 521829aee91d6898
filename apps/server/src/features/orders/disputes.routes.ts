import type { okResponse } from '@app/shared/auth/auth.schemas';
import { disputeRoutes } from '@app/shared/disputes/dispute.routes';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { ORDER_TRANSITIONS, type OrderTransition } from '@app/shared/orders/order-machine';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderDisputes } from './order-disputes.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;
const peopleFor = (name: OrderTransition) =>
  (ORDER_TRANSITIONS[name].actor as readonly string[]).filter((a): a is Actor['role'] => a !== 'system');

/** Disputes (issue 23 §1): opening, withdrawing and deciding one are the machine's transitions; the rest are reads. */
export function disputesRoutes(deps: { disputes: OrderDisputes; guards: Guards }) {
  const { disputes, guards } = deps;
  const may = (name: OrderTransition) => guards.requireRole(...peopleFor(name));
  const t = orderTransitionRoutes;
  return async (app: FastifyInstance) => {
    serve(app, t.openDispute, { preHandler: may('openDispute') }, async (req) => {
      await disputes.open(actorOf(req), req.params.id, req.body);
      return ok;
    });
    serve(app, t.withdrawDispute, { preHandler: may('withdrawDispute') }, async (req) => {
      await disputes.withdraw(actorOf(req), req.params.id);
      return ok;
    });
    serve(app, t.resolveRelease, { preHandler: may('resolveRelease') }, async (req) => {
      await disputes.resolve(actorOf(req), req.params.id, 'release', req.body);
      return ok;
    });
    serve(app, t.resolveRefund, { preHandler: may('resolveRefund') }, async (req) => {
      await disputes.resolve(actorOf(req), req.params.id, 'refund', req.body);
      return ok;
    });
    serve(app, t.resolveSplit, { preHandler: may('resolveSplit') }, async (req) => {
      await disputes.resolve(actorOf(req), req.params.id, 'split', req.body);
      return ok;
    });

    serve(app, disputeRoutes.ofOrder, { preHandler: guards.requireRole('client', 'influencer', 'admin') }, (req) =>
      disputes.ofOrder(actorOf(req), req.params.id),
    );
    serve(app, disputeRoutes.adminList, { preHandler: guards.requireRole('admin') }, (req) =>
      disputes.adminList(req.query.status),
    );
    serve(app, disputeRoutes.adminDetail, { preHandler: guards.requireRole('admin') }, (req) =>
      disputes.adminDetail(req.params.id),
    );
  };
}
