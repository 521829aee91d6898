import { categoryRoutes } from '@app/shared/categories/category.routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/route.ts';
import type { CategoriesRepository } from './categories.repository.ts';

/** Public: the register form needs the list before anyone is signed in. */
export function categoriesRoutes(deps: { repo: CategoriesRepository }) {
  return async (app: FastifyInstance) => {
    serve(app, categoryRoutes.list, {}, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send({ items: await deps.repo.listActive() }),
    );
  };
}
