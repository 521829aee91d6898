import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chats } from '../../db/schema.ts';
import { createTestApp, ORIGIN, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let port: number;
let admin: string;
let admin2: string;

const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const get = (url: string, cookie: string) => t.req({ url, cookie });
const say = (cookie: string, chatId: string, content: string) =>
  post(`/api/chats/${chatId}/messages`, cookie, { clientId: randomUUID(), content });

async function connect(cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const frames: ServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (f: ServerFrame) => boolean) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const hit = frames.find(pred);
        if (hit) return resolve(hit);
        if (Date.now() - started > 3000) return reject(new Error(`no such frame; got ${JSON.stringify(frames)}`));
        setTimeout(poll, 10);
      };
      poll();
    });
  await next((f) => f.type === 'ready');
  return { ws, frames, next };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await signInAdmin(t);
  admin2 = await signInAdmin(t);
});
afterAll(async () => t?.close());

describe('a user’s support chat', () => {
  it('is started once (get or create), also when asked for many times at once', async () => {
    const user = await registerUser(t, 'influencer');
    expect((await get('/api/support/chat', user.cookie)).json()).toEqual({ chatId: null });
    const ids = await Promise.all(
      Array.from({ length: 6 }, async () => (await post('/api/support/chat', user.cookie)).json().chatId),
    );
    expect(new Set(ids).size).toBe(1);
    expect((await get('/api/support/chat', user.cookie)).json()).toEqual({ chatId: ids[0] });
    const rows = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.userId, user.userId), eq(chats.chatType, 'support')));
    expect(rows).toHaveLength(1);
  });

  it('carries messages between the user and any admin, with unread counts on both sides', async () => {
    const user = await registerUser(t, 'client');
    const { chatId } = (await post('/api/support/chat', user.cookie)).json();
    expect((await say(user.cookie, chatId, 'My card was charged twice')).statusCode).toBe(201);

    const inbox = (await get('/api/admin/support', admin)).json();
    const row = inbox.items.find((c: { id: string }) => c.id === chatId);
    expect(row).toMatchObject({
      status: 'active',
      unreadCount: 1,
      user: { id: user.userId, email: user.email, role: 'client' },
    });
    const before = (await get('/api/chat/unread-count', admin)).json().count;
    expect(before).toBeGreaterThanOrEqual(1);

    const opened = (await get(`/api/chats/${chatId}/messages`, admin)).json();
    expect(opened.chat).toMatchObject({ kind: 'support', status: 'active', campaign: null, amountMinor: null });
    expect(opened.items.map((m: { content: string; mine: boolean }) => [m.content, m.mine])).toEqual([
      ['My card was charged twice', false],
    ]);
    expect((await post(`/api/chats/${chatId}/read`, admin)).json()).toEqual({ unreadCount: 0, total: before - 1 });
    // Read by one admin: still unread for another.
    expect(
      (await get('/api/admin/support', admin2)).json().items.find((c: { id: string }) => c.id === chatId).unreadCount,
    ).toBe(1);

    expect((await say(admin, chatId, 'Looking into it now')).statusCode).toBe(201);
    const mine = (await get(`/api/chats/${chatId}/messages`, user.cookie)).json();
    expect(mine.chat.counterpart).toEqual({ id: 'support', name: 'Admin', lastname: 'Support', avatarUrl: null });
    expect(
      mine.items.map((m: { content: string; mine: boolean; seen: boolean }) => [m.content, m.mine, m.seen]),
    ).toEqual([
      ['My card was charged twice', true, true],
      ['Looking into it now', false, false],
    ]);
    expect((await get('/api/chat/unread-count', user.cookie)).json().count).toBe(1);
  });

  it('is the user’s and the admins’ only', async () => {
    const user = await registerUser(t, 'influencer');
    const other = await registerUser(t, 'client');
    const { chatId } = (await post('/api/support/chat', user.cookie)).json();
    await say(user.cookie, chatId, 'private');
    expect((await get(`/api/chats/${chatId}/messages`, other.cookie)).statusCode).toBe(404);
    expect((await say(other.cookie, chatId, 'hi')).statusCode).toBe(404);
    expect((await post(`/api/chats/${chatId}/read`, other.cookie)).statusCode).toBe(404);
    expect((await post(`/api/chats/${chatId}/close`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/admin/support', other.cookie)).statusCode).toBe(403);
    expect((await post('/api/support/chat', admin)).statusCode).toBe(403);
    expect((await t.req({ url: '/api/admin/support' })).statusCode).toBe(401);
    expect((await get('/api/admin/support?status=open', admin)).statusCode).toBe(400);
  });

  it('closed by an admin: a goodbye line, the user told live, no more messages, and the next one is new', async () => {
    const user = await registerUser(t, 'client');
    const { chatId } = (await post('/api/support/chat', user.cookie)).json();
    const userSocket = await connect(user.cookie);
    const adminSocket = await connect(admin);

    await say(user.cookie, chatId, 'Hello?');
    expect(await adminSocket.next((f) => f.type === 'message.created' && f.message.content === 'Hello?')).toMatchObject(
      {
        chatId,
        message: { mine: false },
      },
    );
    await say(admin, chatId, 'Hi, how can I help?');
    await userSocket.next((f) => f.type === 'message.created' && f.message.content === 'Hi, how can I help?');

    expect((await post(`/api/chats/${chatId}/close`, admin)).statusCode).toBe(200);
    expect(await userSocket.next((f) => f.type === 'chat.closed')).toEqual({ type: 'chat.closed', chatId });
    const last = (await get(`/api/chats/${chatId}/messages`, user.cookie)).json();
    expect(last.chat.status).toBe('closed');
    expect(last.items.at(-1)).toMatchObject({ kind: 'system', content: 'Support closed this chat. Goodbye!' });

    const refused = await say(user.cookie, chatId, 'one more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('No Active Chat: Please start an admin chat first.');
    // Closing twice changes nothing.
    expect((await post(`/api/chats/${chatId}/close`, user.cookie)).statusCode).toBe(200);
    expect((await get(`/api/chats/${chatId}/messages`, user.cookie)).json().items).toHaveLength(last.items.length);

    expect((await get('/api/support/chat', user.cookie)).json()).toEqual({ chatId: null });
    const again = (await post('/api/support/chat', user.cookie)).json().chatId;
    expect(again).not.toBe(chatId);
    const closedInbox = (await get('/api/admin/support?status=closed', admin)).json();
    expect(closedInbox.items.map((c: { id: string }) => c.id)).toContain(chatId);
    userSocket.ws.close();
    adminSocket.ws.close();
  });

  it('closed by its user: a goodbye line from them', async () => {
    const user = await registerUser(t, 'influencer');
    const { chatId } = (await post('/api/support/chat', user.cookie)).json();
    expect((await post(`/api/chats/${chatId}/close`, user.cookie)).statusCode).toBe(200);
    const items = (await get(`/api/chats/${chatId}/messages`, admin)).json().items;
    expect(items).toEqual([expect.objectContaining({ kind: 'system', content: 'Chat closed by the user. Goodbye!' })]);
  });

  it('lists the inbox newest activity first, page by page', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await registerUser(t, 'client');
      const { chatId } = (await post('/api/support/chat', u.cookie)).json();
      await say(u.cookie, chatId, `question ${i}`);
      made.push(chatId);
    }
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = (await get(`/api/admin/support?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin)).json();
      seen.push(...page.items.map((c: { id: string }) => c.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
  });
});

describe('support asked into an order’s chat (issue 12 §5)', () => {
  /** A hire through the API: the order's chat between a fresh client and influencer. */
  async function orderChat() {
    const client = await registerUser(t, 'client');
    const influencer = await registerUser(t, 'influencer');
    const campaign = await post('/api/campaigns', client.cookie, {
      socials: ['instagram'],
      title: `Harvest ${randomUUID().slice(0, 6)}`,
      description: 'A Reel',
      budget: 150,
      deadline: null,
    });
    const applied = await post(`/api/campaigns/${campaign.json().id}/applications`, influencer.cookie);
    const accepted = await post(`/api/applications/${applied.json().application.id}/accept`, client.cookie);
    return { client, influencer, chatId: accepted.json().chatId as string, title: campaign.json().title as string };
  }

  it('is private until a party asks; then both see the line, admins read and write, and the first admin joins once', async () => {
    const { client, influencer, chatId, title } = await orderChat();
    await say(client.cookie, chatId, 'The colours are off in the second slide.');
    // Before the ask: the chat is not the admins' (no hint it exists), and not in their inbox.
    expect((await get(`/api/chats/${chatId}/messages`, admin)).statusCode).toBe(404);
    expect((await say(admin, chatId, 'Hello?')).statusCode).toBe(404);
    const before = (await get('/api/admin/support', admin)).json().items.map((i: { id: string }) => i.id);
    expect(before).not.toContain(chatId);

    const onAdmin = await connect(admin2);
    const onClient = await connect(client.cookie);
    const asked = await post(`/api/chats/${chatId}/support`, influencer.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ id: chatId, kind: 'order', support: 'requested' });
    // Every admin and the other party hear the line, live.
    for (const s of [onAdmin, onClient]) {
      expect(
        await s.next((f) => f.type === 'message.created' && f.chatId === chatId && f.message.kind === 'system'),
      ).toMatchObject({ message: { content: expect.stringMatching(/asked support to join the conversation\.$/) } });
    }
    // Asking again changes nothing: no second line.
    expect((await post(`/api/chats/${chatId}/support`, client.cookie)).json().support).toBe('requested');

    // In the inbox, as an order chat with its campaign and what the admin has not read (the ask itself).
    const item = (await get('/api/admin/support', admin)).json().items.find((i: { id: string }) => i.id === chatId);
    expect(item).toMatchObject({ kind: 'order', campaignTitle: title, status: 'active', unreadCount: 1 });
    expect((await get('/api/chat/unread-count', admin)).json().count).toBeGreaterThanOrEqual(1);

    // The admin reads it: both parties named, the earlier messages there, each with who wrote it.
    const page = (await get(`/api/chats/${chatId}/messages`, admin)).json();
    expect(page.chat).toMatchObject({ kind: 'order', support: 'requested', stage: 'payment_pending' });
    expect(page.chat.parties.client.id).toEqual(expect.any(String));
    expect(page.items.map((m: { from: string; kind: string }) => [m.kind, m.from])).toEqual([
      ['text', 'client'],
      ['system', 'influencer'],
    ]);

    // The first admin message is preceded by 'Support joined the conversation.', once.
    const first = await say(admin, chatId, 'Hi both, I am reading along.');
    expect(first.statusCode).toBe(201);
    expect((await say(admin2, chatId, 'Me too.')).statusCode).toBe(201);
    const seen = (await get(`/api/chats/${chatId}/messages`, influencer.cookie)).json();
    expect(seen.chat.support).toBe('joined');
    expect(seen.items.slice(-3).map((m: { content: string; from: string }) => [m.content, m.from])).toEqual([
      ['Support joined the conversation.', 'support'],
      ['Hi both, I am reading along.', 'support'],
      ['Me too.', 'support'],
    ]);
    expect(
      await onClient.next((f) => f.type === 'message.created' && f.message.content === 'Hi both, I am reading along.'),
    ).toMatchObject({ message: { from: 'support', mine: false } });
    onAdmin.ws.close();
    onClient.ws.close();
  });

  it('is asked only by the order’s parties, only in an order’s chat', async () => {
    const { chatId } = await orderChat();
    const stranger = await registerUser(t, 'influencer');
    expect((await post(`/api/chats/${chatId}/support`, stranger.cookie)).statusCode).toBe(404);
    expect((await post(`/api/chats/${chatId}/support`, admin)).statusCode).toBe(404);
    expect((await t.req({ method: 'POST', url: `/api/chats/${chatId}/support` })).statusCode).toBe(401);
    const user = await registerUser(t, 'client');
    const supportChat = (await post('/api/support/chat', user.cookie)).json().chatId;
    const refused = await post(`/api/chats/${supportChat}/support`, user.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Support can be asked to join an order’s chat.');
    // Nothing changed: the chat is still not the admins'.
    expect((await get(`/api/chats/${chatId}/messages`, admin)).statusCode).toBe(404);
  });
});
