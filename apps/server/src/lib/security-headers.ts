import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every response, with its middleware built **once**. `@fastify/helmet` (used before)
 * builds a new helmet (parsing the CSP directives, making a dozen middlewares) on every request: in the benchmark that
 * cost half of a bare route's throughput (Fastify alone 17k req/s, with `@fastify/helmet` 9k, with this hook 12k;
 * docs/performance.md). No route overrides the headers, so one middleware serves them all.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
