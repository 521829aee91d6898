// Messages sent on the socket (issue 28 §1): the socket's own signed-in person, no session lookup per message; the
// same rules as POST /api/chats/:id/messages (a party of an open chat, once per client id, the same limit).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { MESSAGE_MESSAGES } from '@app/shared/chat/message.schemas';
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chats, messages } from '../db/schema.ts';
import { type Person, person } from '../test/fixtures.ts';
import { createTestApp, ORIGIN, type TestApp } from '../test/harness.ts';

let t: TestApp;
let port: number;
let client: Person;
let influencer: Person;
let stranger: Person;
let chatId: string;

async function connect(cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d) => {
    frames.push(JSON.parse(d.toString()));
    for (const w of waiters) w();
  });
  /** Resolves with the first frame (already received or to come) that matches. */
  const next = (pred: (f: ServerFrame) => boolean) =>
    new Promise<ServerFrame>((resolve) => {
      const check = () => {
        const hit = frames.find(pred);
        if (!hit) return;
        waiters.delete(check);
        resolve(hit);
      };
      waiters.add(check);
      check();
    });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  await next((f) => f.type === 'ready');
  return { ws, frames, next, sendMessage: (m: object) => ws.send(JSON.stringify({ type: 'message.send', ...m })) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  client = await person(t, 'client');
  influencer = await person(t, 'influencer');
  stranger = await person(t, 'client');
  const [chat] = await t.db
    .insert(chats)
    .values({ clientId: client.profileId, influencerId: influencer.profileId })
    .returning({ id: chats.id });
  chatId = chat!.id;
});
afterAll(() => t.close());

const created = (clientId: string) => (f: ServerFrame) =>
  f.type === 'message.created' && f.message.clientId === clientId;

describe('a message sent on the socket', () => {
  it('is stored once and reaches the other party, and the sender hears it back as theirs', async () => {
    const mine = await connect(client.cookie);
    const theirs = await connect(influencer.cookie);
    const clientId = randomUUID();
    mine.sendMessage({ chatId, clientId, content: 'Over the socket  ' });
    const received = await theirs.next(created(clientId));
    const echoed = await mine.next(created(clientId));
    expect(received).toMatchObject({ message: { content: 'Over the socket', mine: false, from: 'client' } });
    expect(echoed).toMatchObject({ message: { content: 'Over the socket', mine: true } });
    // A replay (a lost answer) writes nothing more.
    mine.sendMessage({ chatId, clientId, content: 'Over the socket' });
    const page = await t.req({ url: `/api/chats/${chatId}/messages`, cookie: influencer.cookie });
    await expect.poll(async () => t.db.$count(messages, eq(messages.clientId, clientId))).toBe(1);
    expect(page.json().items.filter((m: { clientId: string }) => m.clientId === clientId)).toHaveLength(1);
    mine.ws.close();
    theirs.ws.close();
  });

  it('is refused to someone who is not a party, with the message’s id, and nothing is stored', async () => {
    const other = await connect(stranger.cookie);
    const clientId = randomUUID();
    other.sendMessage({ chatId, clientId, content: 'Let me in' });
    const refusal = await other.next((f) => f.type === 'error' && f.clientId === clientId);
    expect(refusal).toMatchObject({ type: 'error', message: 'Chat not found' });
    expect(await t.db.$count(messages, eq(messages.clientId, clientId))).toBe(0);
    other.ws.close();
  });

  it('is refused when blank, by the shared rule, without closing the socket', async () => {
    const mine = await connect(client.cookie);
    const clientId = randomUUID();
    mine.sendMessage({ chatId, clientId, content: '   ' });
    const refusal = await mine.next((f) => f.type === 'error' && f.clientId === clientId);
    expect(refusal).toMatchObject({ message: MESSAGE_MESSAGES.blank });
    expect(mine.ws.readyState).toBe(WebSocket.OPEN);
    mine.ws.close();
  });
});
