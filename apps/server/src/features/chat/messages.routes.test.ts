import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres } from '../../db/client.ts';
import { chats, messages } from '../../db/schema.ts';
import { createTestApp, ORIGIN, registerUser, signIn, signInAdmin, type TestApp } from '../../test/harness.ts';
import { GIF_1PX, multipartFile, PNG_1PX } from '../../test/multipart.ts';
import { orderFlow } from '../../test/order-flow.ts';

let t: TestApp;
let port: number;
type Person = Awaited<ReturnType<typeof registerUser>>;
let client: Person;
let influencer: Person;
let stranger: Person;
let chatId: string;

const post = (url: string, cookie: string | undefined, body?: unknown) => t.req({ method: 'POST', url, cookie, body });

/** Hires through the API (campaign, apply, accept), which opens the order's chat; returns its id. */
async function hire(app: TestApp, c: Person, i: Person): Promise<string> {
  const campaign = await app.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie: c.cookie,
    body: { socials: ['instagram'], title: 'Spring lookbook', description: 'A carousel', budget: 150, deadline: null },
  });
  const applied = await app.req({
    method: 'POST',
    url: `/api/campaigns/${campaign.json().id}/applications`,
    cookie: i.cookie,
  });
  const accepted = await app.req({
    method: 'POST',
    url: `/api/applications/${applied.json().application.id}/accept`,
    cookie: c.cookie,
  });
  const orderId = accepted.json().order.id as string;
  const [chat] = await app.db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, orderId));
  return chat!.id;
}

const send = (cookie: string, content: string, id = randomUUID(), chat = chatId) =>
  post(`/api/chats/${chat}/messages`, cookie, { clientId: id, content });
const page = (cookie: string, query = '', chat = chatId) =>
  t.req({ url: `/api/chats/${chat}/messages${query}`, cookie });
const stored = async (chat = chatId) =>
  (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.chatId, chat))).length;

/** A signed-in socket on `port`, collecting every frame it receives. */
async function connect(cookie: string, at = port) {
  const ws = new WebSocket(`ws://127.0.0.1:${at}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const frames: ServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = (pred: (f: ServerFrame) => boolean, timeoutMs = 3000) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const hit = frames.find(pred);
        if (hit) return resolve(hit);
        if (Date.now() - started > timeoutMs) return reject(new Error(`no such frame; got ${JSON.stringify(frames)}`));
        setTimeout(poll, 10);
      };
      poll();
    });
  const closed = new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));
  await next((f) => f.type === 'ready');
  return { ws, frames, next, closed };
}

/** The HTTP status an upgrade is refused with (or 101 when it is accepted). */
function upgradeStatus(headers: Record<string, string>) {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

beforeAll(async () => {
  t = await createTestApp({ REALTIME_HEARTBEAT_MS: '200' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
  stranger = await registerUser(t, 'client');
  chatId = await hire(t, client, influencer);
});
afterAll(async () => t?.close());

describe('messages in an order chat', () => {
  it('are written by both parties and read back oldest first, in the order they were stored', async () => {
    const c = await hire(t, client, influencer);
    for (const [who, text] of [
      [client, 'Hi Nino, the brief is in the campaign.'],
      [influencer, 'Thanks! Shooting on Friday.'],
      [client, 'Perfect.'],
    ] as const) {
      expect((await send(who.cookie, text, randomUUID(), c)).statusCode).toBe(201);
    }
    const res = await page(influencer.cookie, '', c);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.chat).toMatchObject({
      id: c,
      status: 'active',
      campaign: { title: 'Spring lookbook' },
      amountMinor: 15_000,
    });
    expect(body.items.map((m: { content: string; mine: boolean }) => [m.content, m.mine])).toEqual([
      ['Hi Nino, the brief is in the campaign.', false],
      ['Thanks! Shooting on Friday.', true],
      ['Perfect.', false],
    ]);
    const seqs = body.items.map((m: { seq: number }) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(body.hasOlder).toBe(false);
  });

  it('pages backwards by sequence number without overlap or gaps, even when messages share a timestamp', async () => {
    const c = await hire(t, client, influencer);
    // 25 rows in one statement: one transaction, one now(): every created_at is the same.
    await t.db
      .insert(messages)
      .values(Array.from({ length: 25 }, (_, i) => ({ chatId: c, senderId: client.userId, content: `m${i}` })));
    const seen: string[] = [];
    let query = '?limit=10';
    for (;;) {
      const body = (await page(client.cookie, query, c)).json();
      seen.unshift(...body.items.map((m: { content: string }) => m.content));
      if (!body.hasOlder) break;
      query = `?limit=10&before=${body.items[0].seq}`;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`));
    const after = (await page(client.cookie, '?after=0&limit=100', c)).json();
    expect(after.items).toHaveLength(25);
  });

  it('stores a message once however often the same client id is sent (a retry after a lost answer)', async () => {
    const id = randomUUID();
    const before = await stored();
    const first = await send(client.cookie, 'Only once, please', id);
    const again = await send(client.cookie, 'Only once, please', id);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await stored()).toBe(before + 1);
  });

  it('refuses empty, blank and oversized text with a message a person can act on, storing nothing', async () => {
    const before = await stored();
    for (const content of ['', '   ', '\n\n\t', '\u200B\u200B']) {
      const res = await send(client.cookie, content);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Write a message first.');
    }
    const long = await send(client.cookie, 'a'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('at most 2000 characters');
    expect((await send(client.cookie, 'ა'.repeat(2000))).statusCode).toBe(201);
    const noId = await post(`/api/chats/${chatId}/messages`, client.cookie, { content: 'hello' });
    expect(noId.statusCode).toBe(400);
    expect(await stored()).toBe(before + 1);
  });

  it('keeps a chat to its two parties: a third user, an admin and a signed-out caller are refused', async () => {
    const before = await stored();
    for (const res of [
      await page(stranger.cookie),
      await send(stranger.cookie, 'let me in'),
      await post(`/api/chats/${chatId}/read`, stranger.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // An admin too, until a party asks support to join (support.routes.test.ts): the pair's chat is private.
    const admin = await signInAdmin(t);
    expect((await page(admin)).statusCode).toBe(404);
    expect((await send(admin, 'hello')).statusCode).toBe(404);
    expect((await t.req({ url: `/api/chats/${chatId}/messages` })).statusCode).toBe(401);
    expect((await page(client.cookie, '', 'not-a-uuid')).statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('takes no messages in a closed chat', async () => {
    const c = await hire(t, client, influencer);
    await t.db.update(chats).set({ status: 'closed' }).where(eq(chats.id, c));
    const res = await send(client.cookie, 'still there?', randomUUID(), c);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This chat is closed: messages can no longer be sent.');
    expect(await stored(c)).toBe(0);
  });
});

describe('attachments', () => {
  const attach = (
    cookie: string,
    name: string,
    type: string,
    bytes: Buffer,
    id = randomUUID(),
    chat = chatId,
    fields: Record<string, string> = {},
  ) => {
    const form = multipartFile('file', name, type, bytes, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat}/attachments?clientId=${id}`,
      headers: { cookie, origin: ORIGIN, 'content-type': form.contentType },
      payload: form.body,
    });
  };
  // A minimal PDF: file-type knows it by its header.
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('sends an image as a message, live to the other party, served only to the chat’s parties', async () => {
    const theirs = await connect(influencer.cookie);
    const res = await attach(client.cookie, 'moodboard.png', 'image/png', PNG_1PX);
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({
      content: null,
      attachment: { type: 'image/png', name: 'moodboard.png', size: PNG_1PX.length },
    });
    expect(m.attachment.url).toBe(`/api/chats/${chatId}/messages/${m.id}/attachment`);
    expect(await theirs.next((f) => f.type === 'message.created' && f.message.id === m.id)).toMatchObject({
      message: { attachment: { name: 'moodboard.png' } },
    });
    theirs.ws.close();

    const served = await t.req({ url: m.attachment.url, cookie: influencer.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="moodboard.png"/);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    // Nobody else: a third user, an admin, a signed-out caller; and not under the public /uploads/.
    expect((await t.req({ url: m.attachment.url, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.req({ url: m.attachment.url, cookie: await signInAdmin(t) })).statusCode).toBe(404);
    expect((await t.req({ url: m.attachment.url })).statusCode).toBe(401);
    expect((await t.req({ url: `/uploads/${client.userId}/` })).statusCode).toBe(404);
  });

  it('sends a photo with its caption and its pixel size, so the screen reserves its box (issue 27)', async () => {
    const res = await attach(client.cookie, 'look.gif', 'image/gif', GIF_1PX, randomUUID(), chatId, {
      caption: 'The second look  \n',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: 'The second look',
      attachment: { type: 'image/gif', width: 1, height: 1 },
    });
    const png = await attach(client.cookie, 'm.png', 'image/png', PNG_1PX);
    expect(png.json()).toMatchObject({ content: null, attachment: { width: 1, height: 1 } });
    // The page carries them too; a PDF has none.
    const page = (await t.req({ url: `/api/chats/${chatId}/messages`, cookie: influencer.cookie })).json();
    expect(page.items.find((m: { id: string }) => m.id === res.json().id).attachment).toMatchObject({
      width: 1,
      height: 1,
    });
    const pdf = await attach(client.cookie, 'b.pdf', 'application/pdf', PDF);
    expect(pdf.json().attachment).toMatchObject({ width: null, height: null });
    // A caption follows a message's rules: too long is a 400 with the words, and nothing is stored.
    const before = await stored();
    const long = await attach(client.cookie, 'x.gif', 'image/gif', GIF_1PX, randomUUID(), chatId, {
      caption: 'a'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('A message can be at most 2000 characters.');
    expect(await stored()).toBe(before);
  });

  it('offers a PDF as a download, keeps a safe name, and stores one message per client id', async () => {
    const id = randomUUID();
    const before = await stored();
    const first = await attach(client.cookie, '../../etc/brief\u202e.pdf', 'application/pdf', PDF, id);
    const again = await attach(client.cookie, '../../etc/brief\u202e.pdf', 'application/pdf', PDF, id);
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await stored()).toBe(before + 1);
    expect(first.json().attachment.name).toBe('brief.pdf');
    const served = await t.req({ url: first.json().attachment.url, cookie: influencer.cookie });
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a disguised program, an oversized file and a third user, storing nothing', async () => {
    const before = await stored();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const disguised = await attach(client.cookie, 'photo.jpg', 'image/jpeg', exe);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toMatch(/^This file type is not supported\./);
    const big = await attach(
      client.cookie,
      'big.png',
      'image/png',
      Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('Files can be at most 10 MB.');
    expect((await attach(stranger.cookie, 'x.png', 'image/png', PNG_1PX)).statusCode).toBe(404);
    const noId = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/attachments`,
      headers: { cookie: client.cookie, origin: ORIGIN, ...multipartHeaders() },
      payload: multipartFile('file', 'x.png', 'image/png', PNG_1PX).body,
    });
    expect(noId.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });
});

function multipartHeaders() {
  return { 'content-type': 'multipart/form-data; boundary=x' };
}

describe('the order’s story in its chat', () => {
  it('has a line for each transition, from the party who caused it, live on the other side', async () => {
    const flow = orderFlow(t);
    const { orderId } = await flow.paidOrder({ client, influencer, budget: 300 });
    const [chat] = await t.db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, orderId));
    const watching = await connect(client.cookie);
    await post(`/api/orders/${orderId}/start-work`, influencer.cookie);
    await watching.next((f) => f.type === 'message.created' && f.message.content === 'Work started');
    await post(`/api/orders/${orderId}/submit-work`, influencer.cookie, {
      proofUrl: 'https://instagram.com/p/first',
      completionNotes: 'Posted at 19:00',
    });
    await post(`/api/orders/${orderId}/reject-work`, client.cookie, { feedback: 'Please tag the brand' });
    await post(`/api/orders/${orderId}/submit-work`, influencer.cookie, { proofUrl: 'https://instagram.com/p/second' });
    await post(`/api/orders/${orderId}/approve`, client.cookie);
    // A refused transition writes nothing.
    expect((await post(`/api/orders/${orderId}/start-work`, influencer.cookie)).statusCode).toBe(409);

    const items = (await page(influencer.cookie, '', chat!.id)).json().items as {
      kind: string;
      content: string;
      mine: boolean;
    }[];
    expect(items.map((m) => [m.kind, m.content, m.mine])).toEqual([
      ['system', 'Payment confirmed: 300.00 GEL is held until the work is approved.', false],
      ['system', 'Work started', true],
      ['system', 'Work submitted: https://instagram.com/p/first\nPosted at 19:00', true],
      ['system', 'Changes requested: Please tag the brand', false],
      ['system', 'Work submitted: https://instagram.com/p/second', true],
      ['system', 'Work approved. Payment of 300.00 GEL confirmed.', false],
    ]);
    watching.ws.close();
  });
});

describe('unread counts and read state', () => {
  it('count the other party’s messages until the chat is opened, then drop to zero once, idempotently', async () => {
    const c1 = await hire(t, client, influencer);
    const c2 = await hire(t, client, influencer);
    const base = (await t.req({ url: '/api/chat/unread-count', cookie: client.cookie })).json().count;
    await send(influencer.cookie, 'one', randomUUID(), c1);
    await send(influencer.cookie, 'two', randomUUID(), c1);
    await send(influencer.cookie, 'three', randomUUID(), c2);
    await send(client.cookie, 'mine does not count', randomUUID(), c1);

    const list = (await t.req({ url: '/api/chats?limit=50', cookie: client.cookie })).json();
    const unreadOf = (id: string) => list.items.find((c: { id: string }) => c.id === id).unreadCount;
    expect([unreadOf(c1), unreadOf(c2)]).toEqual([2, 1]);
    expect((await t.req({ url: '/api/chat/unread-count', cookie: client.cookie })).json().count).toBe(base + 3);

    const read = await post(`/api/chats/${c1}/read`, client.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0, total: base + 1 });
    expect((await post(`/api/chats/${c1}/read`, client.cookie)).json()).toEqual({ unreadCount: 0, total: base + 1 });

    // The influencer's own messages in c1 now show as seen; the unread one in c2 does not.
    const theirs = (await page(influencer.cookie, '', c1)).json().items;
    expect(theirs.filter((m: { mine: boolean }) => m.mine).map((m: { seen: boolean }) => m.seen)).toEqual([true, true]);
    const other = (await page(influencer.cookie, '', c2)).json().items;
    expect(other[0].seen).toBe(false);
  });

  it('stay exact when many messages arrive at once', async () => {
    const c = await hire(t, client, influencer);
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(influencer.cookie, `burst ${i}`, randomUUID(), c)));
    const list = (await t.req({ url: '/api/chats?limit=50', cookie: client.cookie })).json();
    expect(list.items.find((x: { id: string }) => x.id === c).unreadCount).toBe(20);
    const seqs = (await page(client.cookie, '?limit=100', c)).json().items.map((m: { seq: number }) => m.seq);
    expect(new Set(seqs).size).toBe(20);
    expect((await post(`/api/chats/${c}/read`, client.cookie)).json().unreadCount).toBe(0);
  });
});

describe('the realtime socket', () => {
  it('delivers a new message live to the other party, and to the sender’s other tabs as theirs', async () => {
    const theirs = await connect(influencer.cookie);
    const mine = await connect(client.cookie);
    const outsider = await connect(stranger.cookie);
    const res = await send(client.cookie, 'Are you there?');
    const id = res.json().id;
    const got = await theirs.next((f) => f.type === 'message.created' && f.message.id === id);
    expect(got).toMatchObject({ chatId, message: { content: 'Are you there?', mine: false } });
    expect(await mine.next((f) => f.type === 'message.created' && f.message.id === id)).toMatchObject({
      message: { mine: true },
    });
    // Reading sends a receipt to the sender.
    await post(`/api/chats/${chatId}/read`, influencer.cookie);
    expect(await mine.next((f) => f.type === 'messages.read')).toMatchObject({ chatId, mine: false });
    expect(await theirs.next((f) => f.type === 'messages.read')).toMatchObject({ chatId, mine: true });
    // The outsider heard none of it. The hub writes each event to every socket it reaches at once, and the events
    // above have reached the parties, so anything sent to the outsider for them is already on its socket ahead of
    // the answer to a ping sent now.
    outsider.ws.send(JSON.stringify({ type: 'ping' }));
    await outsider.next((f) => f.type === 'pong');
    expect(outsider.frames).toEqual([{ type: 'ready' }, { type: 'pong' }]);
    for (const s of [theirs, mine, outsider]) s.ws.close();
  });

  it('tells the parties to fetch a message too large for a notification (PostgreSQL caps NOTIFY at 8000 bytes)', async () => {
    const theirs = await connect(influencer.cookie);
    const big = '😀'.repeat(2000); // 2,000 characters, 8,000 bytes
    expect((await send(client.cookie, big)).statusCode).toBe(201);
    expect(await theirs.next((f) => f.type === 'chat.stale')).toEqual({ type: 'chat.stale', chatId });
    const newest = (await page(influencer.cookie, '?limit=1')).json().items[0];
    expect(newest.content).toBe(big);
    theirs.ws.close();
  });

  it('passes typing to the other party only, and answers frames it cannot take with an error frame', async () => {
    const theirs = await connect(influencer.cookie);
    const mine = await connect(client.cookie);
    mine.ws.send(JSON.stringify({ type: 'typing', chatId }));
    expect(await theirs.next((f) => f.type === 'typing')).toEqual({ type: 'typing', chatId });

    const outsider = await connect(stranger.cookie);
    outsider.ws.send(JSON.stringify({ type: 'typing', chatId }));
    expect(await outsider.next((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Chat not found' });
    outsider.ws.send('{not json');
    outsider.ws.send(JSON.stringify({ type: 'subscribe', chatId }));
    await outsider.next((f) => f.type === 'error' && f.message === 'Unknown frame.');
    outsider.ws.send(JSON.stringify({ type: 'ping' }));
    await outsider.next((f) => f.type === 'pong');
    expect(outsider.ws.readyState).toBe(WebSocket.OPEN);
    for (const s of [theirs, mine, outsider]) s.ws.close();
  });

  it('closes a socket that floods it with frames', async () => {
    const s = await connect(stranger.cookie);
    for (let i = 0; i < 40; i++) s.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await s.closed).code).toBe(1008);
  });

  it('refuses an upgrade without a session or from another site', async () => {
    expect(await upgradeStatus({ origin: ORIGIN })).toBe(401);
    expect(await upgradeStatus({ origin: 'http://evil.example', cookie: client.cookie })).toBe(403);
    expect(await upgradeStatus({ origin: `http://127.0.0.1:${port + 1}`, cookie: client.cookie })).toBe(403);
    expect(await upgradeStatus({ cookie: client.cookie })).toBe(403);
    expect(await upgradeStatus({ origin: ORIGIN, cookie: client.cookie })).toBe(101);
  });

  it('disconnects a session that ends (sign-out elsewhere) within one heartbeat', async () => {
    const cookie = await signIn(t, client.email, client.password);
    const s = await connect(cookie);
    expect((await post('/api/auth/sign-out', cookie)).statusCode).toBeLessThan(300);
    expect((await s.closed).code).toBe(4401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('deliver each other’s messages: posted through A, received on a socket connected to B', async () => {
    const database = await openPostgres(t.databaseUrl!);
    const second = await createTestApp({}, { database });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const portB = (second.app.server.address() as AddressInfo).port;
      const onB = await connect(influencer.cookie, portB);
      const res = await send(client.cookie, 'From instance A');
      expect(await onB.next((f) => f.type === 'message.created' && f.message.id === res.json().id)).toMatchObject({
        message: { content: 'From instance A', mine: false },
      });
      onB.ws.close();
    } finally {
      await second.app.close();
      await second.jobs.stop();
      await second.bank.close();
      await database.close();
    }
  });
});
