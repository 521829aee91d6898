import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** Deeper than any contract of ours (the deepest is about 4 levels); a body nested past this is refused. */
export const MAX_JSON_DEPTH = 32;

export type TextScan = { nulAt: string } | { tooDeep: true } | null;

/**
 * Walks a parsed JSON value (raw Buffer bodies are skipped) without recursion (a 5,000-deep array must not overflow the stack): the first path
 * (a.b.0.c) whose string holds a NUL character, which PostgreSQL text cannot store, or `tooDeep` past `maxDepth`.
 */
export function scanText(value: unknown, maxDepth = MAX_JSON_DEPTH): TextScan {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { nulAt: path.join('.') || '_' };
    } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      if (path.length >= maxDepth) return { tooDeep: true };
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      // Reversed so the first offending field in document order is the one reported.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        if (typeof x === 'string' || (x && typeof x === 'object')) stack.push({ value: x, path: [...path, k] });
      }
    }
  }
  return null;
}

/**
 * Refuses, before a route runs, a JSON body nested too deeply, and a NUL character in any string of the body, the
 * query string or the path parameters: the database would refuse it mid-request (a 500), possibly after other
 * writes of the same request.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['body', req.body],
      ['query', req.query],
      ['params', req.params],
    ] as const) {
      const hit = scanText(value);
      if (!hit) continue;
      if ('tooDeep' in hit) {
        throw new AppError(
          'VALIDATION_ERROR',
          `The request is nested more than ${MAX_JSON_DEPTH} levels deep. Send a simpler body.`,
          400,
        );
      }
      const message = 'Text cannot contain the NUL character. Remove it and try again.';
      const field = where === 'body' ? hit.nulAt : `${where}.${hit.nulAt}`;
      throw new AppError('VALIDATION_ERROR', message, 400, { fieldErrors: { [field]: [message] } });
    }
  });
}
