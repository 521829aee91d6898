import type { FastifyInstance } from 'fastify';

/**
 * What a feature's factory returns (CONVENTIONS §15): its routes as one plugin the composition root registers, beside
 * the services and ports other features take from it.
 */
export type Feature = { plugin: (app: FastifyInstance) => Promise<void> };

/** One plugin of several route groups. */
export const allOf =
  (...plugins: ((app: FastifyInstance) => Promise<void>)[]) =>
  async (app: FastifyInstance) => {
    for (const p of plugins) await app.register(p);
  };
