import { bootstrapResponse } from '@app/shared/common/bootstrap.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { fetchHeaders } from '../../lib/guards.ts';
import type { Actor, AuthService } from '../auth/auth.service.ts';

/**
 * GET /api/bootstrap: the app's first request (issue 11 §3), instead of the session, the categories and the unread
 * count one by one. Public: signed out it still lists the categories (the register form needs them). On a cached
 * session it costs two small reads: the categories and the unread count.
 */
export function bootstrapRoutes(deps: {
  auth: AuthService;
  categories: () => Promise<{ id: string; name: string; description: string | null; offered: boolean }[]>;
  unreadCount: (actor: Actor) => Promise<number>;
}) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/bootstrap',
      {
        schema: {
          tags: ['account'],
          summary: 'Who is signed in (or null), their unread messages and the categories: what the app loads first',
          response: { 200: bootstrapResponse },
        },
      },
      async (req, reply) => {
        const who = await deps.auth.resolveActor(fetchHeaders(req)).catch((e: unknown) => {
          // A deactivated account counts as signed out here, as on GET /api/auth/session.
          if (e instanceof AppError && e.code === 'ACCOUNT_DEACTIVATED')
            return { actor: null, user: null, cookies: [] };
          throw e;
        });
        if (who.cookies.length) reply.header('set-cookie', who.cookies);
        const [categories, unreadCount] = await Promise.all([
          deps.categories(),
          who.actor ? deps.unreadCount(who.actor) : null,
        ]);
        return reply.header('cache-control', 'private, no-store').send({ user: who.user, unreadCount, categories });
      },
    );
  };
}
