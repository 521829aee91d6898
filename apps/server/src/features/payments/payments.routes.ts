import { okResponse } from '@app/shared/auth/auth.schemas';
import {
  addCardInput,
  paymentDto,
  savedCardListResponse,
  startPaymentInput,
} from '@app/shared/payments/payment.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import type { PaymentsService } from './payments.service.ts';

const idParam = z.object({ id: z.uuid('Not a valid id') });

/**
 * The bank's callback is a receipt (≈1.5 KB from the emulator, a few KB with many actions or basket lines; research
 * §1.8): 16 KB leaves a wide margin, and bounds what an unsigned request makes us read and verify.
 */
export const CALLBACK_BODY_LIMIT = 16 * 1024;

const orderMoney = z.object({
  orderId: z.string(),
  heldMinor: z.number().int(),
  releasedMinor: z.number().int(),
  capturedMinor: z.number().int(),
  refundedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  stillHeldMinor: z.number().int(),
});

const reconciliation = z.object({
  checked: z.number().int(),
  unreadable: z.number().int(),
  differences: z.array(z.object({ paymentId: z.string(), field: z.string(), ours: z.unknown(), bank: z.unknown() })),
  totals: z.object({
    heldMinor: z.number().int(),
    releasedMinor: z.number().int(),
    capturedMinor: z.number().int(),
    refundedMinor: z.number().int(),
  }),
});

/**
 * A person may open this many attempts an hour on each of Start & Pay and Add card (issue 21 §5.2: a script opened
 * an order at the bank per request); counted per person after the auth guard, in PostgreSQL, across instances.
 */
const perPersonPerHour = (max: number, what: string) => ({
  max,
  timeWindow: 60 * 60_000,
  ...perUser,
  errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => {
    const minutes = Math.max(1, Math.ceil(ctx.ttl / 60_000));
    return {
      statusCode: 429,
      message: `Too many ${what} in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    };
  },
});

export function paymentsRoutes(deps: {
  payments: PaymentsService;
  guards: Guards;
  /** Attempts per person per hour for each of Start & Pay and Add card (scaled by RATE_LIMIT_MULTIPLIER). */
  attemptsPerHour: number;
}) {
  const { payments, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/orders/:id/payments',
      {
        preHandler: guards.requireRole('client'),
        config: { rateLimit: perPersonPerHour(deps.attemptsPerHour, 'payment attempts') },
        schema: {
          tags: ['payments'],
          summary:
            'Start & Pay: pre-authorise the order on a saved card or a new card (the bank decides; poll the payment)',
          params: idParam,
          body: startPaymentInput,
          response: { 201: paymentDto },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await payments.startOrderPayment(actorOf(req), req.params.id, req.body)),
    );

    r.get(
      '/api/payments/:id',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['payments'],
          summary: "One of the caller's payments: where the bank's decision stands",
          params: idParam,
          response: { 200: paymentDto },
        },
      },
      async (req) => payments.get(actorOf(req), req.params.id),
    );

    r.get(
      '/api/saved-cards',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['payments'],
          summary: 'The caller’s saved cards, newest first',
          response: { 200: savedCardListResponse },
        },
      },
      async (req) => ({ items: await payments.cards(actorOf(req)) }),
    );

    r.post(
      '/api/saved-cards',
      {
        preHandler: guards.requireRole('client'),
        config: { rateLimit: perPersonPerHour(deps.attemptsPerHour, 'attempts to add a card') },
        schema: {
          tags: ['payments'],
          summary: 'Add a card: a 1 GEL hold on the bank’s card page, released as soon as the card is saved',
          body: addCardInput,
          response: { 201: paymentDto },
        },
      },
      async (req, reply) => reply.code(201).send(await payments.startAddCard(actorOf(req), req.body.lang)),
    );

    r.delete(
      '/api/saved-cards/:id',
      {
        preHandler: guards.requireRole('client'),
        schema: {
          tags: ['payments'],
          summary: 'Remove a saved card (deleted at the bank, then here)',
          params: idParam,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await payments.removeCard(actorOf(req), req.params.id);
        return { ok: true as const };
      },
    );

    r.get(
      '/api/admin/orders/:id/money',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'An order’s money from the ledger: held, released, captured, refunded, paid out',
          params: idParam,
          response: { 200: orderMoney },
        },
      },
      async (req) => payments.orderMoney(req.params.id),
    );

    r.get(
      '/api/admin/payments/reconciliation',
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Our ledger against the bank’s receipts, newest provider orders first (differences expected: none)',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
          response: { 200: reconciliation },
        },
      },
      async (req) => payments.reconciliationReport(req.query.limit),
    );

    // The bank's callbacks: the signature covers the exact bytes, so this scope reads the body raw.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
      scope.post(
        '/api/payments/bog/callback',
        {
          bodyLimit: CALLBACK_BODY_LIMIT,
          config: { rateLimit: { max: 600, timeWindow: 60_000 } },
          schema: {
            tags: ['payments'],
            summary: 'Bank of Georgia callback (signed SHA256withRSA; unsigned or tampered ones are refused)',
            hide: false,
          },
        },
        async (req, reply) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
          const header = req.headers['callback-signature'];
          const { status } = await payments.handleCallback(raw, Array.isArray(header) ? header[0] : header, req.ip);
          if (status === 200) return reply.code(200).send({ ok: true });
          return reply.code(status).send({
            error: {
              code: status === 401 ? 'CALLBACK_SIGNATURE_INVALID' : 'CALLBACK_UNREADABLE',
              message:
                status === 401
                  ? 'The callback signature is missing or does not match.'
                  : 'The callback body is not a payment receipt.',
            },
          });
        },
      );
    });
  };
}
