// Issue 21 §1-2 on the production engine: two instances on one PostgreSQL lose their LISTEN connection (a terminated
// backend, then a whole server restart) and must heal by themselves: health says so in between, requests during the
// outage answer 503, and afterwards live events reach sockets opened before and after, and cached reads are fresh.
import type { AddressInfo } from 'node:net';
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../scripts/pg-throwaway.mjs';
import { type Database, openPostgres } from '../db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../db/listener.ts';
import { chats } from '../db/schema.ts';
import { seedReference } from '../db/seed.ts';
import { createTestApp, ORIGIN, registerUser, type TestApp } from '../test/harness.ts';

type Person = Awaited<ReturnType<typeof registerUser>>;
const notOnPg = !process.env.DATABASE_URL;

/** A second instance on the same database, listening on a real port (its sockets are real WebSockets). */
async function secondInstance(database: Database) {
  const app = await createTestApp({}, { database });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...app, port: (app.app.server.address() as AddressInfo).port };
}

/** A signed-in socket, collecting every frame; `next` waits for the first frame (from `from` on) that matches. */
async function connect(cookie: string, port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const frames: ServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = async (match: (f: ServerFrame) => boolean, timeout = 10_000) => {
    await expect.poll(() => frames.some(match), { timeout, interval: 20 }).toBe(true);
    return frames.find(match)!;
  };
  return { ws, frames, next };
}

/** Campaign, application, acceptance: an order chat between the two. */
async function hire(t: TestApp, client: Person, influencer: Person) {
  const post = async (url: string, cookie: string, body?: unknown) =>
    (await t.req({ method: 'POST', url, cookie, body })).json();
  const campaign = await post('/api/campaigns', client.cookie, {
    socials: ['instagram'],
    title: 'Autumn reel',
    description: 'One reel',
    budget: 150,
    deadline: null,
  });
  const applied = await post(`/api/campaigns/${campaign.id}/applications`, influencer.cookie);
  const accepted = await post(`/api/applications/${applied.application.id}/accept`, client.cookie);
  const [chat] = await t.db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, accepted.order.id));
  return chat!.id;
}

const openCampaign = async (t: TestApp, client: Person) =>
  (
    await t.req({
      method: 'POST',
      url: '/api/campaigns',
      cookie: client.cookie,
      body: { socials: ['tiktok'], title: 'Open call', description: 'Dance', budget: 90, deadline: null },
    })
  ).json().id as string;

const health = async (t: TestApp) => (await t.req({ url: '/api/health' })).json();

describe.skipIf(notOnPg)('the LISTEN connection is terminated under two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let client: Person;
  let influencer: Person;
  let chatId: string;

  beforeAll(async () => {
    a = await createTestApp();
    // B waits 1.5 s before it reconnects, so its degraded state can be seen and written through.
    b = await secondInstance(
      await openPostgres(a.databaseUrl!, { onIdleError: () => {}, listener: { backoffMs: [1500] } }),
    );
    client = await registerUser(a, 'client');
    influencer = await registerUser(a, 'influencer');
    chatId = await hire(a, client, influencer);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('says degraded, serves fresh reads meanwhile, then resyncs every socket and delivers again', async () => {
    const campaignId = await openCampaign(a, client);
    const counts = async () =>
      (await b.req({ url: `/api/campaigns/${campaignId}`, cookie: client.cookie })).json().counts.total;
    expect(await counts()).toBe(0); // now in B's read cache
    const before = await connect(influencer.cookie, b.port);
    expect((await health(b)).status).toBe('ok');

    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    await admin.end();
    expect(rowCount).toBe(2); // one per instance

    await expect.poll(async () => (await health(b)).status, { interval: 20 }).toBe('degraded');
    expect((await health(b)).checks).toEqual({ database: 'up', listener: 'down' });
    // A change B cannot hear about: its cache is off, so it reads the database.
    await a.req({ method: 'POST', url: `/api/campaigns/${campaignId}/applications`, cookie: influencer.cookie });
    expect(await counts()).toBe(1);

    await expect.poll(async () => (await health(b)).status, { timeout: 10_000, interval: 50 }).toBe('ok');
    await before.next((f) => f.type === 'resync');
    const after = await connect(influencer.cookie, b.port);
    const sent = await a.req({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      cookie: client.cookie,
      body: { clientId: crypto.randomUUID(), content: 'Back online' },
    });
    const id = sent.json().id;
    for (const socket of [before, after]) {
      await socket.next((f) => f.type === 'message.created' && f.message.id === id, 5_000);
    }
    // The cache is back on and hears changes again.
    const hits = b.app.readCache.stats().hits;
    expect(await counts()).toBe(1);
    expect(await counts()).toBe(1);
    expect(b.app.readCache.stats().hits).toBeGreaterThan(hits);
    before.ws.close();
    after.ws.close();
  });
});

describe.skipIf(notOnPg)('PostgreSQL restarts under two instances', () => {
  let server: ThrowawayPostgres;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let client: Person;
  let influencer: Person;
  let chatId: string;

  beforeAll(async () => {
    server = await startThrowawayPostgres({ quiet: true });
    const first = await openPostgres(server.url, { onIdleError: () => {} });
    await seedReference(first.db);
    a = await createTestApp({}, { database: first });
    b = await secondInstance(await openPostgres(server.url, { onIdleError: () => {} }));
    client = await registerUser(a, 'client');
    influencer = await registerUser(a, 'influencer');
    chatId = await hire(a, client, influencer);
  }, 120_000);
  afterAll(async () => {
    await b?.close().catch(() => {});
    await a?.close().catch(() => {});
    server?.stop();
  });

  it('answers 503 with Retry-After while it is down, then heals: messages reach B within seconds', async () => {
    const before = await connect(influencer.cookie, b.port);
    server.pause();

    const down = await a.req({ url: '/api/orders', cookie: influencer.cookie });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await a.req({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: client.email, password: client.password },
    });
    expect([signIn.statusCode, signIn.body]).toEqual([503, expect.anything()]);
    const h = await b.req({ url: '/api/health' });
    expect(h.statusCode).toBe(503);
    expect(h.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    await expect.poll(() => b.database.listener!.state(), { interval: 20 }).toBe('down');

    server.resume();
    const resumed = Date.now();
    await expect.poll(async () => (await health(b)).status, { timeout: 15_000, interval: 50 }).toBe('ok');
    await before.next((f) => f.type === 'resync');
    const after = await connect(influencer.cookie, b.port);
    // The pool's connections died with the server; the first query on each is refused and the next one is new.
    await expect
      .poll(
        async () =>
          (
            await a.req({
              method: 'POST',
              url: `/api/chats/${chatId}/messages`,
              cookie: client.cookie,
              body: { clientId: crypto.randomUUID(), content: 'After the restart' },
            })
          ).statusCode,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(201);
    for (const socket of [before, after]) {
      await socket.next((f) => f.type === 'message.created' && f.message.content === 'After the restart', 5_000);
    }
    console.info(`[listener-recovery] restart → message on both sockets of B: ${Date.now() - resumed} ms`);
    await a.db.execute(sql`select 1`);
    before.ws.close();
    after.ws.close();
  });
});
