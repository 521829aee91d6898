import type { OpenOrderItem } from '@app/shared/auth/auth.schemas';
import { getCookies } from 'better-auth/cookies';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { allOf } from '../../lib/feature.ts';
import { createGuards } from '../../lib/guards.ts';
import type { HitCounter } from '../../lib/rate-limit.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { type CachedSession, createAuthService } from './auth.service.ts';
import { createBetterAuth } from './better-auth.ts';
import { createEmailChangeRepository } from './email-change.repository.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { createEmailChanges } from './email-change.ts';
import type { SessionCache } from './session-cache.ts';
import { createSignInLinks } from './sign-in-link.ts';

type Log = Parameters<typeof createBetterAuth>[0]['log'] & { error: (o: object, m: string) => void };

/** Accounts and sessions: sign-up, sign-in (with its lock and one-time links), e-mail verification, the guards. */
export function createAuthFeature(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessionCache: SessionCache<CachedSession> | null;
  count: HitCounter;
  log: Log;
  /** The orders that keep a person's account open (issue 23 §2). */
  openOrders: (userId: string) => Promise<OpenOrderItem[]>;
}) {
  const { db, config, mailer, count } = deps;
  const repo = createAuthRepository(db);
  const betterAuth = createBetterAuth({ db, config, mailer, repo, log: deps.log });
  const sessionCookieName = getCookies(betterAuth.options).sessionToken.name;
  const m = config.rateLimitMultiplier;
  const emailChanges = createEmailChanges({
    repo: createEmailChangeRepository(db),
    mailer,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthService({
    db,
    auth: betterAuth,
    repo,
    secret: config.authSecret,
    mailer,
    // Per address across every instance (the per-address-and-IP limit is per instance): 10 wrong passwords in 15
    // minutes pause sign-in to that address for 15 minutes and mail its owner.
    signInLock: { max: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    count,
    links: createSignInLinks({
      db,
      repo,
      auth: betterAuth,
      mailer,
      count,
      publicUrl: config.publicUrl,
      now: () => new Date(),
      log: deps.log,
    }),
    mailLimits: {
      perRecipient: { max: 5 * m, windowMs: 60 * 60_000 },
      changesPerPerson: { max: 5 * m, windowMs: 60 * 60_000 },
    },
    sessions: deps.sessionCache ? { cache: deps.sessionCache, cookieName: sessionCookieName } : undefined,
    openOrders: deps.openOrders,
    emailChanges,
  });
  const guards = createGuards(auth);
  const limits = { signIn: 10 * m, signUp: 5 * m, resend: 3 * m, password: 5 * m, avatar: 10 * m };
  return {
    plugin: allOf(
      authRoutes({ auth, guards, limits, secureCookies: config.publicUrl.startsWith('https://') }),
      emailChangeRoutes({ auth, changes: emailChanges, guards, resendPerMinute: limits.resend }),
    ),
    auth,
    guards,
    limits,
    sessionCookieName,
  };
}
export type AuthFeature = ReturnType<typeof createAuthFeature>;
