// The health check (issue 22 §4), for load balancers and monitoring; the app itself never asks it.
import { z } from 'zod';
import { defineRoute } from '../common/route.ts';

const checks = z.object({
  /** Answers a query. */
  database: z.enum(['up', 'down']),
  /**
   * The LISTEN connection that carries realtime events, cache invalidations and job wake-ups between instances
   * (db/listener.ts): `down` while it reconnects. `idle` (nobody listens) and PGlite's in-process one count as up.
   */
  listener: z.enum(['up', 'down', 'idle']),
});

export const healthRoutes = {
  /**
   * `ok`, or `degraded` (200: this instance still serves every request, but live events, the caches and job wake-ups
   * pause until the listener is back, which it does by itself) naming the part in `checks`, or `unavailable` (503:
   * the database does not answer; a balancer should send requests elsewhere).
   */
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    response: {
      200: z.object({ status: z.enum(['ok', 'degraded']), database: z.string(), checks }),
      503: z.object({ status: z.literal('unavailable'), database: z.string(), checks }),
    },
    tags: ['system'],
    summary: 'Liveness, database reachability and the state of the realtime listener',
  }),
} as const;
