// Issue 11 §3: the app's first request answers what the session, the categories and the unread count answered.
import { bootstrapResponse } from '@app/shared/common/bootstrap.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/bootstrap', () => {
  it('signed out: nobody, no unread count, and the categories as GET /api/categories lists them', async () => {
    const res = await t.req({ url: '/api/bootstrap' });
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponse.parse(res.json());
    expect(body.user).toBeNull();
    expect(body.unreadCount).toBeNull();
    expect(body.noticeCount).toBeNull();
    expect(body.categories).toEqual((await t.req({ url: '/api/categories' })).json().items);
    expect(body.categories.length).toBeGreaterThan(0);
  });

  it('signed in: the person as /api/me shows them and the unread count of the Chat tab, never cached', async () => {
    const u = await registerUser(t, 'influencer');
    const res = await t.req({ url: '/api/bootstrap', cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = bootstrapResponse.parse(res.json());
    expect(body.user).toEqual((await t.req({ url: '/api/me', cookie: u.cookie })).json().user);
    expect(body.unreadCount).toBe((await t.req({ url: '/api/chat/unread-count', cookie: u.cookie })).json().count);
    const bell = await t.req({ url: '/api/notifications/unread-count', cookie: u.cookie });
    expect(body.noticeCount).toBe(bell.json().count);
  });

  it("support's bootstrap has no bell count (support has no bell)", async () => {
    const admin = await signInAdmin(t);
    const body = bootstrapResponse.parse((await t.req({ url: '/api/bootstrap', cookie: admin })).json());
    expect(body.user?.role).toBe('admin');
    expect(body.noticeCount).toBeNull();
  });

  it('a deactivated account is signed out here too', async () => {
    const u = await registerUser(t);
    const deactivated = await t.req({
      method: 'POST',
      url: '/api/me/deactivate',
      cookie: u.cookie,
      body: { confirmation: 'delete me' },
    });
    expect(deactivated.statusCode).toBe(200);
    const res = await t.req({ url: '/api/bootstrap', cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: null, unreadCount: null, noticeCount: null });
  });

  it("brings no screen's data along: the pages are rendered with theirs, and it asks no other route", async () => {
    // Until issue 22 a cold load's bootstrap also answered `?screen=<the screen's first GET>`; the server now renders
    // every screen with its data, and measured, the extra answer no longer paid (docs/performance.md).
    const u = await registerUser(t, 'influencer');
    const res = await t.req({ url: `/api/bootstrap?screen=${encodeURIComponent('/api/me/iban')}`, cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['categories', 'language', 'noticeCount', 'unreadCount', 'user']);
  });
});
