import { z } from 'zod';
export const unreadCountResponse = z.object({ count: z.number().int().nonnegative() });
