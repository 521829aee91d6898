import type { ChangePasswordInput, Me, registerInput, SignInInput } from '@app/shared/auth/auth.schemas';
import { APIError } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type BetterAuth, DEACTIVATED_MESSAGE } from './better-auth.ts';

export type Actor = {
  userId: string;
  role: 'client' | 'influencer' | 'admin';
  profileId: string | null;
  email: string;
};
type WithCookies<T> = { body: T; cookies: string[] };
type Resolved = { actor: Actor; user: Me; cookies: string[] } | { actor: null; user: null; cookies: string[] };
type EmailChange = { outcome: 'unchanged' | 'pending' | 'changed'; cookies: string[] };

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this email already exists', 409, {
    fieldErrors: { email: ['An account with this email already exists'] },
  });

/** better-auth's refusals, in our codes and words (sign-up is ours, so its duplicate-user codes cannot occur). */
function translate(e: unknown): unknown {
  // Its 5xx are ours to log and hide, not to pass on: they stay plain errors for the error handler.
  if (!(e instanceof APIError) || e.statusCode >= 500) return e;
  const code = (e.body as { code?: string } | undefined)?.code ?? '';
  const message = (e.body as { message?: string } | undefined)?.message ?? e.message;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return new AppError('INVALID_CREDENTIALS', 'Invalid email or password', 401);
    case 'ACCOUNT_DEACTIVATED':
      return new AppError('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE, 403);
    case 'INVALID_PASSWORD':
      return new AppError('WRONG_PASSWORD', 'Your current password is incorrect', 400, {
        fieldErrors: { currentPassword: ['Your current password is incorrect'] },
      });
    default:
      return new AppError(code || 'AUTH_ERROR', message || 'Authentication failed', e.statusCode);
  }
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw translate(e);
  }
}

export function createAuthService(deps: { db: Db; auth: BetterAuth; repo: AuthRepository; publicUrl: string }) {
  const { db, auth, repo } = deps;

  async function me(userId: string): Promise<Me> {
    const found = await repo.findMe(userId);
    if (!found) throw unauthenticated();
    return found;
  }

  return {
    me,

    /**
     * Resolves the session cookie to the person (one query) and the actor derived from it; refreshed-session
     * cookies are handed back to the route. A deactivated account's surviving session is ended here.
     */
    async resolveActor(headers: Headers): Promise<Resolved> {
      const res = await call(() => auth.api.getSession({ headers, returnHeaders: true }));
      const session = res.response;
      if (!session) return { actor: null, user: null, cookies: res.headers.getSetCookie() };
      const user = await repo.findMe(session.user.id);
      if (!user?.role) return { actor: null, user: null, cookies: [] };
      if (!user.isActive) {
        await repo.deactivate(user.id);
        throw new AppError('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE, 401);
      }
      const actor = { userId: user.id, role: user.role, profileId: user.profileId, email: user.email };
      return { actor, user, cookies: res.headers.getSetCookie() };
    },

    async register(input: z.output<typeof registerInput>, headers: Headers): Promise<WithCookies<{ user: Me }>> {
      if (await repo.emailExists(input.email)) throw emailTaken();
      const categoryIds = [...new Set(input.categoryIds)];
      if (input.role === 'client' && categoryIds.length) {
        throw new AppError('VALIDATION_ERROR', 'Categories can only be chosen by influencers', 400, {
          fieldErrors: { categoryIds: ['Categories can only be chosen by influencers'] },
        });
      }
      const known = await repo.offeredCategoryIds(categoryIds);
      if (known.length !== categoryIds.length) {
        throw new AppError('UNKNOWN_CATEGORY', 'Please choose from the offered categories', 400, {
          fieldErrors: { categoryIds: ['Please choose from the offered categories'] },
          unknown: categoryIds.filter((id) => !known.includes(id)),
        });
      }
      const id = crypto.randomUUID();
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction((tx) => repo.createAccount({ ...input, id, categoryIds, passwordHash }, tx));
      } catch (e) {
        // Two sign-ups racing for one address: the unique index decides.
        if (isUniqueViolation(e)) {
          throw emailTaken();
        }
        throw e;
      }
      const signedIn = await call(() =>
        auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, returnHeaders: true }),
      );
      await call(() => auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/' } }));
      return { body: { user: await me(id) }, cookies: signedIn.headers.getSetCookie() };
    },

    async signIn(input: SignInInput, headers: Headers): Promise<WithCookies<{ user: Me }>> {
      const res = await call(() => auth.api.signInEmail({ body: input, headers, returnHeaders: true }));
      return { body: { user: await me(res.response.user.id) }, cookies: res.headers.getSetCookie() };
    },

    async signOut(headers: Headers): Promise<string[]> {
      try {
        const res = await auth.api.signOut({ headers, returnHeaders: true });
        return res.headers.getSetCookie();
      } catch {
        return []; // no session: signing out is still done
      }
    },

    /** Always answers the same way, so it cannot be used to learn who has an account. */
    async resendVerification(email: string) {
      try {
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/' } });
      } catch (e) {
        if (!(e instanceof APIError)) throw e;
      }
    },

    /**
     * Opens a verification link. Success signs the person in and goes to `/`; failures go to /auth with
     * the error in the hash, where the screen shows the expired-link notice and the resend form.
     */
    async verifyEmail(token: string, headers: Headers): Promise<{ location: string; cookies: string[] }> {
      const url = new URL(`${deps.publicUrl}/api/auth/verify-email`);
      url.searchParams.set('token', token);
      url.searchParams.set('callbackURL', '/');
      const res = await auth.handler(new Request(url, { headers }));
      const location = res.headers.get('location') ?? '/';
      const error = new URL(location, deps.publicUrl).searchParams.get('error');
      if (!error) return { location: '/', cookies: res.headers.getSetCookie() };
      const hash = new URLSearchParams(
        error === 'TOKEN_EXPIRED'
          ? {
              error: 'access_denied',
              error_code: 'otp_expired',
              error_description: 'Email link is invalid or has expired',
            }
          : {
              error: 'access_denied',
              error_code: error.toLowerCase(),
              error_description:
                error === 'USER_NOT_FOUND'
                  ? 'This verification link belongs to an account that no longer exists.'
                  : 'This verification link is not valid. Please request a new verification email below.',
            },
      );
      return { location: `/auth#${hash.toString()}`, cookies: [] };
    },

    async changePassword(input: ChangePasswordInput, headers: Headers): Promise<string[]> {
      const res = await call(() =>
        auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      return res.headers.getSetCookie();
    },

    /**
     * A verified account gets a link at the new address and keeps the old one until it is opened ('pending');
     * an unverified one changes at once and the new address gets a verification link ('changed').
     */
    async requestEmailChange(actor: Actor, newEmail: string, headers: Headers): Promise<EmailChange> {
      if (newEmail === actor.email) return { outcome: 'unchanged', cookies: [] };
      if (await repo.emailExists(newEmail, actor.userId)) throw emailTaken();
      const verified = (await me(actor.userId)).emailVerified;
      const res = await call(() =>
        auth.api.changeEmail({ body: { newEmail, callbackURL: '/' }, headers, returnHeaders: true }),
      );
      return { outcome: verified ? 'pending' : 'changed', cookies: res.headers.getSetCookie() };
    },

    async deactivate(actor: Actor) {
      if (actor.role === 'admin')
        throw new AppError('FORBIDDEN', 'Admin accounts are deactivated by another admin', 403);
      await repo.deactivate(actor.userId);
    },

    async completeOnboarding(actor: Actor) {
      await repo.completeOnboarding(actor.userId);
      return me(actor.userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
