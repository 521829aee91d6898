import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function healthRoutes(deps: { ping: () => Promise<void>; engine: string }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string() }),
            503: z.object({ status: z.literal('unavailable'), database: z.string() }),
          },
        },
      },
      async (req, reply) => {
        try {
          await deps.ping();
          return { status: 'ok' as const, database: deps.engine };
        } catch (err) {
          req.log.error({ err }, 'health: database unreachable');
          return reply.code(503).send({ status: 'unavailable' as const, database: deps.engine });
        }
      },
    );
  };
}
