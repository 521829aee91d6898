import {
  type ChangePasswordInput,
  type Me,
  OPEN_ORDERS_MESSAGE,
  type OpenOrderItem,
  type registerInput,
  type SignInInput,
} from '@app/shared/auth/auth.schemas';
import type { Language } from '@app/shared/i18n/language';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { signInLockedMail } from '../../integrations/mail/templates.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { cookieValue } from '../../lib/cookies.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { addressKey, type HitCounter, takeOne } from '../../lib/rate-limit.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type BetterAuth, DEACTIVATED_MESSAGE } from './better-auth.ts';
import type { EmailChanges } from './email-change.ts';
import { hashPassword } from './password-hasher.ts';
import type { SessionCache } from './session-cache.ts';
import type { SignInLinks } from './sign-in-link.ts';
import { failedLink, readVerificationToken } from './verification-link.ts';

export type Actor = {
  userId: string;
  role: 'client' | 'influencer' | 'admin';
  profileId: string | null;
  email: string;
};
type WithCookies<T> = { body: T; cookies: string[] };
type Resolved = { actor: Actor; user: Me; cookies: string[] } | { actor: null; user: null; cookies: string[] };
/** What the session cache keeps per session cookie. */
export type CachedSession = { actor: Actor; user: Me };
type EmailChange = { outcome: 'unchanged' | 'pending'; cookies: string[] };
type Window = { max: number; windowMs: number };

const accountLocked = (until: Date, at: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 60_000));
  return new AppError(
    'ACCOUNT_LOCKED',
    `Too many failed sign-in attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again. ` +
      'If you entered the right password, check your email for a link that signs you in now.',
    429,
  );
};

const minutes = (m: number) => `${m} minute${m === 1 ? '' : 's'}`;
const tooManyToAddress = (m: number) =>
  `Too many emails have been sent to this address. Please wait ${minutes(m)} and try again.`;
const tooManyChanges = (m: number) =>
  `You have asked to change your email too many times. Please wait ${minutes(m)} and try again.`;

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

export function createAuthService(deps: {
  db: Db;
  auth: BetterAuth;
  repo: AuthRepository;
  /** AUTH_SECRET: better-auth signs its verification links (HS256 JWTs) with it. */
  secret: string;
  mailer: Mailer;
  /** Failed sign-ins per address before it locks, within `windowMs`; the lock lasts `lockMs`. */
  signInLock: { max: number; windowMs: number; lockMs: number };
  /** Counters shared by every instance, for the limits keyed by what the request names (lib/rate-limit.ts). */
  count: HitCounter;
  /**
   * Mail that carries a link to an address the caller chose: per recipient (resend and e-mail change together, so
   * nobody can have one inbox flooded) and per person asking for an e-mail change.
   */
  mailLimits: { perRecipient: Window; changesPerPerson: Window };
  /** The one-time links that let a locked account's owner in (sign-in-link.ts). */
  links: SignInLinks;
  now?: () => Date;
  /** Session cookie → person for a few seconds (session-cache.ts); without it every request reads its session. */
  sessions?: { cache: SessionCache<CachedSession>; cookieName: string };
  /** The orders that keep this person's account open (the orders feature's port; issue 23 §2). */
  openOrders: (userId: string) => Promise<OpenOrderItem[]>;
  /** The pending e-mail change and the old address's notice (issue 27). */
  emailChanges: EmailChanges;
}) {
  const { db, auth, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = deps.sessions?.cache;
  const cookieName = deps.sessions?.cookieName ?? '';
  /**
   * After a write this instance made that ends a session or changes what a session stands for: forgotten here at
   * once (the database's trigger tells the other instances, and this one again).
   */
  const forget = (userId: string | null | undefined) => {
    if (userId) cache?.forget(userId);
  };

  async function me(userId: string): Promise<Me> {
    const found = await repo.findMe(userId);
    if (!found) throw unauthenticated();
    return found;
  }

  /**
   * Where an address's failures are counted: the address itself for an account; for an address without one, a key
   * that is no address (a later sign-up starts unlocked) and that is swept once its window and lock are over. Both count and lock alike, so
   * the answers never tell the two apart.
   */
  /** The deactivation itself, whoever asked (the owner, or an admin from the console). */
  async function deactivateAccount(userId: string) {
    await repo.deactivate(userId);
    forget(userId);
  }

  const failureKey = (email: string, userId: string | null) => (userId ? email : `unknown:${addressKey(email)}`);
  let unknownFailures = 0;

  async function countFailure(email: string, userId: string | null, at: Date) {
    const failure = await repo.recordSignInFailure(failureKey(email, userId), at, deps.signInLock);
    if (failure.lockedNow && failure.lockedUntil && userId) {
      const language = (await repo.findMe(userId))?.language ?? 'en';
      await deps.mailer.send(signInLockedMail(email, deps.signInLock.max, failure.lockedUntil, language));
    }
    if (!userId && ++unknownFailures % 100 === 0) {
      void repo.sweepUnknownSignInFailures(at, deps.signInLock.windowMs).catch(() => {});
    }
  }

  return {
    me,

    /**
     * Resolves the session cookie to the person (one query) and the actor derived from it; refreshed-session
     * cookies are handed back to the route. A deactivated account's surviving session is ended here.
     */
    async resolveActor(headers: Headers): Promise<Resolved> {
      const key = cache ? cookieValue(headers.get('cookie'), cookieName) : undefined;
      if (key) {
        const hit = cache!.get(key);
        if (hit) return { actor: hit.actor, user: hit.user, cookies: [] };
      }
      const since = cache?.begin() ?? 0;
      const res = await call(() => auth.api.getSession({ headers, returnHeaders: true }));
      const session = res.response;
      if (!session) return { actor: null, user: null, cookies: res.headers.getSetCookie() };
      const user = await repo.findMe(session.user.id);
      if (!user?.role) return { actor: null, user: null, cookies: [] };
      if (!user.isActive) {
        await repo.deactivate(user.id);
        forget(user.id);
        throw new AppError('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE, 401);
      }
      const actor = { userId: user.id, role: user.role, profileId: user.profileId, email: user.email };
      if (key) cache!.set(key, user.id, { actor, user }, since, new Date(session.session.expiresAt).getTime());
      return { actor, user, cookies: res.headers.getSetCookie() };
    },

    /** This person's cached sessions, forgotten on this instance (after a write the caller made). */
    forget,

    async register(
      input: z.output<typeof registerInput>,
      headers: Headers,
      language: Language | null = null,
    ): Promise<WithCookies<{ user: Me }>> {
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
        await db.transaction((tx) => repo.createAccount({ ...input, id, categoryIds, passwordHash, language }, tx));
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

    /**
     * Per address, whoever asks from wherever: a locked address is refused alike whatever the password (the right
     * one for a live account also mails its owner a one-time link, decision 005's addendum); a deactivated account
     * says so whatever the password (so a guess learns nothing about it); each wrong password counts towards the
     * lock, and the failure that sets it mails the owner.
     */
    /** Keeps the person's language (issue 26): their screens, and the mails sent to them from now on. */
    async setLanguage(userId: string, language: Language) {
      await repo.setLanguage(userId, language);
      forget(userId);
    },

    async signIn(input: SignInInput, headers: Headers): Promise<WithCookies<{ user: Me }>> {
      const at = now();
      const userId = await repo.userIdByEmail(input.email);
      const lockedUntil = await repo.signInLockedUntil(failureKey(input.email, userId), at);
      if (lockedUntil) {
        // The same answer for every password; the right one also mails the owner a one-time link.
        await deps.links.offerWhileLocked(input, userId, at);
        throw accountLocked(lockedUntil, at);
      }
      if (await repo.isDeactivated(input.email)) throw new AppError('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE, 403);
      const res = await call(() => auth.api.signInEmail({ body: input, headers, returnHeaders: true })).catch(
        async (e: unknown) => {
          if (e instanceof AppError && e.code === 'INVALID_CREDENTIALS') await countFailure(input.email, userId, at);
          throw e;
        },
      );
      await repo.clearSignInFailures(input.email);
      return { body: { user: await me(res.response.user.id) }, cookies: res.headers.getSetCookie() };
    },

    async signOut(headers: Headers): Promise<string[]> {
      const key = cache ? cookieValue(headers.get('cookie'), cookieName) : undefined;
      // Whose entries to forget: the cache knows, else better-auth (a lookup in flight may be storing this session).
      const who = key
        ? (cache!.get(key)?.actor.userId ?? (await auth.api.getSession({ headers }).catch(() => null))?.user.id)
        : undefined;
      try {
        const res = await auth.api.signOut({ headers, returnHeaders: true });
        return res.headers.getSetCookie();
      } catch {
        return []; // no session: signing out is still done
      } finally {
        forget(who);
      }
    },

    /** A mailed one-time link, opened (sign-in-link.ts): where to go next, and the new session's cookie. */
    signInWithLink: (token: string, headers: Headers) => deps.links.open(token, headers),

    /**
     * Always answers the same way, so it cannot be used to learn who has an account: the per-recipient limit counts
     * every address asked for, whether or not an account has it.
     */
    async resendVerification(email: string) {
      await takeOne(deps.count, `mail-to:${addressKey(email)}`, deps.mailLimits.perRecipient, tooManyToAddress);
      try {
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/' } });
      } catch (e) {
        if (!(e instanceof APIError)) throw e;
      }
    },

    /**
     * Opens a verification link. It confirms the address and never signs anyone in: whoever holds the link (a
     * forwarded mail, a shared mailbox) gains nothing but the confirmation. The browser that registered is signed in
     * already and goes to `/`; any other goes to /auth with a notice to sign in. An e-mail-change link moves the
     * account to the new, now confirmed, address. Failures go to /auth with the error in the hash, where the screen
     * shows the expired-link notice and the resend form.
     */
    async verifyEmail(token: string, headers: Headers): Promise<{ location: string }> {
      const link = await readVerificationToken(token, deps.secret);
      if ('error' in link) return failedLink(link.error);
      const userId = await repo.userIdByEmail(link.email);
      if (!userId) return failedLink('USER_NOT_FOUND');
      if (link.updateTo) {
        if (link.requestType !== 'change-email-verification') return failedLink('INVALID_TOKEN');
        try {
          const changed = await repo.confirmEmailChange(userId, link.email, link.updateTo);
          if (changed === 'cancelled') return failedLink('CHANGE_CANCELLED');
          if (changed === 'stale') return failedLink('INVALID_TOKEN');
        } catch (e) {
          if (isUniqueViolation(e)) return failedLink('EMAIL_TAKEN');
          throw e;
        }
      } else {
        await repo.markEmailVerified(userId, link.email);
      }
      forget(userId);
      const session = await auth.api.getSession({ headers }).catch(() => null);
      const said = new URLSearchParams({ verified: link.updateTo ? 'email_change' : 'email' });
      // Signed in here: the person's landing page, which says so too (issue 27: it said nothing).
      if (session?.user.id === userId) return { location: `/#${said}` };
      return { location: `/auth#${said}` };
    },

    async changePassword(actor: Actor, input: ChangePasswordInput, headers: Headers): Promise<string[]> {
      const res = await call(() =>
        auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      forget(actor.userId); // every other session of this person ended
      return res.headers.getSetCookie();
    },

    /**
     * The new address gets a link; the account keeps its old address until the link is opened ('pending'). Another
     * account may take the address meanwhile: the link then reports it taken and changes nothing.
     */
    async requestEmailChange(actor: Actor, newEmail: string, headers: Headers): Promise<EmailChange> {
      if (newEmail === actor.email) return { outcome: 'unchanged', cookies: [] };
      if (await repo.emailExists(newEmail, actor.userId)) throw emailTaken();
      // The mail goes to an address of the caller's choosing with the caller's chosen name in it.
      const { count, mailLimits } = deps;
      await takeOne(count, `email-change:${actor.userId}`, mailLimits.changesPerPerson, tooManyChanges);
      await takeOne(count, `mail-to:${addressKey(newEmail)}`, mailLimits.perRecipient, tooManyToAddress);
      const res = await call(() =>
        auth.api.changeEmail({ body: { newEmail, callbackURL: '/' }, headers, returnHeaders: true }),
      );
      const who = await repo.findMe(actor.userId);
      await deps.emailChanges.started({
        userId: actor.userId,
        oldEmail: actor.email,
        newEmail,
        name: who?.name ?? '',
        language: who?.language ?? 'en',
      });
      return { outcome: 'pending', cookies: res.headers.getSetCookie() };
    },

    /** A person leaves: refused while an order of theirs is open (the list says which to finish or cancel first). */
    async deactivate(actor: Actor) {
      if (actor.role === 'admin')
        throw new AppError('FORBIDDEN', 'Admin accounts are deactivated by another admin', 403);
      const open = await deps.openOrders(actor.userId);
      if (open.length > 0) throw new AppError('ACCOUNT_HAS_OPEN_ORDERS', OPEN_ORDERS_MESSAGE, 409, { orders: open });
      await deactivateAccount(actor.userId);
    },

    /** An admin's deactivation (the console), whatever is open: the caller then moves open orders into disputes. */
    deactivateAccount,

    async reactivateAccount(userId: string) {
      await repo.reactivate(userId);
      forget(userId);
    },

    /** An admin lifts the sign-in lock (decision 005) on an address: what was lifted, or null when nothing was kept. */
    unlockSignIn: (email: string) => repo.unlockSignIn(email.toLowerCase(), new Date()),

    async completeOnboarding(actor: Actor) {
      await repo.completeOnboarding(actor.userId);
      forget(actor.userId);
      return me(actor.userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
