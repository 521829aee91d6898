import { accountRoutes, authRoutes as routes } from '@app/shared/auth/auth.routes';
import { EMAIL_CHANGE_MESSAGES } from '@app/shared/auth/email-change.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';
import type { EmailChanges } from './email-change.ts';

/** The pending e-mail change (issue 27): read it, send its link again, cancel it, or undo it from the old address. */
export function emailChangeRoutes(deps: {
  auth: AuthService;
  changes: EmailChanges;
  guards: Guards;
  /** Resends per person a minute (the mail limits in auth.service apply too). */
  resendPerMinute: number;
}) {
  const { auth, changes, guards } = deps;
  return async (app: FastifyInstance) => {
    serve(app, accountRoutes.emailChange, { preHandler: guards.requireAuth }, async (req) =>
      changes.pending(actorOf(req).userId),
    );

    serve(
      app,
      accountRoutes.resendEmailChange,
      {
        preHandler: guards.requireAuth,
        config: { rateLimit: { max: deps.resendPerMinute, timeWindow: 60_000, ...perUser } },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const { pendingEmail } = await changes.pending(actor.userId);
        if (!pendingEmail) throw new AppError('NO_PENDING_EMAIL_CHANGE', EMAIL_CHANGE_MESSAGES.nonePending, 409);
        const { cookies } = await auth.requestEmailChange(actor, pendingEmail, fetchHeaders(req));
        return reply.header('set-cookie', cookies).send(await changes.pending(actor.userId));
      },
    );

    serve(app, accountRoutes.cancelEmailChange, { preHandler: guards.requireAuth }, async (req) =>
      changes.cancel(actorOf(req).userId),
    );

    // Opened from a mail: a redirect, not JSON.
    const undo = routes.undoEmailChange;
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        undo.path,
        { schema: { tags: undo.tags, summary: undo.summary, querystring: undo.query } },
        async (req, reply) => {
          // Who is signed in here decides only where the answer is shown; the link alone decides what is cancelled.
          const { actor } = await auth.resolveActor(fetchHeaders(req));
          return reply.redirect((await changes.undo(req.query.token, actor?.userId ?? null)).location, 302);
        },
      );
  };
}
