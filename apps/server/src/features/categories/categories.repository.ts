import { OFFERED_CATEGORY_COUNT } from '@app/shared/constants';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

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
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
