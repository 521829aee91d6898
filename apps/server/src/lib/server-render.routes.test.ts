// Pages rendered on the server (issue 11 §3), from the server's side: what it hands the web app's renderer (the
// person's bootstrap, and GET requests made as that person through the app's own guards), and what it makes of the
// renderer's answer. A stand-in renderer module in a temporary build folder reports what it was given; the real one
// is tested in apps/web/src/entry-server.test.tsx and, hydrated in Chromium, by every e2e journey.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../test/harness.ts';
import { pageTemplate } from './server-render.ts';

const INDEX = `<!doctype html><html><head>
<meta name="app-config" content="{}" />
<title>Influence — Connecting influencers with brands</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/boot-1.js">
</head><body>
<div id="root"><main>Loading...</main></div>
<template id="entry-shell"><div>Splash</div></template>
</body></html>`;

// Answers by the address: a page that names itself and shows what the server gave it, a redirect, a refusal to
// render, a failure; `get` is asked for what the query string lists.
const RENDERER = `
export function configure(config) { globalThis.__renderConfig = config; }
export function serializeServerState(state) { return JSON.stringify(state).replace(/</g, '\\\\u003c'); }
export async function render({ url, boot, get, wide }) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  if (pathname === '/away') return { kind: 'redirect', to: '/auth' };
  if (pathname === '/declined') return { kind: 'browser', reason: 'not this one' };
  if (pathname === '/broken') throw new Error('boom');
  const answers = {};
  for (const path of searchParams.getAll('get')) answers[path] = await get(path);
  const who = boot.user ? boot.user.email : 'nobody';
  return { kind: 'page', html: '<main>Hello ' + who + '</main>', title: '<Hello> & welcome', state: { boot, answers, wide } };
}
`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ssr-dist-'));
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), RENDERER);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t?.close());

/** The state the page carries for the browser. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(html)![1]!);

describe('a page rendered on the server', () => {
  it('shows nobody signed in the screen the renderer drew, with the data it was drawn with, and names it', async () => {
    const res = await t.app.inject({ url: '/hello' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"><main>Hello nobody</main></div>');
    // The splash template and the shell's preload are not part of a drawn page: its code loads after it paints.
    expect(res.body).not.toContain('entry-shell');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<title>&lt;Hello&gt; &amp; welcome</title>');
    expect(stateOf(res.body).boot).toMatchObject({ user: null, unreadCount: null });
    expect(stateOf(res.body).boot.categories.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The server's runtime settings reached the renderer once, at start.
    expect((globalThis as { __renderConfig?: unknown }).__renderConfig).toMatchObject({ splashMs: 2000 });
  });

  it("draws a signed-in person's page from their own requests, and no shared cache may keep it", async () => {
    const client = await registerUser(t, 'client');
    const res = await t.app.inject({
      url: '/hello?get=/api/me&get=/api/campaigns?limit=2',
      headers: { cookie: client.cookie },
    });
    expect(res.body).toContain(`<main>Hello ${client.email}</main>`);
    const { boot, answers } = stateOf(res.body);
    expect(boot.user.email).toBe(client.email);
    expect(answers['/api/me'].status).toBe(200);
    expect(answers['/api/me'].body).toContain(client.email);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('cookie');
  });

  it("asks only the API, and only what the person may see: the app's guards answer the renderer too", async () => {
    const influencer = await registerUser(t, 'influencer');
    const res = await t.app.inject({
      url: '/hello?get=/api/admin/support&get=/dev/mailbox&get=/etc/passwd',
      headers: { cookie: influencer.cookie },
    });
    const { answers } = stateOf(res.body);
    expect(answers['/api/admin/support'].status).toBe(403);
    expect(answers['/dev/mailbox'].status).toBe(404);
    expect(answers['/etc/passwd'].status).toBe(404);
    const admin = await signInAdmin(t);
    const asAdmin = stateOf(
      (await t.app.inject({ url: '/hello?get=/api/admin/support', headers: { cookie: admin } })).body,
    );
    expect(asAdmin.answers['/api/admin/support'].status).toBe(200);
  });

  it('draws the wide layout where the browser said it shows it, else where Chromium says it is a desktop', async () => {
    const wide = async (headers: Record<string, string>) =>
      stateOf((await t.app.inject({ url: '/hello', headers })).body).wide;
    expect(await wide({})).toBe(false);
    expect(await wide({ 'sec-ch-ua-mobile': '?1' })).toBe(false);
    expect(await wide({ 'sec-ch-ua-mobile': '?0' })).toBe(true);
    expect(await wide({ cookie: 'influence.layout=wide' })).toBe(true);
    // The browser's own word wins over the guess (a narrow desktop window).
    expect(await wide({ cookie: 'a=1; influence.layout=narrow', 'sec-ch-ua-mobile': '?0' })).toBe(false);
  });

  // The auth page's own forms are handled (lib/auth-form-posts.ts, decision 035); any other page takes no post.
  it('refuses a form the browser sends itself to a page (before the app runs): nothing is rendered or kept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/hello',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nino%40example.test&password=secret-pass-1',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('server-state');
  });

  it('answers a redirect with an HTTP redirect', async () => {
    const res = await t.app.inject({ url: '/away' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });

  it('hands the page to the browser when the renderer declines or fails', async () => {
    for (const url of ['/declined', '/broken']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"><main>Loading...</main></div>');
      expect(res.body).not.toContain('server-state');
      // The browser renders it itself: the shell is preloaded as before.
      expect(res.body).toContain('modulepreload');
    }
  });

  it('leaves the entry to the browser (its splash), sends pages compressed and never serves the renderer', async () => {
    const entry = await t.app.inject({ url: '/' });
    expect(entry.body).toContain('<div id="root"><div>Splash</div></div>');
    const compressed = await t.app.inject({ url: '/hello', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect((await t.app.inject({ url: '/ssr/entry-server.js' })).statusCode).toBe(404);
    const miss = await t.app.inject({ url: '/api/nothing-here' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json().error.code).toBe('NOT_FOUND');
  });
});

describe('pageTemplate', () => {
  it('needs the #root the build writes; without it the browser renders every page', () => {
    expect(pageTemplate('<html><body>nothing</body></html>')).toBeNull();
    expect(pageTemplate(INDEX)).toMatchObject({ before: expect.stringMatching(/<div id="root">$/) });
  });
});
