import type { FastifyRequest } from 'fastify';

/**
 * Rate-limit options keyed by the signed-in person, not by anything in the request they could vary (a decoy
 * cookie, a second session): the limiter runs after the route's auth guard (a preHandler), so `req.actor` is set.
 * Counters live in PostgreSQL (`pg-rate-limit-store.ts`), shared by every instance.
 */
export const perUser = {
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => (req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`),
};
