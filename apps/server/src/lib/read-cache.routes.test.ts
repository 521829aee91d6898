// Issue 11 §2: the hottest reads are answered from memory, yet every change is seen on the very next read: by the
// writer at once, by every other viewer as soon as the database's notification arrives (at once on PGlite, a moment
// after commit on PostgreSQL, on this instance and on a second one sharing the database).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { campaigns } from '../db/schema.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof registerUser>>;
const get = async (url: string, p: Person, on: TestApp = t) => {
  const res = await on.req({ url, cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = async (url: string, p: Person, body?: object, on: TestApp = t) => {
  const res = await on.req({ method: 'POST', url, cookie: p.cookie, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const newCampaign = (client: Person, title: string, on: TestApp = t) =>
  post(
    '/api/campaigns',
    client,
    { socials: ['instagram'], title, description: 'A reel', budget: 150, deadline: null },
    on,
  );
const titles = (page: { items: { title: string }[] }) => page.items.map((c) => c.title);

/** Read twice: the second answer comes from memory (the hit counter says so). */
async function cached(url: string, p: Person, on: TestApp = t) {
  await get(url, p, on);
  const hits = on.app.readCache.stats().hits;
  const body = await get(url, p, on);
  expect(on.app.readCache.stats().hits).toBe(hits + 1);
  return body;
}

describe('read cache', () => {
  it('shows a new campaign in a cached feed, and a client’s own campaign in their cached list, at once', async () => {
    const client = await registerUser(t, 'client');
    const influencer = await registerUser(t, 'influencer');
    await newCampaign(client, 'First drop');
    await cached('/api/campaigns', influencer);
    await cached('/api/campaigns', client);
    await newCampaign(client, 'Second drop');
    // Straight through inject, without the harness's sync: the write's own answer left only once its change had
    // reached this instance's cache (PostgreSQL: app.ts's onSend; PGlite: before the write returned).
    const own = await t.app.inject({ url: '/api/campaigns', headers: { cookie: client.cookie } });
    expect(titles(own.json())[0]).toBe('Second drop');
    expect(titles(await get('/api/campaigns', client))[0]).toBe('Second drop');
    expect(titles(await get('/api/campaigns', influencer))[0]).toBe('Second drop');
  });

  it('shows a change made by hand in the database, on the campaign and in the lists', async () => {
    const client = await registerUser(t, 'client');
    const influencer = await registerUser(t, 'influencer');
    const c = await newCampaign(client, 'Before');
    await cached(`/api/campaigns/${c.id}`, influencer);
    await cached('/api/campaigns', influencer);
    await t.db.update(campaigns).set({ title: 'After' }).where(eq(campaigns.id, c.id));
    // PGlite hears the trigger before the update returns; PostgreSQL a moment after commit.
    await expect.poll(async () => (await get(`/api/campaigns/${c.id}`, influencer)).title).toBe('After');
    await expect.poll(async () => titles(await get('/api/campaigns', influencer))).toContain('After');
  });

  it('counts a new message in the cached badge and moves its chat up the cached list', async () => {
    const client = await registerUser(t, 'client');
    const influencer = await registerUser(t, 'influencer');
    const c = await newCampaign(client, 'Chatty');
    const applied = await post(`/api/campaigns/${c.id}/applications`, influencer);
    await post(`/api/applications/${applied.application.id}/accept`, client);
    const chatId = (await get('/api/chats', client)).items[0].id as string;
    const before = (await cached('/api/chat/unread-count', client)).count as number;
    await cached('/api/chats', client);
    await post(`/api/chats/${chatId}/messages`, influencer, { clientId: randomUUID(), content: 'Hello there' });
    await expect.poll(async () => (await get('/api/chat/unread-count', client)).count).toBe(before + 1);
    const list = await get('/api/chats', client);
    expect(list.items[0].id).toBe(chatId);
    expect(list.items[0].unreadCount).toBeGreaterThan(0);
    // Read by the client: the badge in /api/bootstrap drops at once for the reader.
    await post(`/api/chats/${chatId}/read`, client);
    expect((await get('/api/bootstrap', client)).unreadCount).toBe(before);
  });

  it('keeps a truncated table’s answers from being served', async () => {
    const client = await registerUser(t, 'client');
    await newCampaign(client, 'Soon gone');
    await cached('/api/campaigns', client);
    const stamp = t.app.readCache.stats();
    // A TRUNCATE has no rows; the statement trigger still says which table changed.
    await t.db.execute(sql`truncate table ratings`);
    // (On PostgreSQL the notification leaves at commit: well within the poll, far within the answers' lifetime.)
    await expect
      .poll(async () => {
        await get('/api/campaigns', client);
        return t.app.readCache.stats().misses;
      })
      .toBeGreaterThan(stamp.misses);
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, a second instance on the same database', () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await createTestApp({}, { database: await openPostgres(t.databaseUrl!) });
    });
    afterAll(() => b.close());

    it('sees what the first instance wrote as soon as the notification arrives', async () => {
      const client = await registerUser(t, 'client');
      const influencer = await registerUser(t, 'influencer');
      await newCampaign(client, 'On A');
      await cached('/api/campaigns', influencer, b);
      await newCampaign(client, 'Also on A');
      await expect.poll(async () => titles(await get('/api/campaigns', influencer, b))[0]).toBe('Also on A');
    });
  });
});
