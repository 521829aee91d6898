import { adminPayoutRoutes as admin, payoutRoutes } from '@app/shared/payouts/payout.routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { serve } from '../../lib/route.ts';
import type { PayoutsService } from './payouts.service.ts';

export function payoutsRoutes(deps: { payouts: PayoutsService; guards: Guards }) {
  const { payouts, guards } = deps;
  const influencer = guards.requireRole('influencer');
  const isAdmin = guards.requireRole('admin');
  return async (app: FastifyInstance) => {
    serve(app, payoutRoutes.iban, { preHandler: influencer }, async (req) => payouts.getIban(actorOf(req)));
    serve(app, payoutRoutes.saveIban, { preHandler: influencer }, async (req) =>
      payouts.saveIban(actorOf(req), req.body.iban),
    );
    serve(app, payoutRoutes.earnings, { preHandler: influencer }, async (req) => payouts.earnings(actorOf(req)));

    serve(app, admin.list, { preHandler: isAdmin }, async (req) => payouts.list(req.query));
    serve(app, admin.run, { preHandler: isAdmin }, async (req) => payouts.run('admin', actorOf(req).userId));
    serve(app, admin.detail, { preHandler: isAdmin }, async (req) => payouts.detail(req.params.id));

    // A CSV file, not JSON: no response schema.
    const file = admin.transferFile;
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        file.path,
        { preHandler: isAdmin, schema: { tags: file.tags, summary: file.summary, params: file.params } },
        async (req, reply) => {
          const { filename, csv } = await payouts.transferFile(req.params.id);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${filename}"`)
            .header('cache-control', 'no-store')
            .send(csv);
        },
      );

    serve(app, admin.markPaid, { preHandler: isAdmin }, async (req) => payouts.markPaid(actorOf(req), req.params.id));
  };
}
