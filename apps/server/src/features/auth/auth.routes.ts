import {
  changePasswordInput,
  deactivateInput,
  meResponse,
  okResponse,
  registerInput,
  resendVerificationInput,
  sessionResponse,
  signInInput,
} from '@app/shared/auth/auth.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import type { AuthService } from './auth.service.ts';

type Limits = { signIn: number; signUp: number; resend: number; password: number };

export function authRoutes(deps: { auth: AuthService; guards: Guards; limits: Limits }) {
  const { auth, guards, limits } = deps;
  const minute = (max: number, by: 'ip' | 'user' = 'ip') => ({
    rateLimit: { max, timeWindow: 60_000, ...(by === 'user' ? perUser : {}) },
  });

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/auth/register',
      {
        config: minute(limits.signUp),
        schema: {
          tags: ['auth'],
          summary: 'Create an account (user, role row and categories in one transaction) and sign in',
          body: registerInput,
          response: { 201: meResponse },
        },
      },
      async (req, reply) => {
        // Whoever was signed in on this browser is signed out first.
        const cleared = req.headers.cookie ? await auth.signOut(fetchHeaders(req)) : [];
        const { body, cookies } = await auth.register(req.body, withoutCookie(fetchHeaders(req)));
        return reply
          .header('set-cookie', [...cleared, ...cookies])
          .code(201)
          .send(body);
      },
    );

    r.post(
      '/api/auth/sign-in',
      {
        config: minute(limits.signIn),
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: signInInput,
          response: { 200: meResponse },
        },
      },
      async (req, reply) => {
        const { body, cookies } = await auth.signIn(req.body, fetchHeaders(req));
        return reply.header('set-cookie', cookies).send(body);
      },
    );

    r.post(
      '/api/auth/sign-out',
      { schema: { tags: ['auth'], summary: 'End the session (always succeeds)', response: { 200: okResponse } } },
      async (req, reply) =>
        reply.header('set-cookie', await auth.signOut(fetchHeaders(req))).send({ ok: true as const }),
    );

    r.post(
      '/api/auth/resend-verification',
      {
        config: minute(limits.resend),
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification link (same answer whether or not the account exists)',
          body: resendVerificationInput,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await auth.resendVerification(req.body.email);
        return { ok: true as const };
      },
    );

    r.get(
      '/api/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Open a verification link: confirms the address (never signs in); redirects to /, /auth#verified=… or /auth#error=…',
          querystring: z.object({ token: z.string().min(1).max(4096) }),
        },
      },
      async (req, reply) => {
        // Never a Set-Cookie: opening a link confirms an address, it does not sign anyone in.
        const { location } = await auth.verifyEmail(req.query.token, fetchHeaders(req));
        return reply.redirect(location, 302);
      },
    );

    r.get(
      '/api/auth/sign-in-link',
      {
        config: minute(limits.signIn),
        schema: {
          tags: ['auth'],
          summary:
            "Open a locked account's one-time sign-in link (mailed when the right password met the lock): signs this browser in and redirects to /, or to /auth#error=…",
          querystring: z.object({ token: z.string().min(1).max(200) }),
        },
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

    r.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, or null (what the app checks on load)',
          response: { 200: sessionResponse },
        },
      },
      async (req, reply) => ({ user: await whoAmI(req, reply) }),
    );

    r.get(
      '/api/me',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in user (401 when signed out)',
          response: { 200: meResponse },
        },
      },
      async (req, reply) => {
        const user = await whoAmI(req, reply);
        if (!user) throw unauthenticated();
        return { user };
      },
    );

    r.post(
      '/api/me/password',
      {
        preHandler: guards.requireAuth,
        config: minute(limits.password, 'user'),
        schema: {
          tags: ['account'],
          summary: 'Change password (checks the current one, ends other sessions)',
          body: changePasswordInput,
          response: { 200: okResponse },
        },
      },
      async (req, reply) => {
        const cookies = await auth.changePassword(actorOf(req), req.body, fetchHeaders(req));
        return reply.header('set-cookie', cookies).send({ ok: true as const });
      },
    );

    r.post(
      '/api/me/deactivate',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['account'],
          summary: "Deactivate the account (type 'delete me'); signs out everywhere",
          body: deactivateInput,
          response: { 200: okResponse },
        },
      },
      async (req, reply) => {
        await auth.deactivate(actorOf(req));
        return reply.header('set-cookie', await auth.signOut(fetchHeaders(req))).send({ ok: true as const });
      },
    );

    r.post(
      '/api/me/onboarding/complete',
      {
        preHandler: guards.requireRole('client', 'influencer'),
        schema: { tags: ['account'], summary: 'Finish the onboarding wizard', response: { 200: meResponse } },
      },
      async (req) => ({ user: await auth.completeOnboarding(actorOf(req)) }),
    );
  };
}

function withoutCookie(h: Headers) {
  h.delete('cookie');
  return h;
}
