import { healthRoutes as routes } from '@app/shared/health/health.routes';
import type { FastifyInstance } from 'fastify';
import type { ListenerState } from '../../db/listener.ts';
import { serve } from '../../lib/route.ts';

/** The answers are described in packages/shared/src/health/health.routes.ts. */
export function healthRoutes(deps: { ping: () => Promise<void>; engine: string; listener?: () => ListenerState }) {
  return async (app: FastifyInstance) => {
    serve(app, routes.health, {}, async (req, reply) => {
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
    });
  };
}
