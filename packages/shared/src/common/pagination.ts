import { z } from 'zod';

/**
 * Keyset pagination: the cursor is opaque to clients (base64url of "createdAt|id" of the last row). Lists are ordered
 * newest first with the id as tie-breaker, so a page never repeats or skips a row when new ones arrive.
 */
export const cursorParam = z.string().max(200).optional();
export const limitParam = z.coerce.number().int().min(1).max(50).default(20);

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export type Page<T> = { items: T[]; nextCursor: string | null };

export const idParam = z.object({ id: z.uuid('Not a valid id') });
