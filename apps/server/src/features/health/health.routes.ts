import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListenerState } from '../../db/listener.ts';

const checks = z.object({
  /** Answers a query. */
  database: z.enum(['up', 'down']),
  /**
   * The LISTEN connection that carries realtime events, cache invalidations and job wake-ups between instances
   * (db/listener.ts): `down` while it reconnects. `idle` (nobody listens) and PGlite's in-process one count as up.
   */
  listener: z.enum(['up', 'down', 'idle']),
});

/**
 * `ok`, or `degraded` (200: this instance still serves every request, but live events, the caches and job wake-ups
 * pause until the listener is back, which it does by itself) naming the part in `checks`, or `unavailable` (503: the
 * database does not answer; a balancer should send requests elsewhere).
 */
export function healthRoutes(deps: { ping: () => Promise<void>; engine: string; listener?: () => ListenerState }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness, database reachability and the state of the realtime listener',
          response: {
            200: z.object({ status: z.enum(['ok', 'degraded']), database: z.string(), checks }),
            503: z.object({ status: z.literal('unavailable'), database: z.string(), checks }),
          },
        },
      },
      async (req, reply) => {
        const listener = deps.listener?.() ?? 'up';
        try {
          await deps.ping();
        } catch (err) {
          req.log.warn({ err }, 'health: database unreachable');
          return reply
            .code(503)
            .send({ status: 'unavailable' as const, database: deps.engine, checks: { database: 'down', listener } });
        }
        return {
          status: listener === 'down' ? ('degraded' as const) : ('ok' as const),
          database: deps.engine,
          checks: { database: 'up' as const, listener },
        };
      },
    );
  };
}
