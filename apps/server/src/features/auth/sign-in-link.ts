import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@app/shared/i18n/language';
import { APIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import type { Mail, Mailer } from '../../integrations/mail/mailer.ts';
import type { HitCounter } from '../../lib/rate-limit.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { BetterAuth } from './better-auth.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';

/**
 * The one-time sign-in link a locked account's owner is mailed when they give the right password (decision 005,
 * addendum). The token is 32 random bytes; only its SHA-256 is stored, so the table alone signs nobody in.
 */
export function newSignInLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSignInLinkToken(token) };
}

export const hashSignInLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The mail with the link; kept beside the feature because it is the only place that sends it. */
export function signInLinkMail(to: string, url: string, minutes: number, language: Language = 'en'): Mail {
  if (language === 'ka') {
    const body =
      'ვიღაცამ, იმედია თქვენ, ახლახან სწორი პაროლი შეიყვანა თქვენს Influence-ის ანგარიშზე, როცა შესვლა ძალიან ბევრი ' +
      `არასწორი პაროლის გამო შეჩერებულია. შესასვლელად გახსენით ეს ბმული: ის ერთხელ მუშაობს, იმ ბრაუზერში, სადაც გახსნით, ` +
      `${minutes} წუთის განმავლობაში.` +
      `\n\n${url}\n\nთუ ეს თქვენ არ იყავით, ნუ გახსნით: თქვენი პაროლი სხვამ იცის. შეჩერების დასრულების შემდეგ შედით და ` +
      'შეცვალეთ ის: პარამეტრები → უსაფრთხოება.';
    return { to, subject: 'თქვენი შესვლის ბმული', text: body };
  }
  const text =
    `Someone, we hope you, just entered the right password for your Influence account while sign-in to it is paused ` +
    `after too many wrong passwords. Open this link to sign in: it works once, in the browser you open it in, for ` +
    `${minutes} minutes.` +
    `\n\n${url}\n\nIf it was not you, do not open it: your password is known to someone else. Sign in once the ` +
    'pause is over and change it in Settings → Security.';
  return { to, subject: 'Your sign-in link', text };
}

const LINK_TTL_MS = 15 * 60_000;
/** Links one account may be mailed per window (a refusal past it is silent: it would tell that the password was right). */
const LINKS_PER_WINDOW = 3;

const failed = (code: string, description: string) =>
  `/auth#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`;
const INVALID_LINK =
  'This sign-in link is no longer valid: each link works once, for 15 minutes. Sign in with your email and password.';

/**
 * While an address is locked, its owner can still get in: the right password mails a one-time link (after the answer
 * has left, so neither the answer nor its time tells the caller the password was right), and opening the link signs
 * that browser in once. The lock itself stays: a guesser is still refused everything.
 */
export function createSignInLinks(deps: {
  db: Db;
  repo: AuthRepository;
  auth: BetterAuth;
  mailer: Mailer;
  count: HitCounter;
  publicUrl: string;
  now: () => Date;
  log?: { error: (o: object, m: string) => void };
}) {
  const { db, repo, auth, mailer } = deps;
  let dummy: Promise<string> | undefined;
  // Checked against when the address has no account or no password, so every locked answer costs one hash.
  const dummyHash = () => {
    dummy ??= hashPassword(randomBytes(16).toString('hex'));
    return dummy;
  };

  async function mailLink(userId: string, email: string, at: Date) {
    if (await repo.isDeactivated(email)) return;
    if ((await deps.count(`sign-in-link:${userId}`, LINK_TTL_MS)).current > LINKS_PER_WINDOW) return;
    const language = (await repo.findMe(userId))?.language ?? 'en';
    const { token, tokenHash } = newSignInLinkToken();
    const url = `${deps.publicUrl}/api/auth/sign-in-link?${new URLSearchParams({ token })}`;
    await db.transaction(async (tx) => {
      await repo.createSignInLink({ tokenHash, userId, expiresAt: new Date(at.getTime() + LINK_TTL_MS), now: at }, tx);
      await mailer.send(signInLinkMail(email, url, LINK_TTL_MS / 60_000, language), { tx });
    });
  }

  return {
    /** Called for every sign-in to a locked address, before the same refusal whatever happens here. */
    async offerWhileLocked(input: { email: string; password: string }, userId: string | null, at: Date) {
      const hash = userId ? await repo.passwordHashOf(userId) : null;
      const right = await verifyPassword({ hash: hash ?? (await dummyHash()), password: input.password });
      if (!right || !userId || !hash) return;
      void mailLink(userId, input.email, at).catch((err) => deps.log?.error({ err }, 'sign-in link not sent'));
    },

    /**
     * Opens a link: used up in one statement, then a session for its account made by better-auth. Where to go next:
     * the app, or /auth with the reason in the hash (the sign-in screen shows it).
     */
    async open(token: string, headers: Headers): Promise<{ location: string; cookies: string[] }> {
      const userId = await repo.consumeSignInLink(hashSignInLinkToken(token), deps.now());
      if (!userId) return { location: failed('sign_in_link_invalid', INVALID_LINK), cookies: [] };
      try {
        const res = await auth.api.startLinkSession({ body: { userId }, headers, returnHeaders: true });
        return { location: '/', cookies: res.headers.getSetCookie() };
      } catch (e) {
        if (!(e instanceof APIError) || e.statusCode >= 500) throw e;
        const body = (e.body ?? {}) as { code?: string; message?: string };
        return {
          location: failed((body.code ?? 'sign_in_link_invalid').toLowerCase(), body.message ?? INVALID_LINK),
          cookies: [],
        };
      }
    },
  };
}
export type SignInLinks = ReturnType<typeof createSignInLinks>;
