import { categoryRoutes } from '@app/shared/categories/category.routes';
import { OFFERED_CATEGORY_COUNT } from '@app/shared/constants';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { serve } from '../../lib/route.ts';

export function createCategoriesRepository(db: Db) {
  return {
    async listActive() {
      const rows = await db
        .select({
          id: categories.id,
          name: categories.name,
          description: categories.description,
          sortOrder: categories.sortOrder,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.sortOrder));
      return rows.map(({ sortOrder, ...c }) => ({ ...c, offered: sortOrder < OFFERED_CATEGORY_COUNT }));
    },
  };
}

/** Public: the register form needs the list before anyone is signed in. */
export function categoriesRoutes(deps: { repo: ReturnType<typeof createCategoriesRepository> }) {
  return async (app: FastifyInstance) => {
    serve(app, categoryRoutes.list, {}, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send({ items: await deps.repo.listActive() }),
    );
  };
}
