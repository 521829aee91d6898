import { z } from 'zod';
import { meDto } from '../auth/auth.schemas.ts';
import { categoryDto } from '../categories/category.schemas.ts';
import { language } from '../i18n/language.schema.ts';

/**
 * What the app needs before any screen, in one request (issue 11 §3): who is signed in, their unread messages, and
 * the static lists. A screen's own data is not brought along: pages are rendered on the server with it (decision 027).
 */
export const bootstrapResponse = z.object({
  user: meDto.nullable(),
  /** The Chat tab's badge; null when signed out. */
  unreadCount: z.number().int().nonnegative().nullable(),
  /** The bell's unread notifications (issue 24); null when signed out or for support, who have no bell. */
  noticeCount: z.number().int().nonnegative().nullable(),
  /** As GET /api/categories lists them. */
  categories: z.array(categoryDto),
  /** The language to show (issue 26): the person's choice, else this browser's cookie, else its Accept-Language. */
  language,
});
export type Bootstrap = z.infer<typeof bootstrapResponse>;
