import { adminRoutes as routes } from '@app/shared/admin/admin.routes';
import type { okResponse } from '@app/shared/auth/auth.schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { AdminService } from './admin.service.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;

/** The admin console: admins only (401 signed out, 403 anyone else); the service does the rest. */
export function adminRoutes(deps: { admin: AdminService; guards: Guards }) {
  const { admin, guards } = deps;
  const preHandler = guards.requireRole('admin');
  return async (app: FastifyInstance) => {
    serve(app, routes.people, { preHandler }, async (req) => admin.listPeople(req.query));
    serve(app, routes.person, { preHandler }, async (req) => admin.person(req.params.id));
    serve(app, routes.deactivate, { preHandler }, async (req) => {
      await admin.deactivate(actorOf(req), req.params.id, req.body.reason);
      return ok;
    });
    serve(app, routes.reactivate, { preHandler }, async (req) => {
      await admin.reactivate(actorOf(req), req.params.id, req.body.reason);
      return ok;
    });
    serve(app, routes.resendVerification, { preHandler }, async (req) => {
      await admin.resendVerification(actorOf(req), req.params.id, req.body.reason);
      return ok;
    });
    serve(app, routes.unlockSignIn, { preHandler }, async (req) => {
      await admin.unlockSignIn(actorOf(req), req.params.id, req.body.reason);
      return ok;
    });
    serve(app, routes.resetSocial, { preHandler }, async (req) => {
      await admin.resetSocial(actorOf(req), req.params.id, req.body.platform, req.body.reason);
      return ok;
    });

    serve(app, routes.orders, { preHandler }, async (req) => admin.listOrders(req.query));
    serve(app, routes.order, { preHandler }, async (req) => admin.order(req.params.id));
    serve(app, routes.cancelOrder, { preHandler }, async (req) => {
      await admin.cancelOrder(actorOf(req), req.params.id, req.body.reason);
      return ok;
    });

    serve(app, routes.money, { preHandler }, async (req) => admin.money(req.query.months));
  };
}
