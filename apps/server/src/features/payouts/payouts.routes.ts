import { ibanResponse, saveIbanInput } from '@app/shared/payouts/iban';
import {
  earningsResponse,
  payoutBatchDetail,
  payoutBatchList,
  payoutBatchListQuery,
  runPayoutsResponse,
} from '@app/shared/payouts/payout.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import type { PayoutsService } from './payouts.service.ts';

const idParam = z.object({ id: z.uuid('Not a valid id') });

export function payoutsRoutes(deps: { payouts: PayoutsService; guards: Guards }) {
  const { payouts, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/me/iban',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['payouts'],
          summary: 'The IBAN payouts go to (null until saved)',
          response: { 200: ibanResponse },
        },
      },
      async (req) => payouts.getIban(actorOf(req)),
    );

    r.put(
      '/api/me/iban',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['payouts'],
          summary: 'Save the IBAN payouts go to: spaces stripped, uppercased, country format and check digits checked',
          body: saveIbanInput,
          response: { 200: ibanResponse },
        },
      },
      async (req) => payouts.saveIban(actorOf(req), req.body.iban),
    );

    r.get(
      '/api/me/earnings',
      {
        preHandler: guards.requireRole('influencer'),
        schema: {
          tags: ['payouts'],
          summary: 'Paid out, pending payout and in review, with the last six months',
          response: { 200: earningsResponse },
        },
      },
      async (req) => payouts.earnings(actorOf(req)),
    );

    r.get(
      '/api/admin/payouts',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Payout batches, newest first, with their totals',
          querystring: payoutBatchListQuery,
          response: { 200: payoutBatchList },
        },
      },
      async (req) => payouts.list(req.query),
    );

    r.post(
      '/api/admin/payouts',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Run the monthly payout now: a batch of every approved order not yet paid out',
          response: { 200: runPayoutsResponse },
        },
      },
      async (req) => payouts.run('admin', actorOf(req).userId),
    );

    r.get(
      '/api/admin/payouts/:id',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'A batch: each influencer’s payout with its orders and totals',
          params: idParam,
          response: { 200: payoutBatchDetail },
        },
      },
      async (req) => payouts.detail(req.params.id),
    );

    r.get(
      '/api/admin/payouts/:id/transfers.csv',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'The bank transfer file: IBAN, name, amount in GEL, purpose',
          params: idParam,
        },
      },
      async (req, reply) => {
        const file = await payouts.transferFile(req.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.csv);
      },
    );

    r.post(
      '/api/admin/payouts/:id/paid',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Mark a batch paid (once): ledger entries and a statement mail to each influencer',
          params: idParam,
          response: { 200: payoutBatchDetail },
        },
      },
      async (req) => payouts.markPaid(actorOf(req), req.params.id),
    );
  };
}
