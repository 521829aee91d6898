import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;

const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const get = (url: string, cookie: string) => t.req({ url, cookie });
const say = (cookie: string, chatId: string, content: string) =>
  post(`/api/chats/${chatId}/messages`, cookie, { clientId: randomUUID(), content });

/** A support chat the person opened, asked in, was answered in and the admin closed. */
async function closedChat(cookie: string, question: string) {
  const { chatId } = (await post('/api/support/chat', cookie)).json();
  await say(cookie, chatId, question);
  await say(admin, chatId, `Answer to: ${question}`);
  expect((await post(`/api/chats/${chatId}/close`, admin)).statusCode).toBe(200);
  return chatId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(async () => t?.close());

describe('GET /api/support/chats/closed: a person’s closed support chats stay readable (issue 27)', () => {
  it('lists only the caller’s closed chats, newest first, page by page, each still readable with its answer', async () => {
    const user = await registerUser(t, 'client');
    const other = await registerUser(t, 'influencer');
    const first = await closedChat(user.cookie, 'My card was charged twice');
    const second = await closedChat(user.cookie, 'How do I change my IBAN?');
    const third = await closedChat(user.cookie, 'Where is my receipt?');
    await closedChat(other.cookie, 'Someone else’s question');
    // The open one is not history.
    const { chatId: open } = (await post('/api/support/chat', user.cookie)).json();
    await say(user.cookie, open, 'Still open');

    const firstPage = await get('/api/support/chats/closed?limit=2', user.cookie);
    expect(firstPage.statusCode).toBe(200);
    const body = firstPage.json();
    expect(body.items).toEqual([
      { id: third, createdAt: expect.any(String), closedAt: expect.any(String), firstMessage: 'Where is my receipt?' },
      {
        id: second,
        createdAt: expect.any(String),
        closedAt: expect.any(String),
        firstMessage: 'How do I change my IBAN?',
      },
    ]);
    expect(body.nextCursor).toEqual(expect.any(String));
    const rest = (await get(`/api/support/chats/closed?limit=2&cursor=${body.nextCursor}`, user.cookie)).json();
    expect(rest).toEqual({ items: [expect.objectContaining({ id: first })], nextCursor: null });

    // Opened from the list: the whole conversation, the admin's answer included, and no way to write in it.
    const read = (await get(`/api/chats/${first}/messages`, user.cookie)).json();
    expect(read.chat.status).toBe('closed');
    expect(read.items.map((m: { content: string }) => m.content)).toEqual([
      'My card was charged twice',
      'Answer to: My card was charged twice',
      'Support closed this chat. Goodbye!',
    ]);
    expect((await say(user.cookie, first, 'one more thing')).statusCode).toBe(409);

    // Someone else's list never shows them; someone else cannot open them.
    const theirs = (await get('/api/support/chats/closed', other.cookie)).json();
    expect(theirs.items.map((c: { id: string }) => c.id)).not.toContain(first);
    expect(theirs.items).toHaveLength(1);
    expect((await get(`/api/chats/${first}/messages`, other.cookie)).statusCode).toBe(404);
  });

  it('is empty for someone who never closed one; refuses the signed-out, admins and a foreign cursor', async () => {
    const user = await registerUser(t, 'influencer');
    expect((await get('/api/support/chats/closed', user.cookie)).json()).toEqual({ items: [], nextCursor: null });
    expect((await t.req({ url: '/api/support/chats/closed' })).statusCode).toBe(401);
    expect((await get('/api/support/chats/closed', admin)).statusCode).toBe(403);
    expect((await get('/api/support/chats/closed?limit=0', user.cookie)).statusCode).toBe(400);
    const inboxCursor = (await get('/api/admin/support?status=closed&limit=1', admin)).json().nextCursor;
    if (inboxCursor) {
      expect((await get(`/api/support/chats/closed?cursor=${inboxCursor}`, user.cookie)).statusCode).toBe(400);
    }
  });
});
