import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

/**
 * A cache started on a fake LISTEN: `notify` plays another instance's trigger, `lose` a dropped connection,
 * `restore` the listener back on every channel.
 */
async function started(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const cache = createSessionCache<string>({
    ttlMs: opts.ttlMs ?? 30_000,
    maxEntries: opts.maxEntries ?? 10,
    now: () => clock,
  });
  let notify = (_: string) => {};
  let lose = () => {};
  let restore = () => {};
  await cache.start(async (_channel, onNotify, events) => {
    notify = onNotify;
    lose = events?.lost ?? lose;
    restore = events?.restored ?? restore;
    return async () => {};
  });
  const tick = (ms: number) => {
    clock += ms;
  };
  return { cache, notify: (id: string) => notify(id), lose: () => lose(), restore: () => restore(), tick };
}

describe('session cache', () => {
  it('serves nothing before it listens for invalidations', () => {
    const cache = createSessionCache<string>({ ttlMs: 30_000, maxEntries: 10 });
    cache.set('k', 'u1', 'v', cache.begin(), Number.MAX_SAFE_INTEGER);
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps an entry for its lifetime or until the session ends, whichever is first', async () => {
    const { cache, tick } = await started({ ttlMs: 30_000 });
    cache.set('a', 'u1', 'A', cache.begin(), Number.MAX_SAFE_INTEGER);
    cache.set('b', 'u2', 'B', cache.begin(), 1_000 + 5_000);
    tick(5_000);
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    tick(25_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every entry of the person another instance names, and only theirs', async () => {
    const { cache, notify } = await started();
    cache.set('a1', 'u1', 'A1', cache.begin(), Number.MAX_SAFE_INTEGER);
    cache.set('a2', 'u1', 'A2', cache.begin(), Number.MAX_SAFE_INTEGER);
    cache.set('b', 'u2', 'B', cache.begin(), Number.MAX_SAFE_INTEGER);
    notify('u1');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b')]).toEqual([undefined, undefined, 'B']);
  });

  it('does not store what a lookup read before an invalidation arrived', async () => {
    const { cache, notify } = await started();
    const since = cache.begin();
    notify('u1'); // the session was revoked while the lookup was reading it
    cache.set('a', 'u1', 'stale', since, Number.MAX_SAFE_INTEGER);
    expect(cache.get('a')).toBeUndefined();
  });

  it('turns itself off when the listening connection is lost', async () => {
    const { cache, lose } = await started();
    cache.set('a', 'u1', 'A', cache.begin(), Number.MAX_SAFE_INTEGER);
    lose();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'u1', 'A', cache.begin(), Number.MAX_SAFE_INTEGER);
    expect(cache.get('a')).toBeUndefined();
  });

  it('turns back on, empty, when the listener is restored; a lookup begun while it was down is not stored', async () => {
    const { cache, lose, restore } = await started();
    lose();
    const since = cache.begin(); // read while nothing could tell us of a revocation
    restore();
    cache.set('a', 'u1', 'stale', since, Number.MAX_SAFE_INTEGER);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'u1', 'A', cache.begin(), Number.MAX_SAFE_INTEGER);
    expect(cache.get('a')).toBe('A');
  });

  it('stays within its size, dropping the oldest', async () => {
    const { cache } = await started({ maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) cache.set(k, k, k, cache.begin(), Number.MAX_SAFE_INTEGER);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
  });
});
