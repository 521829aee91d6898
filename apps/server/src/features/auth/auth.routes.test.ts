import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, influencerCategories, influencers, mailOutbox, users } from '../../db/schema.ts';
import {
  categoryIds,
  cookieOf,
  createTestApp,
  registerUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';
import { createAuthRepository } from './auth.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = (over: Record<string, unknown> = {}) => ({
  role: 'client',
  email: uniqueEmail('reg'),
  password: 'secret-pass-1',
  name: 'Nino',
  lastname: 'Beridze',
  acceptTerms: true,
  ...over,
});
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const latestMail = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).sort((a, b) => +b.createdAt - +a.createdAt)[0];
const linkIn = (text: string) => /(http\S+verify-email\S+)/.exec(text)![1]!;

describe('register', () => {
  it('creates a client, signs them in and mails a verification link', async () => {
    const body = base({ mobile: '+995 555 000 111', companyId: '404000111' });
    const res = await t.req({ method: 'POST', url: '/api/auth/register', body });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      role: 'client',
      email: body.email,
      emailVerified: false,
      isOnboarded: false,
      name: 'Nino',
      lastname: 'Beridze',
      companyId: '404000111',
    });
    const me = await t.req({ url: '/api/me', cookie: cookieOf(res) });
    expect(me.json().user.id).toBe(user.id);
    const [row] = await t.db.select().from(clients).where(eq(clients.userId, user.id));
    expect(row).toMatchObject({ mobile: '+995 555 000 111', isActive: true, isOnboarded: false });
    expect((await latestMail(body.email))?.subject).toBe('Confirm your email address');
  });

  it('creates an influencer with their categories in the same transaction', async () => {
    const ids = (await categoryIds(t)).slice(0, 3);
    const res = await t.req({
      method: 'POST',
      url: '/api/auth/register',
      body: base({ role: 'influencer', categoryIds: ids }),
    });
    expect(res.statusCode).toBe(201);
    const [inf] = await t.db.select().from(influencers).where(eq(influencers.userId, res.json().user.id));
    const cats = await t.db.select().from(influencerCategories).where(eq(influencerCategories.influencerId, inf!.id));
    expect(cats.map((c) => c.categoryId).sort()).toEqual([...ids].sort());
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const { email } = await registerUser(t);
    const before = await countUsers();
    const res = await t.req({ method: 'POST', url: '/api/auth/register', body: base({ email: email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a weak password', { password: '12345' }, 'password', 'Password must be at least 6 characters long'],
    ['a missing name', { name: '  ' }, 'name', 'Name is required'],
    ['a missing last name', { lastname: undefined }, 'lastname', 'Last name is required'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['a missing email', { email: '' }, 'email', 'Please enter your email address'],
    ['unticked terms', { acceptTerms: false }, 'acceptTerms', 'Please agree to the terms and policies'],
    ['an unknown role', { role: 'superuser' }, 'role', 'Please choose an account type'],
    ['the admin role', { role: 'admin' }, 'role', 'Please choose an account type'],
    [
      'a company ID from an influencer',
      { role: 'influencer', companyId: '123', categoryIds: ['00000000-0000-4000-8000-000000000000'] },
      'companyId',
      'Company ID can only be given by clients',
    ],
    [
      'an influencer with no category',
      { role: 'influencer' },
      'categoryIds',
      'Please select at least one category that matches your content.',
    ],
    ['a bad mobile', { mobile: 'call me' }, 'mobile', 'Please enter a valid mobile number'],
  ])('refuses %s and writes nothing', async (_name, over, field, message) => {
    const before = await countUsers();
    const res = await t.req({ method: 'POST', url: '/api/auth/register', body: base(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.fieldErrors[field]).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a category that exists but is not among the 8 offered', async () => {
    const res = await t.req({ url: '/api/categories' });
    const notOffered = (res.json().items as { id: string; offered: boolean }[]).find((c) => !c.offered)!;
    const before = await countUsers();
    const reg = await t.req({
      method: 'POST',
      url: '/api/auth/register',
      body: base({ role: 'influencer', categoryIds: [notOffered.id] }),
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().error.details.fieldErrors.categoryIds).toEqual(['Please choose from the offered categories']);
    expect(await countUsers()).toBe(before);
  });

  it('refuses categories that do not exist', async () => {
    const before = await countUsers();
    const res = await t.req({
      method: 'POST',
      url: '/api/auth/register',
      body: base({ role: 'influencer', categoryIds: ['7b0e9a52-1111-4c2e-9a55-000000000000'] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('UNKNOWN_CATEGORY');
    expect(await countUsers()).toBe(before);
  });

  it('writes user, credential, role row and categories atomically: a failing category leaves nothing', async () => {
    const before = await countUsers();
    const repo = createAuthRepository(t.db);
    const email = uniqueEmail('atomic');
    const account = {
      id: crypto.randomUUID(),
      role: 'influencer' as const,
      email,
      passwordHash: 'x',
      name: 'A',
      lastname: 'B',
      mobile: null,
      companyId: null,
    };
    // A category that vanished between the check and the insert: the foreign key fails last, after the role row.
    await expect(
      t.db.transaction((tx) =>
        repo.createAccount({ ...account, categoryIds: ['7b0e9a52-2222-4c2e-9a55-000000000000'] }, tx),
      ),
    ).rejects.toThrow();
    expect(await countUsers()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses categories from a client', async () => {
    const ids = (await categoryIds(t)).slice(0, 1);
    const res = await t.req({ method: 'POST', url: '/api/auth/register', body: base({ categoryIds: ids }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.categoryIds).toBeDefined();
  });

  it('signs out whoever was signed in on this browser first', async () => {
    const first = await registerUser(t);
    const res = await t.req({ method: 'POST', url: '/api/auth/register', body: base(), cookie: first.cookie });
    expect(res.statusCode).toBe(201);
    expect((await t.req({ url: '/api/me', cookie: first.cookie })).statusCode).toBe(401);
  });
});

describe('sign in and out', () => {
  it('signs in with the right password and keeps the session until sign-out', async () => {
    const u = await registerUser(t, 'influencer');
    const cookie = await signIn(t, u.email.toUpperCase(), u.password);
    expect(cookie).toMatch(/influence\.session_token=/);
    expect((await t.req({ url: '/api/me', cookie })).json().user.email).toBe(u.email);
    const out = await t.req({ method: 'POST', url: '/api/auth/sign-out', cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.req({ url: '/api/me', cookie })).statusCode).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const u = await registerUser(t);
    const wrong = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: 'nope-nope' },
    });
    const unknown = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: uniqueEmail(), password: 'nope-nope' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
  });

  it('needs both email and password', async () => {
    const res = await t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You must provide either an email or phone number and a password');
  });

  it('signing out without a session still succeeds', async () => {
    expect((await t.req({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(200);
  });

  it('reports the session as null when signed out, and the user when signed in', async () => {
    expect((await t.req({ url: '/api/auth/session' })).json()).toEqual({ user: null });
    const u = await registerUser(t);
    expect((await t.req({ url: '/api/auth/session', cookie: u.cookie })).json().user.email).toBe(u.email);
  });

  it('answers /api/me with 401 when signed out', async () => {
    const res = await t.req({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts from one address', async () => {
    const fresh = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const attempt = () =>
        fresh.req({
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email: 'x@example.test', password: 'wrong-pass' },
          headers: { 'x-forwarded-for': '1.2.3.4' },
        });
      const codes = [];
      for (let i = 0; i < 11; i++) codes.push((await attempt()).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      const last = await attempt();
      expect(last.statusCode).toBe(429);
      expect(last.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await fresh.close();
    }
  });
});

describe('rate limits across instances', () => {
  it('count in the database: ten attempts split over two instances, and the eleventh is refused on either', async () => {
    const a = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    // A second instance on the same database (on PostgreSQL the same server; on PGlite the same process).
    const b = await createTestApp(
      { RATE_LIMIT_MULTIPLIER: '1' },
      { database: { ...a.database, close: async () => {} } },
    );
    try {
      const attempt = (on: typeof a) =>
        on.req({
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email: 'spread@example.test', password: 'wrong-pass' },
          remoteAddress: '192.0.2.10',
        });
      const codes = [];
      for (let i = 0; i < 10; i++) codes.push((await attempt(i % 2 ? b : a)).statusCode);
      expect(codes).toEqual(Array(10).fill(401));
      const onA = await attempt(a);
      const onB = await attempt(b);
      expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
      expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await a.req({
        method: 'POST',
        url: '/api/auth/sign-in',
        body: { email: 'elsewhere@example.test', password: 'wrong-pass' },
        remoteAddress: '192.0.2.11',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('rate limits on sign-up, resend and password change', () => {
  it('limits sign-ups (5/min) and verification resends (3/min) per address, password changes (5/min) per session', async () => {
    const fresh = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const signUps = [];
      for (let i = 0; i < 6; i++) {
        signUps.push((await fresh.req({ method: 'POST', url: '/api/auth/register', body: base() })).statusCode);
      }
      expect(signUps).toEqual([201, 201, 201, 201, 201, 429]);

      const resends = [];
      for (let i = 0; i < 4; i++) {
        resends.push(
          (await fresh.req({ method: 'POST', url: '/api/auth/resend-verification', body: { email: uniqueEmail() } }))
            .statusCode,
        );
      }
      expect(resends).toEqual([200, 200, 200, 429]);

      // Sign-in has its own, larger budget; the account is one of those made above.
      const [first] = await fresh.db.select({ email: users.email }).from(users).limit(1);
      const cookie = await signIn(fresh, first!.email, 'secret-pass-1');
      const changes = [];
      for (let i = 0; i < 6; i++) {
        const body = { currentPassword: 'wrong-password', newPassword: 'brand-new-1' };
        changes.push((await fresh.req({ method: 'POST', url: '/api/me/password', cookie, body })).statusCode);
      }
      expect(changes).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await fresh.close();
    }
    // Six registrations hash six passwords (scrypt): 12-19 s alone, past 30 s on a loaded 2-core machine.
  }, 90_000);
});

describe('email verification', () => {
  it('opens the link in the browser that registered: verified, still signed in, sent to / with the news', async () => {
    const u = await registerUser(t);
    const res = await t.req({
      url: linkIn((await latestMail(u.email))!.text).replace('http://localhost:3000', ''),
      cookie: u.cookie,
      origin: null,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#verified=email');
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await t.req({ url: '/api/me', cookie: u.cookie });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('opened anywhere else, the link confirms the address but signs nobody in (issue 8.1)', async () => {
    const u = await registerUser(t);
    const link = linkIn((await latestMail(u.email))!.text).replace('http://localhost:3000', '');
    const stranger = await t.req({ url: link, origin: null });
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe('/auth#verified=email');
    expect(stranger.headers['set-cookie']).toBeUndefined();
    expect((await t.req({ url: '/api/me', cookie: cookieOf(stranger) })).statusCode).toBe(401);
    // A browser signed in as someone else gains nothing either.
    const other = await registerUser(t);
    const again = await t.req({ url: link, cookie: other.cookie, origin: null });
    expect(again.headers.location).toBe('/auth#verified=email');
    expect((await t.req({ url: '/api/me', cookie: other.cookie })).json().user.id).toBe(other.userId);
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.emailVerified).toBe(true);
  });

  it('sends an expired link to /auth with otp_expired in the hash', async () => {
    const short = await createTestApp({ EMAIL_VERIFICATION_TTL_SECONDS: '1' });
    try {
      const u = await registerUser(short);
      const [mail] = await short.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.req({ url: linkIn(mail!.text).replace('http://localhost:3000', ''), origin: null });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/auth#error=access_denied&error_code=otp_expired/);
    } finally {
      await short.close();
    }
  });

  it('sends a forged link to /auth with its own description', async () => {
    const res = await t.req({ url: '/api/auth/verify-email?token=not-a-token', origin: null });
    expect(res.headers.location).toMatch(/^\/auth#error=access_denied&error_code=invalid_token&error_description=/);
  });

  it('resends a link, and answers the same for unknown addresses', async () => {
    const u = await registerUser(t);
    const ok = await t.req({ method: 'POST', url: '/api/auth/resend-verification', body: { email: u.email } });
    expect(ok.statusCode).toBe(200);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails.length).toBe(2);
    const unknown = await t.req({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email: uniqueEmail() },
    });
    expect(unknown.statusCode).toBe(200);
    const empty = await t.req({ method: 'POST', url: '/api/auth/resend-verification', body: { email: '' } });
    expect(empty.json().error.message).toBe('Please enter your email address');
  });
});

describe('password change', () => {
  it('checks the current password, ends other sessions and keeps this one', async () => {
    const u = await registerUser(t);
    const other = await signIn(t, u.email, u.password);
    const wrong = await t.req({
      method: 'POST',
      url: '/api/me/password',
      cookie: u.cookie,
      body: { currentPassword: 'wrong-one', newPassword: 'brand-new-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect(wrong.json().error.details.fieldErrors.currentPassword).toEqual(['Your current password is incorrect']);
    const short = await t.req({
      method: 'POST',
      url: '/api/me/password',
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: '123' },
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
    const empty = await t.req({
      method: 'POST',
      url: '/api/me/password',
      cookie: u.cookie,
      body: { currentPassword: '', newPassword: 'brand-new-1' },
    });
    expect(empty.json().error.message).toBe('Please fill in all password fields');

    const ok = await t.req({
      method: 'POST',
      url: '/api/me/password',
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: 'brand-new-1' },
    });
    expect(ok.statusCode).toBe(200);
    const current = cookieOf(ok) || u.cookie;
    expect((await t.req({ url: '/api/me', cookie: current })).statusCode).toBe(200);
    expect((await t.req({ url: '/api/me', cookie: other })).statusCode).toBe(401);
    await signIn(t, u.email, 'brand-new-1');
    const old = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: u.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/me/password',
      body: { currentPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('deactivation', () => {
  it('needs exactly "delete me"', async () => {
    const u = await registerUser(t);
    for (const confirmation of ['Delete me', 'delete  me', 'delete', '']) {
      const res = await t.req({ method: 'POST', url: '/api/me/deactivate', cookie: u.cookie, body: { confirmation } });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).statusCode).toBe(200);
  });

  it('deactivates, signs out everywhere, and refuses the next sign-in with the reason', async () => {
    const u = await registerUser(t, 'influencer');
    const other = await signIn(t, u.email, u.password);
    const res = await t.req({
      method: 'POST',
      url: '/api/me/deactivate',
      cookie: u.cookie,
      body: { confirmation: 'delete me' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(influencers).where(eq(influencers.userId, u.userId));
    expect(row!.isActive).toBe(false);
    expect((await t.req({ url: '/api/me', cookie: other })).statusCode).toBe(401);
    const again = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: u.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    expect(again.json().error.message).toMatch(/deactivated/);
  });
});

describe('onboarding', () => {
  it('marks the role row onboarded', async () => {
    const u = await registerUser(t);
    const res = await t.req({ method: 'POST', url: '/api/me/onboarding/complete', cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isOnboarded).toBe(true);
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.isOnboarded).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.req({ method: 'POST', url: '/api/me/onboarding/complete' })).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write from another origin, or with no origin', async () => {
    const u = await registerUser(t);
    const foreign = await t.req({
      method: 'POST',
      url: '/api/me/onboarding/complete',
      cookie: u.cookie,
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF_REJECTED');
    const none = await t.req({ method: 'POST', url: '/api/me/onboarding/complete', cookie: u.cookie, origin: null });
    expect(none.statusCode).toBe(403);
    const [row] = await t.db.select().from(clients).where(eq(clients.userId, u.userId));
    expect(row!.isOnboarded).toBe(false);
  });
});
