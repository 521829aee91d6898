// The hub's fan-out (issue 28 §1): one serialization per event, not per recipient, and backpressure: a socket that
// does not keep up is dropped instead of buffered without bound. No database: without `listen` the hub delivers in
// process, through the same deliver path a notification takes.
import type { MessageDto } from '@app/shared/chat/message.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { createRealtimeHub, type HubSocket, MAX_BUFFERED_BYTES } from './hub.ts';

function fakeSocket(buffered = 0) {
  const sent: string[] = [];
  const s: HubSocket & { sent: string[]; terminated: boolean } = {
    sent,
    bufferedAmount: buffered,
    terminated: false,
    send: (d: string) => void sent.push(d),
    close: () => {},
    terminate: () => {
      s.terminated = true;
    },
  };
  return s;
}

const hubWithoutDatabase = () =>
  createRealtimeHub({ db: {} as Db, listen: undefined, log: { warn: () => {} }, limits: { perPerson: 1000 } });

const message = (content: string): MessageDto => ({
  id: '00000000-0000-7000-8000-000000000001',
  seq: 1,
  clientId: null,
  mine: false,
  kind: 'text',
  content,
  attachment: null,
  createdAt: new Date(0).toISOString(),
  seen: false,
  from: 'client',
});

afterEach(() => vi.restoreAllMocks());

describe('realtime fan-out', () => {
  it('serializes an event once for its author and once for everyone else, whatever the number of sockets', async () => {
    const hub = hubWithoutDatabase();
    const author = Array.from({ length: 3 }, () => fakeSocket());
    const others = Array.from({ length: 200 }, () => fakeSocket());
    for (const [i, s] of author.entries()) hub.attach('author', s, { session: `a${i}` });
    for (const [i, s] of others.entries()) hub.attach(`reader-${i % 50}`, s, { session: `r${i}` });
    const readers = Array.from({ length: 50 }, (_, i) => `reader-${i}`);

    const stringify = vi.spyOn(JSON, 'stringify');
    await hub.publish(
      ['author', ...readers],
      { type: 'message.created', chatId: 'c', message: message('hi') },
      'author',
    );
    // One for the notification's payload, one per point of view.
    expect(stringify).toHaveBeenCalledTimes(3);
    stringify.mockRestore();

    for (const s of author) expect(JSON.parse(s.sent[0]!).message.mine).toBe(true);
    for (const s of others) expect(JSON.parse(s.sent[0]!).message).toMatchObject({ mine: false, content: 'hi' });
  });

  it('drops a socket that has fallen more than the limit behind, and keeps writing to the others', async () => {
    const hub = hubWithoutDatabase();
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1);
    const fine = fakeSocket(1024);
    hub.attach('u', slow, { session: 's1' });
    hub.attach('u', fine, { session: 's2' });
    expect(hub.connections).toBe(2);

    await hub.publish(['u'], { type: 'chat.stale', chatId: 'c' });
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toHaveLength(0);
    expect(fine.sent).toHaveLength(1);
    // Gone from the hub: the next event is not even tried on it.
    expect(hub.connections).toBe(1);
    await hub.publish(['u'], { type: 'chat.stale', chatId: 'c' });
    expect(fine.sent).toHaveLength(2);
  });

  it('answers an expected echo once its own event comes back through the listener, and gives up after a while', async () => {
    // A listener the test drives: what the database would hand this instance, in commit order.
    let heard: (payload: string) => void = () => {};
    const hub = createRealtimeHub({
      db: {} as Db,
      listen: async (_channel, onPayload) => {
        heard = onPayload;
        return async () => {};
      },
      log: { warn: () => {} },
    });
    await hub.start();
    const s = fakeSocket();
    hub.attach('u', s, { session: 's' });
    const echo = hub.expectEcho();
    // Someone else's event (no token, or another token) does not answer it.
    heard(JSON.stringify({ to: ['u'], frame: { type: 'chat.stale', chatId: 'a' } }));
    heard(JSON.stringify({ to: ['u'], frame: { type: 'chat.stale', chatId: 'b' }, echo: 'other:1' }));
    heard(JSON.stringify({ to: ['u'], frame: { type: 'chat.stale', chatId: 'c' }, echo: echo.token }));
    expect(await echo.back).toBe(true);
    expect(s.sent).toHaveLength(3);
    vi.useFakeTimers();
    try {
      const never = hub.expectEcho();
      vi.advanceTimersByTime(2000);
      expect(await never.back).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
