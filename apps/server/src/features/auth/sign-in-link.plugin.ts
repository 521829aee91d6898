import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * better-auth's own session, cookie and hooks (a deactivated account gets none) for the account a consumed link
 * names. Server-only: it is never on the HTTP router (our routes call auth.api.* and its handler is not mounted,
 * decision 001), and only auth.service calls it, after the link was used up.
 */
export const signInLinkPlugin = () =>
  ({
    id: 'influence-sign-in-link',
    endpoints: {
      startLinkSession: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }), requireHeaders: true },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { code: 'USER_NOT_FOUND', message: 'No such account' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
