import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** The first path (a.b.0.c) whose string holds a NUL character, which PostgreSQL text cannot store. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = findNul(v, [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNul(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Refuses a JSON body with a NUL character in any string before a route runs: the database would refuse it
 * mid-request (a 500), possibly after other writes of the same request.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findNul(req.body);
    if (field) {
      const message = 'Text cannot contain the NUL character. Remove it and try again.';
      throw new AppError('VALIDATION_ERROR', message, 400, { fieldErrors: { [field]: [message] } });
    }
  });
}
