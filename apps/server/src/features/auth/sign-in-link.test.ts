// Issue 21 §6: ten wrong passwords from ten addresses locked any account, admins included, for 15 minutes, and the
// owner could do nothing but wait. The lock stays; the right password now mails the owner a one-time link, and the
// caller is told exactly what any locked address is told. Addresses without an account are never locked themselves.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, signInFailures, verifications } from '../../db/schema.ts';
import {
  cookieOf,
  createAdminAccount,
  createTestApp,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, i = 0) =>
  t.req({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: `198.51.100.${i + 1}`, body: { email, password } });
async function lockOut(email: string) {
  for (let i = 0; i < 10; i++) expect((await signIn(email, `guess-${i}`, i)).statusCode).toBe(401);
}
const linkMails = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject === 'Your sign-in link');
/** The link arrives a moment after the answer (so the answer's time cannot tell the password was right). */
async function linkIn(to: string, count = 1): Promise<string> {
  const mails = await vi.waitFor(async () => {
    const found = await linkMails(to);
    expect(found).toHaveLength(count);
    return found;
  });
  const url = /(http\S+\/api\/auth\/sign-in-link\?token=\S+)/.exec(mails.at(-1)!.text)?.[1];
  expect(url).toBeDefined();
  return new URL(url!).pathname + new URL(url!).search;
}
const open = (path: string, cookie?: string) => t.req({ url: path, cookie });

describe('a locked account', () => {
  it('lets its owner (an admin here) in by a mailed one-time link; the caller hears only what any locked address hears', async () => {
    const admin = await createAdminAccount(t);
    await lockOut(admin.email);

    const right = await signIn(admin.email, admin.password, 50);
    const wrong = await signIn(admin.email, 'still-guessing', 51);
    expect([right.statusCode, wrong.statusCode]).toEqual([429, 429]);
    expect(right.json()).toEqual(wrong.json());
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(right.json().error).toEqual({
      code: 'ACCOUNT_LOCKED',
      message:
        'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again. If you entered the ' +
        'right password, check your email for a link that signs you in now.',
    });
    // Only the right password mailed a link, and the table keeps no usable token.
    const path = await linkIn(admin.email);
    const token = new URLSearchParams(path.split('?')[1]).get('token')!;
    const stored = await t.db.select().from(verifications).where(like(verifications.identifier, 'sign-in-link:%'));
    expect(stored.some((v) => v.identifier.includes(token) || v.value.includes(token))).toBe(false);

    // The link signs this browser in once, as that admin; whoever was signed in here before is signed out.
    const someoneElse = await registerUser(t);
    const landed = await open(path, someoneElse.cookie);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/');
    const cookie = cookieOf(landed);
    const me = await t.req({ url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: admin.userId, role: 'admin' });
    expect((await t.req({ url: '/api/me', cookie: someoneElse.cookie })).statusCode).toBe(401);

    // Used up: a second click (or a racing tab) gets nothing and is told why.
    const again = await open(path);
    expect(again.headers.location).toMatch(/^\/auth#error=access_denied&error_code=sign_in_link_invalid&/);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The lock stands for everyone else.
    expect((await signIn(admin.email, admin.password, 52)).statusCode).toBe(429);
    await linkIn(admin.email, 2);
  });

  it('an expired or forged link signs nobody in', async () => {
    const u = await registerUser(t);
    await lockOut(u.email);
    await signIn(u.email, u.password, 60);
    const path = await linkIn(u.email);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, 'sign-in-link:%'));
    for (const p of [path, `${path}x`, '/api/auth/sign-in-link?token=AAAA']) {
      const res = await open(p);
      expect(res.statusCode).toBe(302);
      expect(new URLSearchParams(res.headers.location!.split('#')[1]).get('error_description')).toBe(
        'This sign-in link is no longer valid: each link works once, for 15 minutes. Sign in with your email and password.',
      );
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a deactivated account is mailed no link', async () => {
    const u = await registerUser(t);
    await lockOut(u.email);
    const gone = await t.req({
      method: 'POST',
      url: '/api/me/deactivate',
      cookie: u.cookie,
      body: { confirmation: 'delete me' },
    });
    expect(gone.statusCode).toBe(200);
    const res = await signIn(u.email, u.password, 70);
    expect(res.json().error.code).toBe('ACCOUNT_LOCKED');
    // Another account's link arrives: by then this one's would have too.
    const other = await registerUser(t);
    await lockOut(other.email);
    await signIn(other.email, other.password, 71);
    await linkIn(other.email);
    expect(await linkMails(u.email)).toEqual([]);
  });
});

describe('an address without an account', () => {
  it('is answered exactly like a locked account, but no lock is kept under it: a later sign-up starts unlocked', async () => {
    const ghost = uniqueEmail('ghost');
    await lockOut(ghost);
    const res = await signIn(ghost, 'any-pass-1', 80);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again. If you entered the ' +
        'right password, check your email for a link that signs you in now.',
    );
    expect(await t.db.select().from(signInFailures).where(eq(signInFailures.email, ghost))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(signInFailures)
        .where(and(like(signInFailures.email, 'unknown:%'))),
    ).not.toEqual([]);
    const registered = await t.req({
      method: 'POST',
      url: '/api/auth/register',
      body: { role: 'client', email: ghost, password: 'ghost-pass-1', name: 'G', lastname: 'H', acceptTerms: true },
    });
    expect(registered.statusCode).toBe(201);
    expect((await signIn(ghost, 'ghost-pass-1', 81)).statusCode).toBe(200);
    expect(await linkMails(ghost)).toEqual([]);
  });
});
