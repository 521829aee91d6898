// Issue 11 §1: a signed-in request's session comes from memory, yet a session that ends is refused on the very next
// request, on this instance and on every other (each test first makes the session cached, by using it).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { clients, sessions } from '../../db/schema.ts';
import { createTestApp, registerUser, signIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string, on: TestApp = t) => on.req({ url: '/api/me', cookie });
const post = (url: string, cookie: string, body: object = {}, on: TestApp = t) =>
  on.req({ method: 'POST', url, cookie, body });

/** Resolves once `app` has forgotten this person (its LISTEN heard the database's trigger, or it forgot locally). */
const forgotten = (on: TestApp, userId: string) =>
  new Promise<void>((resolve) => {
    const off = on.app.sessionCache!.onForget((id) => {
      if (id !== userId) return;
      off();
      resolve();
    });
  });

/** Used twice: the second request is answered from the cache. */
async function cached(cookie: string, on: TestApp = t) {
  expect((await me(cookie, on)).statusCode).toBe(200);
  expect((await me(cookie, on)).statusCode).toBe(200);
}

describe('session cache', () => {
  it('is on: the sessions in use are kept in memory', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    expect(t.app.sessionCache!.size).toBeGreaterThan(0);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    expect((await post('/api/auth/sign-out', u.cookie)).statusCode).toBe(200);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await t.req({ url: '/api/campaigns', cookie: u.cookie })).statusCode).toBe(401);
  });

  it('ends every other session at once when the password changes', async () => {
    const u = await registerUser(t);
    const other = await signIn(t, u.email, u.password);
    await cached(u.cookie);
    await cached(other);
    const res = await post('/api/me/password', u.cookie, {
      currentPassword: u.password,
      newPassword: 'another-pass-2',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuses a deactivated account on the very next request', async () => {
    const u = await registerUser(t, 'influencer');
    const other = await signIn(t, u.email, u.password);
    await cached(other);
    const res = await post('/api/me/deactivate', u.cookie, { confirmation: 'delete me' });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuses a session revoked in the database by any other path (a script, an admin tool)', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    const gone = forgotten(t, u.userId);
    await t.db.delete(sessions).where(eq(sessions.userId, u.userId));
    await gone;
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('refuses a session that expired while cached', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    const gone = forgotten(t, u.userId);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, u.userId));
    await gone;
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('shows a profile change and a deactivation made in the database on the next request', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    let gone = forgotten(t, u.userId);
    await t.db.update(clients).set({ name: 'Renamed' }).where(eq(clients.userId, u.userId));
    await gone;
    expect((await me(u.cookie)).json().user.name).toBe('Renamed');
    gone = forgotten(t, u.userId);
    await t.db.update(clients).set({ isActive: false }).where(eq(clients.userId, u.userId));
    await gone;
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('shows a profile saved through the API on the very next request', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    const res = await t.req({
      method: 'PATCH',
      url: '/api/me/profile',
      cookie: u.cookie,
      body: { name: 'Nino', lastname: 'Beridze', mobile: '', email: u.email },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(u.cookie)).json().user).toMatchObject({ name: 'Nino', lastname: 'Beridze' });
  });

  it('never serves one cookie for another: a forged or repeated session cookie is not taken from the cache', async () => {
    const u = await registerUser(t);
    await cached(u.cookie);
    // The session's own cookie (sign-up also sets the language cookie, issue 26).
    const session = u.cookie.split('; ').find((c) => c.includes('session_token'))!;
    const [name, value] = session.split('=') as [string, string];
    expect((await me(`${name}=${value.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await me(`${name}=bogus; ${u.cookie}`)).statusCode).not.toBe(500);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({}, { database: await openPostgres(t.databaseUrl!) });
  });
  afterAll(() => b.close());

  it('a session signed out on A is refused on B once the notification is in (not after the cache lifetime)', async () => {
    const u = await registerUser(t);
    await cached(u.cookie, b);
    const gone = forgotten(b, u.userId);
    expect((await post('/api/auth/sign-out', u.cookie)).statusCode).toBe(200);
    await gone;
    expect((await me(u.cookie, b)).statusCode).toBe(401);
  });

  it('a password change on A ends the other sessions on B', async () => {
    const u = await registerUser(t);
    const other = await signIn(t, u.email, u.password);
    await cached(other, b);
    const gone = forgotten(b, u.userId);
    const res = await post('/api/me/password', u.cookie, {
      currentPassword: u.password,
      newPassword: 'another-pass-2',
    });
    expect(res.statusCode).toBe(200);
    await gone;
    expect((await me(other, b)).statusCode).toBe(401);
  });

  it('a deactivation on A is refused on B', async () => {
    const u = await registerUser(t, 'influencer');
    await cached(u.cookie, b);
    const gone = forgotten(b, u.userId);
    expect((await post('/api/me/deactivate', u.cookie, { confirmation: 'delete me' })).statusCode).toBe(200);
    await gone;
    expect((await me(u.cookie, b)).statusCode).toBe(401);
  });
});
