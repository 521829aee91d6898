// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type RealtimeEvent } from './realtime';

/** A WebSocket the test drives: open it, hand it frames, close it with a code. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  ready() {
    this.readyState = 1;
    this.frame({ type: 'ready' });
  }
  frame(f: unknown) {
    this.onmessage?.({ data: typeof f === 'string' ? f : JSON.stringify(f) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const latest = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Starts a client and waits for its first socket (it loads the frames' schema first). */
async function start() {
  const client = createRealtimeClient('ws://app.test/api/realtime');
  const events: RealtimeEvent[] = [];
  client.subscribe((e) => events.push(e));
  client.start();
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return { client, events };
}

describe('the realtime client', () => {
  it('replaced by a newer socket of the same person: waits for its tab to be looked at before it reconnects', async () => {
    const { client } = await start();
    latest().ready();
    latest().drop(4409);
    expect(client.status).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1); // no retry storm between tabs
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('takes a resync from the server as a reconnect: the screens fetch what they show', async () => {
    const { events } = await start();
    latest().ready();
    latest().frame({ type: 'resync' });
    expect(events).toEqual([{ type: 'reconnected' }]);
  });

  it('passes on valid frames only, and is online once the server says ready', async () => {
    const { client, events } = await start();
    expect(client.status).toBe('connecting');
    latest().ready();
    expect(client.status).toBe('online');
    latest().frame({ type: 'typing', chatId: 'c1' });
    latest().frame('{broken');
    latest().frame({ type: 'message.created', chatId: 'c1' }); // no message: not a valid frame
    expect(events).toEqual([{ type: 'typing', chatId: 'c1' }]);
    client.send({ type: 'typing', chatId: '3f0c9a52-8d0e-4f55-9a51-2f8f4f1f0a01' });
    expect(JSON.parse(latest().sent[0]!)).toEqual({ type: 'typing', chatId: '3f0c9a52-8d0e-4f55-9a51-2f8f4f1f0a01' });
  });

  it('reconnects after 1, 2, 5, then every 10 s, says so, and asks screens to catch up once back', async () => {
    const { client, events } = await start();
    latest().ready();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      latest().drop();
      expect(client.status).toBe('offline');
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    latest().ready();
    expect(client.status).toBe('online');
    expect(events).toEqual([{ type: 'reconnected' }]);
    // Back online, the backoff starts over.
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('stops for good when the server ends the session (4401), and on stop()', async () => {
    const { events } = await start();
    latest().ready();
    latest().drop(4401);
    expect(events).toEqual([{ type: 'session-ended' }]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const other = await start();
    latest().ready();
    other.client.stop();
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('opens again when asked after a 4401 (a renewed session), but never once stopped', async () => {
    const { client, events } = await start();
    latest().ready();
    latest().drop(4401);
    client.restart();
    expect(FakeSocket.all).toHaveLength(2);
    latest().ready();
    expect(client.status).toBe('online');
    // Back: the screens fetch what they missed while it was closed.
    expect(events).toEqual([{ type: 'session-ended' }, { type: 'reconnected' }]);
    client.restart(); // open: nothing to do
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(4401);
    client.stop();
    client.restart();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
