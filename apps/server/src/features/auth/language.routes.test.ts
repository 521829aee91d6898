// Issue 26: the language a person reads is theirs to choose, kept on their account and in their browser's cookie,
// and before any choice the browser's Accept-Language decides (decision 034).
import { LANGUAGE_COOKIE } from '@app/shared/i18n/language';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { cookieOf, createTestApp, registerUser, signIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bootLanguage = async (headers: Record<string, string>, cookie?: string) =>
  (await t.req({ url: '/api/bootstrap', headers, cookie })).json().language;
const setCookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '');

describe('the language of a request', () => {
  it('follows Accept-Language by its weights until the browser has chosen, then the cookie', async () => {
    expect(await bootLanguage({})).toBe('en');
    expect(await bootLanguage({ 'accept-language': 'ka-GE,ka;q=0.9,en;q=0.8' })).toBe('ka');
    expect(await bootLanguage({ 'accept-language': 'ru;q=1, en;q=0.5, ka;q=0.7' })).toBe('ka');
    expect(await bootLanguage({ 'accept-language': 'de-DE, fr;q=0.5' })).toBe('en');
    expect(await bootLanguage({ 'accept-language': 'ka;q=0, en' })).toBe('en');
    expect(await bootLanguage({ 'accept-language': 'ka' }, `${LANGUAGE_COOKIE}=en`)).toBe('en');
    expect(await bootLanguage({}, `${LANGUAGE_COOKIE}=ka`)).toBe('ka');
    // A cookie naming a language we do not have is ignored.
    expect(await bootLanguage({ 'accept-language': 'ka' }, `${LANGUAGE_COOKIE}=xx`)).toBe('ka');
  });

  it('signed out: PUT /api/language keeps the choice in a cookie only, and refuses a language we do not have', async () => {
    const res = await t.req({ method: 'PUT', url: '/api/language', body: { language: 'ka' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'ka' });
    expect(setCookieOf(res)).toContain(`${LANGUAGE_COOKIE}=ka; Path=/; Max-Age=31536000; SameSite=Lax`);
    const bad = await t.req({ method: 'PUT', url: '/api/language', body: { language: 'ru' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('signed in: the choice is kept on the account, wins over any browser, and comes back with sign-in', async () => {
    const u = await registerUser(t, 'client');
    const me = async (cookie: string) => (await t.req({ url: '/api/me', cookie })).json().user;
    expect((await me(u.cookie)).language).toBe('en');
    const res = await t.req({ method: 'PUT', url: '/api/language', body: { language: 'ka' }, cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    // At once, on this instance (the session cache forgets the person).
    expect((await me(u.cookie)).language).toBe('ka');
    expect(await bootLanguage({ 'accept-language': 'en' }, `${u.cookie}; ${LANGUAGE_COOKIE}=en`)).toBe('ka');
    // Another browser: signing in hands it the person's language as its cookie.
    const signedIn = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: u.password },
    });
    expect(setCookieOf(signedIn)).toContain(`${LANGUAGE_COOKIE}=ka`);
    expect(cookieOf(signedIn)).toContain(`${LANGUAGE_COOKIE}=ka`);
    expect(await signIn(t, u.email, u.password)).toBeTruthy();
  });

  it('a new account starts in the language its browser was using, and its verification mail is written in it', async () => {
    const u = await registerUser(t, 'influencer', {}, { cookie: `${LANGUAGE_COOKIE}=ka` });
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.language).toBe('ka');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mail?.subject).toBe('დაადასტურეთ თქვენი ელფოსტა');
    expect(mail?.text).toContain('გამარჯობა, Test');
    const en = await registerUser(t, 'client', {}, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    const [enMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, en.email));
    expect(enMail?.subject).toBe('Confirm your email address');
  });
});

describe('the server’s messages', () => {
  const wrongPassword = (headers: Record<string, string>, cookie?: string) =>
    t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: 'nobody@example.com', password: 'x' },
      headers,
      cookie,
    });

  it('arrive in the reader’s language: a refusal, and a schema’s field messages', async () => {
    const ka = await wrongPassword({}, `${LANGUAGE_COOKIE}=ka`);
    expect(ka.statusCode).toBe(401);
    expect(ka.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'ელფოსტა ან პაროლი არასწორია' });

    const invalid = await t.req({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'ka-GE,ka;q=0.9' },
      body: {
        role: 'client',
        email: 'not-an-email',
        password: 'secret-pass-1',
        name: '',
        lastname: 'B',
        acceptTerms: true,
      },
    });
    expect(invalid.statusCode).toBe(400);
    const { fieldErrors } = invalid.json().error.details;
    expect(fieldErrors.email).toEqual(['გთხოვთ, შეიყვანოთ სწორი ელფოსტის მისამართი']);
    expect(fieldErrors.name).toEqual(['სახელი სავალდებულოა']);
  });

  it('stay exactly as the spec writes them in English', async () => {
    const en = await wrongPassword({ 'accept-language': 'en' });
    expect(en.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });
});
