import { paymentRoutes } from '@app/shared/payments/payment.routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * The bank's callback is a receipt (≈1.5 KB from the emulator, a few KB with many actions or basket lines; research
 * §1.8): 16 KB leaves a wide margin, and bounds what an unsigned request makes us read and verify.
 */
export const CALLBACK_BODY_LIMIT = 16 * 1024;

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
    const p = paymentRoutes;
    serve(
      app,
      p.startOrderPayment,
      {
        preHandler: guards.requireRole('client'),
        config: { rateLimit: perPersonPerHour(deps.attemptsPerHour, 'payment attempts') },
      },
      async (req, reply) =>
        reply.code(201).send(await payments.startOrderPayment(actorOf(req), req.params.id, req.body)),
    );
    serve(app, p.get, { preHandler: guards.requireAuth }, async (req) => payments.get(actorOf(req), req.params.id));
    serve(app, p.cards, { preHandler: guards.requireRole('client') }, async (req) => ({
      items: await payments.cards(actorOf(req)),
    }));
    serve(
      app,
      p.addCard,
      {
        preHandler: guards.requireRole('client'),
        config: { rateLimit: perPersonPerHour(deps.attemptsPerHour, 'attempts to add a card') },
      },
      async (req, reply) => reply.code(201).send(await payments.startAddCard(actorOf(req), req.body.lang)),
    );
    serve(app, p.removeCard, { preHandler: guards.requireRole('client') }, async (req) => {
      await payments.removeCard(actorOf(req), req.params.id);
      return { ok: true as const };
    });
    serve(app, p.orderMoney, { preHandler: guards.requireRole('admin') }, async (req) =>
      payments.orderMoney(req.params.id),
    );
    serve(app, p.reconciliation, { preHandler: guards.requireRole('admin') }, async (req) =>
      payments.reconciliationReport(req.query.limit),
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
