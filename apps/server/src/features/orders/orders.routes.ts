import { orderListQuery, orderListResponse } from '@app/shared/orders/order.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { OrdersService } from './orders.service.ts';

export function ordersRoutes(deps: { orders: OrdersService; guards: Guards }) {
  const { orders, guards } = deps;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
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
  };
}
