import { bootstrapRoutes as routes } from '@app/shared/common/bootstrap.routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { fetchHeaders } from '../../lib/guards.ts';
import { requestLanguage } from '../../lib/language.ts';
import { serve } from '../../lib/route.ts';
import type { Actor, AuthService } from '../auth/auth.service.ts';

/**
 * GET /api/bootstrap: the app's first request (issue 11 §3), instead of the session, the categories and the unread
 * count one by one. Public: signed out it still lists the categories (the register form needs them). On a cached
 * session it costs two reads: the unread counts (the categories are kept a minute).
 */
export function bootstrapRoutes(deps: {
  auth: AuthService;
  categories: () => Promise<{ id: string; name: string; description: string | null; offered: boolean }[]>;
  unreadCount: (actor: Actor) => Promise<number>;
  /** The bell's count (issue 24); support has no bell. */
  noticeCount: (actor: Actor) => Promise<{ count: number }>;
}) {
  // Categories change by migration or seed: kept a minute in memory (GET /api/categories lets browsers keep them 5).
  let categories: { at: number; items: ReturnType<typeof deps.categories> } | null = null;
  const categoriesNow = () => {
    if (!categories || Date.now() - categories.at > 60_000) {
      const items = deps.categories();
      categories = { at: Date.now(), items };
      items.catch(() => {
        categories = null;
      });
    }
    return categories.items;
  };
  return async (app: FastifyInstance) => {
    serve(app, routes.bootstrap, {}, async (req, reply) => {
      const who = await deps.auth.resolveActor(fetchHeaders(req)).catch((e: unknown) => {
        // A deactivated account counts as signed out here, as on GET /api/auth/session.
        if (e instanceof AppError && e.code === 'ACCOUNT_DEACTIVATED') return { actor: null, user: null, cookies: [] };
        throw e;
      });
      if (who.cookies.length) reply.header('set-cookie', who.cookies);
      const actor = who.actor;
      const [categories, unreadCount, notices] = await Promise.all([
        categoriesNow(),
        actor ? deps.unreadCount(actor) : null,
        actor && actor.role !== 'admin' ? deps.noticeCount(actor) : null,
      ]);
      const language = requestLanguage(req, who.user?.language);
      return reply
        .header('cache-control', 'private, no-store')
        .send({ user: who.user, unreadCount, noticeCount: notices?.count ?? null, categories, language });
    });
  };
}
