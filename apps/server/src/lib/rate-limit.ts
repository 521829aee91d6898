import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { countHit } from './pg-rate-limit-store.ts';

/**
 * Rate-limit options keyed by the signed-in person, not by anything in the request they could vary (a decoy
 * cookie, a second session): the limiter runs after the route's auth guard (a preHandler), so `req.actor` is set.
 * Counters live in PostgreSQL (`pg-rate-limit-store.ts`), shared by every instance.
 */
export const perUser = {
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => (req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`),
};

/** Counts one hit under a key in a window (PostgreSQL, every instance): the hits so far and the ms left. */
export type HitCounter = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

export function hitCounter(db: Db): HitCounter {
  return (key, windowMs) => countHit(db, key, windowMs);
}

/**
 * A limit a service counts itself, for a key the request does not carry (the recipient of a mail, the channel being
 * verified, a day's budget): the hit is counted, and past `max` in the window it is refused with a 429 whose message
 * says how long to wait (`message(minutes)`).
 */
export async function takeOne(
  count: HitCounter,
  key: string,
  limit: { max: number; windowMs: number },
  message: (minutes: number) => string,
): Promise<void> {
  const { current, ttl } = await count(key, limit.windowMs);
  if (current > limit.max) {
    throw new AppError('RATE_LIMITED', message(Math.max(1, Math.ceil(ttl / 60_000))), 429);
  }
}

/** An e-mail address as a counter key: the same for every spelling of its case, and not stored readable. */
export const addressKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
