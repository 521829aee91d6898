import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { changeEmailMail, verificationMail } from '../../integrations/mail/templates.ts';
import { isDatabaseUnavailable } from '../../lib/pg-errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { signInLinkPlugin } from './sign-in-link.plugin.ts';

export const DEACTIVATED_MESSAGE =
  'This account has been deactivated. Contact support@influence.ge if you want it restored.';

/**
 * better-auth owns sessions, sign-in, e-mail verification and e-mail/password changes. Sign-up is ours
 * (auth.service.ts) so the user, the role row and the categories are written in one transaction.
 * Its HTTP handler is not mounted wholesale: our routes call auth.api.* so every endpoint has a shared zod
 * contract, our error shape and our rate limits (docs/decisions/001-auth-library.md).
 */
export function createBetterAuth(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  repo: AuthRepository;
  /** The app's log: better-auth's own lines go there (as JSON with the rest), not to the console. */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
}) {
  const { db, config, mailer, repo } = deps;
  const ttlHours = Math.round(config.emailVerificationTtlSeconds / 3600);
  return betterAuth({
    appName: 'Influence',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    logger: {
      level: config.env === 'test' ? 'error' : 'warn',
      log: (level, message, ...args) => {
        // A database outage is said once per request by the error handler (a 503); this line would repeat it.
        if (args.some(isDatabaseUnavailable)) return;
        const err = args.find((a) => a instanceof Error);
        deps.log?.[level]({ err, args: err ? undefined : args }, `better-auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    user: {
      additionalFields: { role: { type: 'string', required: true, input: false } },
      // Every change waits for the new address to be confirmed by its link (spec §5), verified account or not:
      // until then the old address stays, so nobody is ever shown an address its owner has not proven.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The spec signs a new user in straight away; the profile shows 'Not Verified' until the link is opened.
      requireEmailVerification: false,
      // The same scrypt, queued so a burst of sign-ins never occupies the whole libuv pool (password-hasher.ts).
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: {
      expiresIn: config.emailVerificationTtlSeconds,
      // Links are opened by our own route (auth.service verifyEmail), which confirms and never signs in.
      autoSignInAfterVerification: false,
      sendOnSignUp: false,
      sendVerificationEmail: async ({ user, url }) => {
        // better-auth sends the change-email link through this hook too, with the *new* address on the user.
        const stored = await repo.findMe(user.id);
        // In the person's language (decision 034); an account that never chose one reads English.
        const language = stored?.language ?? 'en';
        const name = stored?.name || user.name;
        const mail =
          stored && stored.email !== user.email
            ? changeEmailMail(user.email, name, url, ttlHours, language)
            : verificationMail(user.email, name, url, ttlHours, language);
        await mailer.send(mail);
      },
    },
    session: { expiresIn: config.sessionTtlSeconds, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false }, // ours, per route, in auth.routes.ts
    // A locked account's owner signs in by a mailed one-time link (auth.service signInWithLink).
    plugins: [signInLinkPlugin()],
    advanced: {
      cookiePrefix: 'influence',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, path: '/' },
      ipAddress: { ipAddressHeaders: ['x-influence-client-ip'] },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account gets no new session, whichever way it signs in.
          before: async (session) => {
            if ((await repo.findMe(session.userId))?.isActive === false) {
              throw new APIError('FORBIDDEN', { message: DEACTIVATED_MESSAGE, code: 'ACCOUNT_DEACTIVATED' });
            }
          },
        },
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
