import { z } from 'zod';

export const categoryDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Only the first 8 categories of the spec are offered on the screens. */
  offered: z.boolean(),
});
export type Category = z.infer<typeof categoryDto>;
export const categoryList = z.object({ items: z.array(categoryDto) });
