import { describe, expect, it } from 'vitest';
import { createReadCache, serializeSharedAnswersOnce } from './read-cache.ts';

/** A started cache with a hand-driven listener and clock. */
async function started(ttlMs = 1_000) {
  let time = 0;
  let notify: (table: string) => void = () => {};
  let lose: () => void = () => {};
  let restore: () => void = () => {};
  const cache = createReadCache({ ttlMs, maxEntries: 3, now: () => time });
  await cache.start(async (_channel, onNotify, events) => {
    notify = onNotify;
    lose = events?.lost ?? lose;
    restore = events?.restored ?? restore;
    return async () => {};
  });
  return {
    cache,
    notify: (t: string) => notify(t),
    lose: () => lose(),
    restore: () => restore(),
    tick: (ms: number) => (time += ms),
  };
}

/** A load that counts its calls and answers with the count. */
function counter() {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
}

describe('read cache', () => {
  it('answers a repeated read from memory until a table it read changes', async () => {
    const { cache, notify } = await started();
    const c = counter();
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(1);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(1);
    notify('messages'); // not read by this answer
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(1);
    notify('campaigns');
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it('never serves what was read while a change arrived', async () => {
    const { cache, notify } = await started();
    let calls = 0;
    const slow = async () => {
      calls++;
      if (calls === 1) notify('orders'); // the change lands while the first read is on its way
      return calls;
    };
    expect(await cache.through('a', ['orders'], slow)).toBe(1);
    expect(await cache.through('a', ['orders'], slow)).toBe(2);
    expect(await cache.through('a', ['orders'], slow)).toBe(2);
  });

  it('sends identical reads in flight to the database once', async () => {
    const { cache } = await started();
    let release: (n: number) => void = () => {};
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<number>((r) => {
        release = r;
      });
    };
    const both = Promise.all([cache.through('a', ['chats'], load), cache.through('a', ['chats'], load)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
    expect(cache.stats().shared).toBe(1);
  });

  it('keeps an answer no longer than its lifetime, and at most maxEntries answers', async () => {
    const { cache, tick } = await started(1_000);
    const c = counter();
    await cache.through('a', ['campaigns'], c.load);
    tick(999);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(1);
    tick(1);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
    for (const k of ['b', 'c', 'd']) await cache.through(k, ['campaigns'], c.load);
    expect(cache.stats().entries).toBe(3);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(6); // the oldest, 'a', made room
  });

  it('lets go of expired answers nobody asks for again when it stores a new one', async () => {
    const { cache, tick } = await started(1_000);
    const c = counter();
    await cache.through('a', ['campaigns'], c.load);
    tick(600);
    await cache.through('b', ['campaigns'], c.load);
    expect(cache.stats().entries).toBe(2);
    tick(500); // 'a' has expired, 'b' has not
    await cache.through('c', ['campaigns'], c.load);
    expect(cache.stats().entries).toBe(2);
    tick(1_000); // both 'b' and 'c' have expired
    await cache.through('d', ['campaigns'], c.load);
    expect(cache.stats().entries).toBe(1);
  });

  it('forgets everything after this instance writes', async () => {
    const { cache } = await started();
    const c = counter();
    await cache.through('a', ['ratings'], c.load);
    cache.forgetAll();
    expect(await cache.through('a', ['ratings'], c.load)).toBe(2);
  });

  it('turns itself off when the listener is lost: every read goes to the database', async () => {
    const { cache, lose } = await started();
    const c = counter();
    await cache.through('a', ['campaigns'], c.load);
    lose();
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(3);
  });

  it('turns back on, empty, when the listener is restored', async () => {
    const { cache, lose, restore } = await started();
    const c = counter();
    await cache.through('a', ['campaigns'], c.load); // 1, stored
    lose();
    restore(); // a change while it was down is unknown: what it had must not come back
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
  });

  it('sync() waits until the changes committed before it have arrived (their order is the connection’s)', async () => {
    const queue: string[] = [];
    let deliver: (payload: string) => void = () => {};
    const cache = createReadCache({ ttlMs: 1_000, maxEntries: 10 });
    await cache.start(
      async (_channel, onNotify) => {
        deliver = onNotify;
        return async () => {};
      },
      async (_channel, payload) => void queue.push(payload),
    );
    const c = counter();
    await cache.through('a', ['campaigns'], c.load);
    queue.push('campaigns'); // committed elsewhere, not delivered yet
    let synced = false;
    const sync = cache.sync().then(() => {
      synced = true;
    });
    await Promise.resolve();
    deliver(queue.shift()!); // 'campaigns'
    expect(synced).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    deliver(queue.shift()!); // sync's own token
    await sync;
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
  });

  it('is a pass-through until started', async () => {
    const cache = createReadCache({ ttlMs: 1_000, maxEntries: 10 });
    const c = counter();
    await cache.through('a', ['campaigns'], c.load);
    expect(await cache.through('a', ['campaigns'], c.load)).toBe(2);
  });

  it('turns a stored answer into JSON once per route, and anything else every time', async () => {
    const { cache, notify } = await started();
    let serialized = 0;
    const compile = serializeSharedAnswersOnce((route: string) => (data: unknown) => {
      serialized++;
      return `${route}:${JSON.stringify(data)}`;
    });
    const list = compile('list');
    const other = compile('other');
    let version = 0;
    const load = async () => ({ items: [++version] });

    const first = await cache.through('a', ['campaigns'], load);
    expect(list(first)).toBe('list:{"items":[1]}');
    expect(list(await cache.through('a', ['campaigns'], load))).toBe('list:{"items":[1]}');
    expect(serialized).toBe(1);
    // Another route's serializer makes its own text of the same answer.
    expect(other(first)).toBe('other:{"items":[1]}');
    expect(serialized).toBe(2);

    // A new answer after a change is serialized anew.
    notify('campaigns');
    expect(list(await cache.through('a', ['campaigns'], load))).toBe('list:{"items":[2]}');
    expect(serialized).toBe(3);

    // An object that did not come from the cache (a fresh answer each request) and plain values: every time.
    const fresh = { items: [9] };
    list(fresh);
    list(fresh);
    list(7);
    expect(serialized).toBe(6);
  });
});
