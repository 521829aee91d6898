import { z } from 'zod';
import { meDto } from '../auth/auth.schemas.ts';
import { categoryDto } from '../categories/category.schemas.ts';

/**
 * The screen data a cold load may ask the bootstrap to bring along (`?screen=`): the first request of a list screen
 * or a campaign's detail, exactly as the screen makes it. Anything else is refused.
 */
export const BOOTSTRAP_SCREEN =
  /^\/api\/(?:home|(?:campaigns|orders|chats|influencers)\?limit=\d{1,3}|campaigns\/[A-Za-z0-9_-]{1,64})$/;

export const bootstrapQuery = z.object({
  screen: z
    .string()
    .regex(BOOTSTRAP_SCREEN, 'screen must be the first request of a list screen or a campaign (/api/...)')
    .optional(),
});

/**
 * What the app needs before any screen, in one request (issue 11 §3): who is signed in, their unread messages, and
 * the static lists; on a cold load also the screen's own data, so it needs no second round trip.
 */
export const bootstrapResponse = z.object({
  user: meDto.nullable(),
  /** The Chat tab's badge; null when signed out. */
  unreadCount: z.number().int().nonnegative().nullable(),
  /** As GET /api/categories lists them. */
  categories: z.array(categoryDto),
  /**
   * The answer to `?screen=` for the person signed in, as that GET gives it (its status and JSON text, which the app
   * reads as if it had asked itself). Null when not asked for or signed out.
   */
  screen: z.object({ url: z.string(), status: z.number().int(), body: z.string() }).nullable(),
});
export type Bootstrap = z.infer<typeof bootstrapResponse>;
