import { defineRoute } from '../common/route.ts';
import { categoryList } from './category.schemas.ts';

export const categoryRoutes = {
  /** Public: the register form needs the list before anyone is signed in. */
  list: defineRoute({
    method: 'GET',
    path: '/api/categories',
    response: { 200: categoryList },
    tags: ['categories'],
    summary: 'Active categories in the spec order; `offered` marks the first 8',
  }),
} as const;
