import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import {
  cookieOf,
  createTestApp,
  openTestDatabase,
  request,
  type TestApp,
  testConfig,
  uniqueEmail,
} from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports health with the database engine', async () => {
    const res = await t.req({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers unknown API routes and bad JSON in the one error shape', async () => {
    const missing = await t.req({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTypeOf('string');
    expect(bad.json().error.message).toBeTypeOf('string');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.req({ url: '/api/health', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('documents every API route in OpenAPI', async () => {
    const res = await t.req({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/register',
      '/api/auth/sign-in',
      '/api/me',
      '/api/me/profile',
      '/api/me/avatar',
      '/api/categories',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.json().paths['/api/auth/register'].post.requestBody).toBeDefined();
  });

  it('shows the local mailbox only while mail is local', async () => {
    expect((await t.req({ url: '/dev/mailbox' })).statusCode).toBe(200);
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect((await smtp.req({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe('when the database is down', () => {
  it('health says 503, and a signed-in browser is told to retry (503, Retry-After), not "signed out"', async () => {
    const database = await openTestDatabase();
    const lines: { level: number; msg: string }[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn' }),
      database,
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      const reg = await request(app, {
        method: 'POST',
        url: '/api/auth/register',
        body: {
          role: 'client',
          email: uniqueEmail('down'),
          password: 'secret-pass-1',
          name: 'A',
          lastname: 'B',
          acceptTerms: true,
        },
      });
      expect((await request(app, { url: '/api/auth/session', cookie: cookieOf(reg) })).json().user).not.toBeNull();
      // A session this instance has not looked up yet (one in use may still be answered from the session cache).
      const signedIn = await request(app, {
        method: 'POST',
        url: '/api/auth/sign-in',
        body: { email: reg.json().user.email, password: 'secret-pass-1' },
      });
      await database.close();
      expect((await request(app, { url: '/api/health' })).statusCode).toBe(503);
      const session = await request(app, { url: '/api/auth/session', cookie: cookieOf(signedIn) });
      expect(session.statusCode).toBe(503);
      expect(session.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(session.headers['retry-after']).toBe('5');
      const me = await request(app, { url: '/api/me', cookie: cookieOf(signedIn) });
      expect([me.statusCode, me.json().error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      // One warning per refused request, and no error (pino: 40 warn, 50 error).
      const outage = lines.filter((l) => l.msg === 'database unavailable: answered 503');
      expect(outage.map((l) => l.level)).toEqual([40, 40]);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('single-page app', () => {
  it('serves index.html for app routes with the runtime config, and 404 JSON for API misses', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><meta name="app-config" content="{}" /></head><body>app</body></html>',
    );
    writeFileSync(join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist, SPLASH_MS: '123' }), database, logger: false });
    try {
      for (const url of ['/', '/auth', '/campaigns/123', '/client-wizard-2']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('&quot;splashMs&quot;:123');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ url: '/assets/main-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ url: '/api/unknown' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('paints the branded splash first on the app entry and the loading screen on every other screen', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><meta name="app-config" content="{}" /></head><body>' +
        '<div id="root"><main>Loading...</main></div>\n<template id="entry-shell"><div>Splash</div></template>' +
        '</body></html>',
    );
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database, logger: false });
    try {
      const entry = (await app.inject({ url: '/' })).body;
      expect(entry).toContain('<div id="root"><div>Splash</div></div>');
      expect(entry).not.toContain('<main>Loading...</main>');
      for (const url of ['/auth', '/campaigns/123']) {
        expect((await app.inject({ url })).body).toContain('<div id="root"><main>Loading...</main></div>');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
