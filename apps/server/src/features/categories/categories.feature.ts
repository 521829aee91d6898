import type { Db } from '../../db/client.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { categoriesRoutes } from './categories.routes.ts';

/** The content categories (public: the register form needs them). */
export function createCategoriesFeature(deps: { db: Db }) {
  const repo = createCategoriesRepository(deps.db);
  return { plugin: categoriesRoutes({ repo }), repo };
}
