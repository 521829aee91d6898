// Issue 24 §4: Web Push through a real push service speaking the protocol (web-push-testing on an ephemeral port: it
// checks the VAPID signature and decrypts the payload). Delivered when wanted, not when the person's choice is off,
// one per chat per minute, the device forgotten when the service answers 410; bodies validated, each person's own.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// CommonJS without types: the push service's model and its HTTP server.
// @ts-expect-error no type declarations
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
// @ts-expect-error no type declarations
import WebPushTestingServer from 'web-push-testing/src/server.js';
import { chats, jobs, pushSubscriptions } from '../../db/schema.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { fakeClock, MINUTE } from '../../test/fake-clock.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPushService } from './push.service.ts';

type Device = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

let t: TestApp;
let pushUrl: string;
let server: { _server: { close: (cb: () => void) => void } };
let brand: Person;
let creator: Person;
let other: Person;
let chatId: string;
const clock = fakeClock(new Date());

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const callService = async (path: string, body: unknown) =>
  fetch(`${pushUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A browser subscribing at the push service with the app's VAPID key. */
async function device(): Promise<Device> {
  const res = await callService('/subscribe', {
    userVisibleOnly: 'true',
    applicationServerKey: t.config.push.publicKey,
  });
  return ((await res.json()) as { data: Device }).data;
}
const received = async (d: Device) =>
  (
    (await (await callService('/get-notifications', { clientHash: d.clientHash })).json()) as {
      data: { messages: string[] };
    }
  ).data.messages.map((m) => JSON.parse(m) as { title: string; body: string; link: string });

const put = (p: Person, body: unknown) =>
  t.req({ method: 'PUT', url: '/api/push/subscription', cookie: p.cookie, body });
const remove = (p: Person, endpoint: string) =>
  t.req({ method: 'POST', url: '/api/push/subscription/remove', cookie: p.cookie, body: { endpoint } });
const subscribe = async (p: Person, d: Device) =>
  expect((await put(p, { endpoint: d.endpoint, keys: d.keys })).statusCode).toBe(200);
const send = (p: Person, content: string) =>
  t.req({
    method: 'POST',
    url: `/api/chats/${chatId}/messages`,
    cookie: p.cookie,
    body: { clientId: crypto.randomUUID(), content },
  });
/** Runs the queued pushes until `d` has `n` (the message's push is queued just after the answer). */
async function expectPushes(d: Device, n: number) {
  await vi.waitFor(
    async () => {
      await t.jobs.runDue();
      expect(await received(d)).toHaveLength(n);
    },
    { timeout: 5000, interval: 100 },
  );
}
/** Nothing more arrives: the messages' pushes are queued (a 250 ms batch) and every queued job has run. */
async function settle() {
  await new Promise((r) => setTimeout(r, 600));
  await t.jobs.runDue();
}
const savePush = async (p: Person, on: boolean, messagesPush?: boolean) => {
  const current = (await t.req({ url: '/api/notification-preferences', cookie: p.cookie })).json() as {
    items: { kind: string; inApp: boolean; mail: boolean; push: boolean }[];
  };
  const items = current.items.map((i) => ({ ...i, push: on }));
  const res = await t.req({
    method: 'PUT',
    url: '/api/notification-preferences',
    cookie: p.cookie,
    body: { items, messagesPush },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  const port = await freePort();
  pushUrl = `http://localhost:${port}`;
  server = new WebPushTestingServer(new PushApiModel(), port);
  const quiet = console.log;
  console.log = () => {};
  (server as unknown as { startServer: () => void }).startServer();
  console.log = quiet;
  await vi.waitFor(async () => expect((await fetch(`${pushUrl}/status`, { method: 'POST' })).status).toBe(200));
  t = await createTestApp({}, { clock });
  brand = await person(t, 'client');
  creator = await person(t, 'influencer');
  other = await person(t, 'influencer');
  const campaign = await t.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie: brand.cookie,
    body: { socials: ['instagram'], title: 'Autumn reel', description: 'A reel', budget: 150, deadline: null },
  });
  const applied = await t.req({
    method: 'POST',
    url: `/api/campaigns/${campaign.json().id}/applications`,
    cookie: creator.cookie,
  });
  const accepted = await t.req({
    method: 'POST',
    url: `/api/applications/${applied.json().application.id}/accept`,
    cookie: brand.cookie,
  });
  const [chat] = await t.db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, accepted.json().order.id));
  chatId = chat!.id;
  await settle();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server._server.close(() => r()));
});

describe('Web Push (issue 24 §4)', () => {
  it('gives the VAPID public key to a signed-in person only', async () => {
    expect((await t.req({ url: '/api/push/key' })).statusCode).toBe(401);
    const res = await t.req({ url: '/api/push/key', cookie: brand.cookie });
    expect(res.json()).toEqual({ publicKey: t.config.push.publicKey });
  });

  it('delivers a new message to the other party’s device, coalesced to one per chat per minute', async () => {
    const d = await device();
    await subscribe(creator, d);
    expect((await send(brand, 'Hello, here is the brief')).statusCode).toBe(201);
    await expectPushes(d, 1);
    const [push] = await received(d);
    expect(push).toMatchObject({ body: 'Hello, here is the brief', link: `/chat?c=${chatId}` });
    expect(push!.title).toBe('New message');

    // A flood within the minute: no more pushes; the sender's own devices never hear of their messages.
    for (const text of ['one', 'two', 'three']) await send(brand, text);
    await settle();
    expect(await received(d)).toHaveLength(1);

    clock.advance(MINUTE + 1000);
    await send(brand, 'A minute later');
    await expectPushes(d, 2);
    expect((await received(d))[1]!.body).toBe('A minute later');
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.endpoint));
    expect(row!.lastSuccessAt).not.toBeNull();
    await remove(creator, d.endpoint);
  });

  it('queues no push for a person without a device, and one per chat for a burst to a person with one', async () => {
    const pushJobs = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, 'push.send'))).length;
    clock.advance(MINUTE + 1000);
    const before = await pushJobs();
    // Nobody has a device: the chat's messages cost no job at all (issue 28 §1: the send path's background work).
    for (const text of ['a', 'b', 'c']) expect((await send(brand, text)).statusCode).toBe(201);
    await settle();
    expect(await pushJobs()).toBe(before);

    const d = await device();
    await subscribe(creator, d);
    await Promise.all(['d', 'e', 'f'].map((text) => send(brand, text)));
    await new Promise((r) => setTimeout(r, 600));
    expect(await pushJobs()).toBe(before + 1);
    await expectPushes(d, 1);
    await remove(creator, d.endpoint);
  });

  it('sends nothing when the person turned push off (messages, or a kind), and again when back on', async () => {
    const d = await device();
    await subscribe(brand, d);
    const saved = await savePush(brand, false, false);
    expect(saved.messagesPush).toBe(false);
    expect(saved.items.every((i: { push: boolean }) => !i.push)).toBe(true);
    clock.advance(MINUTE + 1000);
    await send(creator, 'Unheard');
    await settle();
    expect(await received(d)).toHaveLength(0);

    await savePush(brand, true, true);
    clock.advance(MINUTE + 1000);
    await send(creator, 'Heard');
    await expectPushes(d, 1);
    await remove(brand, d.endpoint);
  });

  it('pushes an event of the notification centre (an invitation) to the invited person', async () => {
    const d = await device();
    await subscribe(other, d);
    const campaign = await t.req({
      method: 'POST',
      url: '/api/campaigns',
      cookie: brand.cookie,
      body: { socials: ['instagram'], title: 'Winter story', description: 'A story', budget: 90, deadline: null },
    });
    const res = await t.req({
      method: 'POST',
      url: '/api/invitations',
      cookie: brand.cookie,
      body: { campaignId: campaign.json().id, influencerId: other.profileId, message: null },
    });
    expect(res.statusCode).toBe(201);
    await expectPushes(d, 1);
    expect((await received(d))[0]).toMatchObject({
      title: 'Winter story',
      body: `${brand.name} invited you to "Winter story"`,
      link: `/campaigns/${campaign.json().id}`,
    });
  });

  it('forgets a device the push service says is gone (410)', async () => {
    const d = await device();
    await subscribe(creator, d);
    expect((await callService(`/expire-subscription/${d.clientHash}`, {})).status).toBe(200);
    clock.advance(MINUTE + 1000);
    await send(brand, 'Anyone there?');
    await vi.waitFor(
      async () => {
        await t.jobs.runDue();
        const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.endpoint));
        expect(rows).toEqual([]);
      },
      { timeout: 5000, interval: 100 },
    );
  });

  it('refuses bodies that are not a subscription, with a message a person can act on', async () => {
    const d = await device();
    const bad = [
      {},
      { endpoint: 'not a url', keys: d.keys },
      { endpoint: 'ftp://push.example/x', keys: d.keys },
      { endpoint: d.endpoint, keys: { p256dh: 'short', auth: d.keys.auth } },
      { endpoint: d.endpoint, keys: { p256dh: d.keys.p256dh, auth: 'has spaces and is wrong' } },
      { endpoint: `${d.endpoint}${'x'.repeat(1000)}`, keys: d.keys },
    ];
    for (const body of bad) {
      const res = await put(creator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(
      (await t.req({ method: 'PUT', url: '/api/push/subscription', body: { endpoint: d.endpoint, keys: d.keys } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets nobody remove another person’s device; a browser that signs in to another account moves to it', async () => {
    const d = await device();
    await subscribe(creator, d);
    const res = await remove(other, d.endpoint);
    expect(res.statusCode).toBe(404);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([creator.userId]);

    await subscribe(other, d);
    const moved = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.endpoint));
    expect(moved.map((r) => r.userId)).toEqual([other.userId]);
    expect((await remove(creator, d.endpoint)).statusCode).toBe(404);
    expect((await remove(other, d.endpoint)).json()).toEqual({ subscribed: false });
  });

  it('in production takes only the browsers’ push services, over https (the server posts to the endpoint)', async () => {
    const production = createPushService({
      db: t.db,
      jobs: createJobRunner({ db: t.db }),
      keys: t.config.push,
      anyEndpoint: false,
      log: { warn: () => {} },
    });
    const d = await device();
    const actor = { userId: creator.userId } as Parameters<typeof production.subscribe>[0];
    for (const endpoint of [d.endpoint, 'https://internal.example/hook', 'http://fcm.googleapis.com/fcm/send/x']) {
      await expect(production.subscribe(actor, { endpoint, keys: d.keys }, undefined)).rejects.toMatchObject({
        code: 'PUSH_SERVICE_UNKNOWN',
        statusCode: 400,
      });
    }
    const fcm = `https://fcm.googleapis.com/fcm/send/${d.clientHash}`;
    await expect(
      production.subscribe(
        actor,
        { endpoint: fcm, keys: d.keys },
        'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).resolves.toEqual({ subscribed: true });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, fcm));
    expect(row).toMatchObject({ userId: creator.userId, label: 'Chrome on Android' });
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, fcm));
  });
});
