import { accountRoutes, authRoutes as routes } from '@app/shared/auth/auth.routes';
import type { okResponse } from '@app/shared/auth/auth.schemas';
import type { Language } from '@app/shared/i18n/language';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import { languageCookie, requestLanguage } from '../../lib/language.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';

const ok = { ok: true } as const satisfies z.input<typeof okResponse>;

type Limits = { signIn: number; signUp: number; resend: number; password: number };

export function authRoutes(deps: { auth: AuthService; guards: Guards; limits: Limits; secureCookies: boolean }) {
  const { auth, guards, limits } = deps;
  /** The browser keeps the person's language, so pages rendered before the session is read are in it too. */
  const keepLanguage = (language: Language | null) => (language ? [languageCookie(language, deps.secureCookies)] : []);
  const minute = (max: number, by: 'ip' | 'user' = 'ip') => ({
    rateLimit: { max, timeWindow: 60_000, ...(by === 'user' ? perUser : {}) },
  });

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    serve(app, routes.register, { config: minute(limits.signUp) }, async (req, reply) => {
      // Whoever was signed in on this browser is signed out first.
      const cleared = req.headers.cookie ? await auth.signOut(fetchHeaders(req)) : [];
      // The account starts in the language this browser was using: its verification mail is written in it.
      const language = requestLanguage(req);
      const { body, cookies } = await auth.register(req.body, withoutCookie(fetchHeaders(req)), language);
      return reply
        .header('set-cookie', [...cleared, ...cookies, ...keepLanguage(language)])
        .code(201)
        .send(body);
    });

    serve(app, routes.signIn, { config: minute(limits.signIn) }, async (req, reply) => {
      const { body, cookies } = await auth.signIn(req.body, fetchHeaders(req));
      return reply.header('set-cookie', [...cookies, ...keepLanguage(body.user.language)]).send(body);
    });

    serve(app, routes.signOut, {}, async (req, reply) =>
      reply.header('set-cookie', await auth.signOut(fetchHeaders(req))).send(ok),
    );

    serve(app, routes.resendVerification, { config: minute(limits.resend) }, async (req) => {
      await auth.resendVerification(req.body.email);
      return ok;
    });

    // The two mailed links answer with a redirect, not JSON: no response schema.
    const verify = routes.verifyEmail;
    r.get(
      verify.path,
      { schema: { tags: verify.tags, summary: verify.summary, querystring: verify.query } },
      async (req, reply) => {
        // Never a Set-Cookie: opening a link confirms an address, it does not sign anyone in.
        const { location } = await auth.verifyEmail(req.query.token, fetchHeaders(req));
        return reply.redirect(location, 302);
      },
    );

    const signInLink = routes.signInLink;
    r.get(
      signInLink.path,
      {
        config: minute(limits.signIn),
        schema: { tags: signInLink.tags, summary: signInLink.summary, querystring: signInLink.query },
      },
      async (req, reply) => {
        const link = await auth.signInWithLink(req.query.token, withoutCookie(fetchHeaders(req)));
        // Whoever was signed in on this browser is signed out first, as on sign-up.
        const cleared = link.cookies.length && req.headers.cookie ? await auth.signOut(fetchHeaders(req)) : [];
        if (link.cookies.length) reply.header('set-cookie', [...cleared, ...link.cookies]);
        return reply.redirect(link.location, 302);
      },
    );

    /** Who is signed in: a deactivated account counts as signed out; any other failure stays an error. */
    const whoAmI = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const { user, cookies } = await auth.resolveActor(fetchHeaders(req));
        if (cookies.length) reply.header('set-cookie', cookies);
        return user;
      } catch (e) {
        if (e instanceof AppError && e.code === 'ACCOUNT_DEACTIVATED') return null;
        throw e;
      }
    };

    serve(app, routes.session, {}, async (req, reply) => ({ user: await whoAmI(req, reply) }));

    serve(app, accountRoutes.me, {}, async (req, reply) => {
      const user = await whoAmI(req, reply);
      if (!user) throw unauthenticated();
      return { user };
    });

    serve(
      app,
      accountRoutes.changePassword,
      { preHandler: guards.requireAuth, config: minute(limits.password, 'user') },
      async (req, reply) => {
        const cookies = await auth.changePassword(actorOf(req), req.body, fetchHeaders(req));
        return reply.header('set-cookie', cookies).send(ok);
      },
    );

    serve(app, accountRoutes.deactivate, { preHandler: guards.requireAuth }, async (req, reply) => {
      await auth.deactivate(actorOf(req));
      return reply.header('set-cookie', await auth.signOut(fetchHeaders(req))).send(ok);
    });

    serve(app, accountRoutes.setLanguage, { config: minute(limits.signIn * 3) }, async (req, reply) => {
      const { language } = req.body;
      const who = await whoAmI(req, reply);
      if (who) await auth.setLanguage(who.id, language);
      return reply.header('set-cookie', keepLanguage(language)).send({ language });
    });

    serve(
      app,
      accountRoutes.completeOnboarding,
      { preHandler: guards.requireRole('client', 'influencer') },
      async (req) => ({ user: await auth.completeOnboarding(actorOf(req)) }),
    );
  };
}

function withoutCookie(h: Headers) {
  h.delete('cookie');
  return h;
}
