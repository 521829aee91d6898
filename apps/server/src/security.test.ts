// Issue 8 (security hardening): each attack from the probe, reproduced through HTTP, now refused. Marketplace points
// (10, hired campaigns by id, the invitation racing a delete) live beside their features' own tests.
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { clients, mailOutbox, signInFailures } from './db/schema.ts';
import { createTestApp, registerUser, signIn, type TestApp, uniqueEmail } from './test/harness.ts';
import { multipartFile, PNG_1PX } from './test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRANGER = '203.0.113.9';

describe('8.1 the local mailbox is for this machine only', () => {
  it('answers a stranger 404 (page and API), and a proxied request too; the person at the machine sees it', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      expect((await t.req({ url, remoteAddress: STRANGER })).statusCode).toBe(404);
      expect((await t.req({ url, headers: { 'x-forwarded-for': STRANGER } })).statusCode).toBe(404);
      expect((await t.req({ url, headers: { forwarded: `for=${STRANGER}` } })).statusCode).toBe(404);
      expect((await t.req({ url, remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
      expect((await t.req({ url })).statusCode).toBe(200);
    }
    const leaked = await t.req({ url: '/api/dev/mailbox', remoteAddress: STRANGER });
    expect(leaked.body).not.toContain('@');
  });

  it('does not exist in production, which refuses to start without SMTP_URL', async () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/never-used' };
    expect(() => loadConfig(prod)).toThrow(/SMTP_URL is required in production/);
    const bank = { BOG_CLIENT_ID: 'id', BOG_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...prod, ...bank, SMTP_URL: 'smtp://127.0.0.1:9' }).localMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: t.config.dataDir }).localMailbox).toBe(true);
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect((await smtp.req({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await smtp.req({ url: '/dev/mailbox' })).body).not.toContain('Local mailbox');
    } finally {
      await smtp.close();
    }
  });

  it("a stranger holding someone's verification link confirms the address but gets no session", async () => {
    const victim = await registerUser(t);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim.email));
    const link = /(http\S+verify-email\S+)/.exec(mail!.text)![1]!.replace(t.config.publicUrl, '');
    const opened = await t.req({ url: link, origin: null, remoteAddress: STRANGER });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(opened.headers.location).toBe('/auth#verified=email');
  });
});

describe('8.2 CSRF: every unsafe method is judged, however the path is spelled', () => {
  let victim: { cookie: string; userId: string };
  beforeAll(async () => {
    victim = await registerUser(t);
  });
  const onboarded = async () =>
    (await t.db.select({ v: clients.isOnboarded }).from(clients).where(eq(clients.userId, victim.userId)))[0]!.v;

  it('refuses /%61pi/…, //api/…, /x/../api/… and the plain path from a foreign origin', async () => {
    for (const url of [
      '/%61pi/me/onboarding/complete',
      '/%2561pi/me/onboarding/complete',
      '//api/me/onboarding/complete',
      '/x/../api/me/onboarding/complete',
      '/api/me/onboarding/complete',
    ]) {
      const res = await t.req({ method: 'POST', url, cookie: victim.cookie, origin: 'http://evil.example' });
      expect([403, 404], `${url} → ${res.statusCode}`).toContain(res.statusCode);
    }
    const routed = await t.req({
      method: 'POST',
      url: '/%61pi/campaigns',
      cookie: victim.cookie,
      origin: 'http://localhost:3001',
      body: { socials: ['instagram'], title: 'Forged', description: 'x', budget: 5, deadline: null },
    });
    expect(routed.statusCode).toBe(403);
    expect(routed.json().error.code).toBe('CSRF_REJECTED');
    expect(await onboarded()).toBe(false);
  });

  it('refuses an absolute-form request target over a real socket', async () => {
    const live = await createTestApp();
    try {
      const who = await registerUser(live);
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = live.app.server.address() as net.AddressInfo;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(
            `POST http://127.0.0.1:${port}/api/me/onboarding/complete HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
              `Origin: http://evil.example\r\nCookie: ${who.cookie}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
          ),
        );
        let data = '';
        socket.on('data', (d) => {
          data += d;
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 (403|404)/);
      const [row] = await live.db.select().from(clients).where(eq(clients.userId, who.userId));
      expect(row!.isOnboarded).toBe(false);
    } finally {
      await live.close();
    }
  });

  it('still lets the app itself write, and cookieless callers through', async () => {
    const res = await t.req({ method: 'POST', url: '/api/me/onboarding/complete', cookie: victim.cookie });
    expect(res.statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: '/api/auth/sign-out', origin: 'http://evil.example' })).statusCode).toBe(
      200,
    );
  });
});

describe('8.3 a deeply nested body is a 400, not a stack overflow', () => {
  it('answers 400 to [[[…]]] 5,000 deep on any POST, signed out', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/nested more than 32 levels/);
  });
});

describe('8.4 a malformed upload is a 400', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await registerUser(t)).cookie;
  });

  it('without a boundary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'multipart/form-data' },
      payload: 'nothing here',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTypeOf('string');
  });

  it('cut short in the middle of the file', async () => {
    const { body, contentType } = multipartFile('file', 'a.png', 'image/png', PNG_1PX);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': contentType },
      payload: body.subarray(0, body.length - 40),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_UPLOAD');
    expect((await t.req({ url: '/api/me', cookie })).json().user.avatarUrl).toBeNull();
  });
});

describe('8.5 a NUL in a query string or a path parameter is a 400', () => {
  it('covers the query and the params, not only bodies', async () => {
    const q = await t.req({ url: '/api/dev/mailbox?to=%00' });
    expect(q.statusCode).toBe(400);
    expect(q.json().error.details.fieldErrors['query.to']).toBeDefined();
    const client = await registerUser(t);
    const p = await t.req({ url: '/api/campaigns/%00', cookie: client.cookie });
    expect(p.statusCode).toBe(400);
  });
});

describe('rate limits keyed by the person (8.6, 8.11)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => limited.close());

  it('8.6 password change: a decoy cookie gets no fresh allowance; the 6th wrong password in a minute is 429', async () => {
    const u = await registerUser(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await limited.req({
        method: 'POST',
        url: '/api/me/password',
        cookie: `x_session_token=decoy${i}; y.session_token=${i}; ${u.cookie}`,
        body: { currentPassword: `wrong-${i}`, newPassword: 'another-pass-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Another session of the same person shares the count.
    const second = await signIn(limited, u.email, u.password);
    const other = await limited.req({
      method: 'POST',
      url: '/api/me/password',
      cookie: second,
      body: { currentPassword: u.password, newPassword: 'another-pass-1' },
    });
    expect(other.statusCode).toBe(429);
  });

  it('8.11 avatar uploads: at most 10 per person per 10 minutes, and the replaced file is deleted', async () => {
    const u = await registerUser(limited);
    const urls: string[] = [];
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const { body, contentType } = multipartFile('file', 'a.png', 'image/png', PNG_1PX);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/me/avatar',
        headers: { cookie: u.cookie, origin: 'http://localhost:3000', 'content-type': contentType },
        payload: body,
      });
      last = res.statusCode;
      if (res.statusCode === 200) urls.push(res.json().avatarUrl);
      // Distinct file names: they carry a millisecond timestamp.
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(urls).toHaveLength(10);
    expect(last).toBe(429);
    const onDisk = (url: string) => existsSync(join(limited.config.storageDir, url.replace('/uploads/', '')));
    expect(urls.slice(0, -1).filter(onDisk)).toEqual([]);
    expect(onDisk(urls.at(-1)!)).toBe(true);
  });
});

describe('8.8 deactivated accounts are no password oracle', () => {
  it('answers the same 403 for the right and a wrong password', async () => {
    const u = await registerUser(t);
    await t.req({ method: 'POST', url: '/api/me/deactivate', cookie: u.cookie, body: { confirmation: 'delete me' } });
    const right = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: u.password },
    });
    const wrong = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: u.email, password: 'nope-nope' },
    });
    expect([right.statusCode, wrong.statusCode]).toEqual([403, 403]);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().error.code).toBe('ACCOUNT_DEACTIVATED');
  });
});

describe('sign-in is limited per account, whatever the address it comes from', () => {
  it('locks the account after 10 wrong passwords from 10 addresses, mails the owner once, and unlocks later', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.req({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: `198.51.100.${i + 1}`,
        body: { email: u.email, password: `guess-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '198.51.100.200',
      body: { email: u.email, password: u.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(locked.json().error.message).toMatch(/wait 15 minutes/);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails.filter((m) => m.subject === 'Sign-in to your account is paused')).toHaveLength(1);
    // The lock ends; the right password then signs in and clears the count.
    await t.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInFailures.email, u.email));
    expect(
      (await t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email: u.email, password: u.password } }))
        .statusCode,
    ).toBe(200);
    expect(await t.db.select().from(signInFailures).where(eq(signInFailures.email, u.email))).toEqual([]);
  });

  it('an unknown address is counted alike (the lock tells nothing) but nobody is mailed', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 11; i++) {
      await t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email: ghost, password: `g-${i}` } });
    }
    const res = await t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email: ghost, password: 'x' } });
    expect(res.statusCode).toBe(429);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, ghost))).toEqual([]);
  });
});
