// Issue 21 §6: one session opening sockets without end exhausted the server's files (1,000 sockets raised its open
// files from 226 to 1,222). Each session and each person hold a capped number; past it the oldest goes.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, ORIGIN, registerUser, signIn, type TestApp } from '../test/harness.ts';
import { CLOSE_REPLACED, SOCKETS_PER_PERSON, SOCKETS_PER_SESSION } from './hub.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** An open socket and the close code it ends with (null while open). */
async function open(cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: ORIGIN } });
  const state = { ws, code: null as number | null };
  ws.on('close', (code) => {
    state.code = code;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // 'ready'
    ws.once('error', reject);
  });
  return state;
}

describe('sockets per session and per person', () => {
  it('closes the oldest of a session past its cap, with the code the browser does not retry at once', async () => {
    const person = await registerUser(t, 'client');
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (let i = 0; i < SOCKETS_PER_SESSION + 1; i++) sockets.push(await open(person.cookie));
    await expect.poll(() => sockets[0]!.code).toBe(CLOSE_REPLACED);
    expect(sockets.slice(1).every((s) => s.code === null)).toBe(true);
    for (const s of sockets) s.ws.close();
  });

  it('caps a person across sessions too: the oldest of all goes', async () => {
    const person = await registerUser(t, 'influencer');
    const sessions = [person.cookie];
    const needed = Math.ceil((SOCKETS_PER_PERSON + 1) / SOCKETS_PER_SESSION);
    while (sessions.length < needed) sessions.push(await signIn(t, person.email, person.password));
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (let i = 0; i < SOCKETS_PER_PERSON; i++) {
      sockets.push(await open(sessions[Math.floor(i / SOCKETS_PER_SESSION)]!));
    }
    expect(sockets.every((s) => s.code === null)).toBe(true);
    const newest = await open(sessions.at(-1)!);
    await expect.poll(() => sockets[0]!.code).toBe(CLOSE_REPLACED);
    expect([...sockets.slice(1), newest].every((s) => s.code === null)).toBe(true);
    // Somebody else is not affected by this person's sockets.
    const other = await registerUser(t, 'client');
    const theirs = await open(other.cookie);
    expect(theirs.code).toBeNull();
    for (const s of [...sockets, newest, theirs]) s.ws.close();
  });
});
