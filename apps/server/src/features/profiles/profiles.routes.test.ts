import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, mailOutbox, users } from '../../db/schema.ts';
import { createTestApp, ORIGIN, registerUser, type TestApp, uniqueEmail } from '../../test/harness.ts';
import { GIF_1PX, multipartFile, PNG_1PX } from '../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkOf = (text: string) => /(http\S+verify-email\S+)/.exec(text)![1]!.replace(ORIGIN, '');

const uploadAvatar = (cookie: string, filename: string, type: string, bytes: Buffer) => {
  const { body, contentType } = multipartFile('file', filename, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: { cookie, origin: ORIGIN, 'content-type': contentType },
    payload: body,
  });
};

describe('profile', () => {
  it('updates name, last name and mobile', async () => {
    const u = await registerUser(t);
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: u.cookie,
      body: { name: 'Mariam', lastname: 'Lomidze', mobile: '+995 599 11 22 33', email: u.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailChangePending: false,
      user: { name: 'Mariam', lastname: 'Lomidze', mobile: '+995 599 11 22 33' },
    });
    const [user] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, u.userId));
    expect(user!.name).toBe('Mariam Lomidze');
  });

  it('refuses blank names and changes nothing', async () => {
    const u = await registerUser(t);
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: u.cookie,
      body: { name: ' ', lastname: 'X', mobile: '', email: u.email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.name).toEqual(['Name is required']);
    const [row] = await t.db.select().from(clients).where(eq(clients.userId, u.userId));
    expect(row!.name).toBe('Test');
  });

  it("changes a verified account's email only after the link sent to the new address is opened", async () => {
    const u = await registerUser(t);
    const [first] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    await t.req({ url: linkOf(first!.text), cookie: u.cookie, origin: null });
    const next = uniqueEmail('moved');
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: u.cookie,
      body: { name: 'Test', lastname: 'Person', mobile: '', email: next },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailChangePending: true, user: { email: u.email, emailVerified: true } });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, next));
    expect(mail!.subject).toBe('Confirm your new email address');
    const opened = await t.req({ url: linkOf(mail!.text), cookie: u.cookie, origin: null });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/#verified=email_change');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const me = await t.req({ url: '/api/me', cookie: u.cookie });
    expect(me.json().user).toMatchObject({ email: next, emailVerified: true });
  });

  it("waits for the link on an unverified account too: the unproven address is never the account's", async () => {
    const u = await registerUser(t, 'influencer', { emailVerified: false });
    const next = uniqueEmail('typo-fixed');
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: u.cookie,
      body: { name: 'Test', lastname: 'Person', mobile: '', email: next },
    });
    expect(res.json()).toMatchObject({ emailChangePending: true, user: { email: u.email, emailVerified: false } });
    expect(Object.keys(res.json())).not.toContain('emailChanged');
    // Until the link is opened the old address signs in and the new one does not.
    const early = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: next, password: u.password },
    });
    expect(early.statusCode).toBe(401);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, next));
    expect(mail!.subject).toBe('Confirm your new email address');
    // Opened elsewhere (no session): the address is confirmed, nobody is signed in, the opener is sent to sign in.
    const opened = await t.req({ url: linkOf(mail!.text), origin: null });
    expect(opened.headers.location).toBe('/auth#verified=email_change');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const signedIn = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: next, password: u.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: next, emailVerified: true });
  });

  it('two accounts asking for one new address: the first link opened wins, the other changes nothing', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const wanted = uniqueEmail('wanted');
    for (const who of [a, b]) {
      const res = await t.req({
        method: 'PATCH',
        url: '/api/me/profile',
        cookie: who.cookie,
        body: { name: 'Test', lastname: 'Person', mobile: '', email: wanted },
      });
      expect(res.json().emailChangePending).toBe(true);
    }
    const links = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, wanted))).map((m) => linkOf(m.text));
    expect(links).toHaveLength(2);
    const results = await Promise.all(links.map((url) => t.req({ url, origin: null })));
    const locations = results.map((r) => r.headers.location);
    expect(locations.filter((l) => l === '/auth#verified=email_change')).toHaveLength(1);
    expect(locations.filter((l) => l?.includes('error_code=email_taken'))).toHaveLength(1);
    const emails = await Promise.all(
      [a, b].map(async (who) => (await t.req({ url: '/api/me', cookie: who.cookie })).json().user.email),
    );
    expect(emails.filter((e) => e === wanted)).toHaveLength(1);
    expect(emails).toContain(emails.includes(a.email) ? a.email : b.email);
    // Once taken, asking for it is refused at once.
    const late = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: (await registerUser(t)).cookie,
      body: { name: 'Test', lastname: 'Person', mobile: '', email: wanted },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('EMAIL_TAKEN');
  });

  it("refuses another account's email", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: b.cookie,
      body: { name: 'B', lastname: 'B', mobile: '', email: a.email },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    const [row] = await t.db.select().from(clients).where(eq(clients.userId, b.userId));
    expect(row!.name).toBe('Test');
  });

  it('needs a session', async () => {
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      body: { name: 'a', lastname: 'b', mobile: '', email: 'a@b.test' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('avatar', () => {
  it('stores a PNG under the user id and serves it with its type', async () => {
    const u = await registerUser(t, 'influencer');
    const res = await uploadAvatar(u.cookie, 'me.png', 'image/png', PNG_1PX);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(new RegExp(`^/uploads/${u.userId}/\\d+\\.png$`));
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.avatarUrl).toBe(url);
  });

  it('judges the type by content, not by name or declared type', async () => {
    const u = await registerUser(t);
    const fake = await uploadAvatar(u.cookie, 'photo.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Please choose a JPG, PNG or GIF image.',
    });
    const gif = await uploadAvatar(u.cookie, 'weird-name.bin', 'application/octet-stream', GIF_1PX);
    expect(gif.statusCode).toBe(200);
    expect(gif.json().avatarUrl).toMatch(/\.gif$/);
  });

  it('refuses files over 5MB', async () => {
    const u = await registerUser(t);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await uploadAvatar(u.cookie, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.avatarUrl).toBeNull();
  });

  it('needs a session and a multipart body', async () => {
    expect((await uploadAvatar('', 'a.png', 'image/png', PNG_1PX)).statusCode).toBe(401);
    const u = await registerUser(t);
    const json = await t.req({ method: 'POST', url: '/api/me/avatar', cookie: u.cookie, body: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });
});
