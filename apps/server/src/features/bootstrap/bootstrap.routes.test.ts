// Issue 11 §3: the app's first request answers what the session, the categories and the unread count answered.
import { bootstrapResponse } from '@app/shared/common/bootstrap.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

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
    expect(res.json()).toMatchObject({ user: null, unreadCount: null });
  });

  describe("?screen: the cold load's screen data comes along", () => {
    const withScreen = (screen: string, cookie?: string) =>
      t.req({ url: `/api/bootstrap?screen=${encodeURIComponent(screen)}`, ...(cookie ? { cookie } : {}) });

    it("answers the screen's GET as that GET answers the same person, status and JSON alike", async () => {
      const u = await registerUser(t, 'influencer');
      for (const screen of ['/api/campaigns?limit=12', '/api/orders?limit=10', '/api/chats?limit=20']) {
        const res = await withScreen(screen, u.cookie);
        expect(res.statusCode, screen).toBe(200);
        const body = bootstrapResponse.parse(res.json());
        const direct = await t.req({ url: screen, cookie: u.cookie });
        expect(body.screen, screen).toMatchObject({ url: screen, status: direct.statusCode });
        expect(JSON.parse(body.screen!.body), screen).toEqual(direct.json());
      }
      // What the person may not see is refused there as it would be on its own: an influencer and the directory.
      const refused = bootstrapResponse.parse((await withScreen('/api/influencers?limit=24', u.cookie)).json());
      expect(refused.screen).toMatchObject({ status: 403 });
      expect(JSON.parse(refused.screen!.body)).toEqual(
        (await t.req({ url: '/api/influencers?limit=24', cookie: u.cookie })).json(),
      );
      // A campaign that does not exist: its 404, not a failed bootstrap.
      const missing = await withScreen('/api/campaigns/00000000-0000-7000-8000-000000000000', u.cookie);
      expect(missing.statusCode).toBe(200);
      expect(bootstrapResponse.parse(missing.json()).screen).toMatchObject({ status: 404 });
    });

    it('signed out or not asked: no screen', async () => {
      expect(bootstrapResponse.parse((await withScreen('/api/campaigns?limit=12')).json()).screen).toBeNull();
      const u = await registerUser(t);
      expect(
        bootstrapResponse.parse((await t.req({ url: '/api/bootstrap', cookie: u.cookie })).json()).screen,
      ).toBeNull();
    });

    it("refuses anything but a screen's first request (400), so it cannot reach other routes", async () => {
      const u = await registerUser(t);
      for (const screen of [
        '/api/admin/payouts',
        '/api/me/iban',
        '/api/campaigns?limit=12&cursor=abc',
        'http://evil.test/api/home',
        '//evil.test/api/home',
        '/api/bootstrap?screen=/api/home',
        '/api/campaigns/../admin/payouts',
      ]) {
        const res = await withScreen(screen, u.cookie);
        expect(res.statusCode, screen).toBe(400);
        expect(res.json().error.code, screen).toBe('VALIDATION_ERROR');
      }
    });
  });
});
