// Issue 21 §3: TRUST_PROXY=true believed every X-Forwarded-For hop, so an invented left-most address escaped every
// per-address limit and wrote a rate_limit_counters row per invention.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../test/harness.ts';
import { parseTrustProxy } from './trust-proxy.ts';

const CLIENT = '203.0.113.7';

describe('TRUST_PROXY forms', () => {
  it('reads false, a hop count, addresses and CIDRs; refuses what is neither', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback')).toEqual({
      kind: 'addresses',
      list: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    });
    expect(parseTrustProxy('true')).toEqual({ kind: 'all' });
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.internal', '::1/129', '1.2.3.4/8/1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY: .* is not a hop count/);
    }
  });

  it('`true` is refused in production and still accepted elsewhere (app.ts warns at start)', () => {
    const prod = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:9',
      BOG_CLIENT_ID: 'id',
      BOG_CLIENT_SECRET: 'secret',
      DATA_DIR: '/nonexistent',
    };
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true' })).toThrow(/trusts every X-Forwarded-For hop/);
    expect(loadConfig({ ...prod, TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ ...prod, TRUST_PROXY: 'true', NODE_ENV: 'test' }).trustProxy).toEqual({ kind: 'all' });
  });
});

/** The addresses the rate limiter counted sign-ins under (its keys end with the client address). */
async function countedAddresses(t: TestApp): Promise<string[]> {
  const { rows } = (await t.db.execute(
    sql`select key from rate_limit_counters where key like 'POST /api/auth/sign-in|%' order by key`,
  )) as unknown as { rows: { key: string }[] };
  return rows.map((r) => r.key.split('|')[1]!);
}

const signIn = (t: TestApp, peer: string, forwardedFor?: string) =>
  t.req({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    // A new unknown address each time: the per-account lock stays out of the way of the per-address limit.
    body: { email: uniqueEmail('nobody'), password: 'wrong-pass-1' },
  });

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => t.close());

  it('a forged left-most X-Forwarded-For is ignored: ten inventions share one limit and one counter row', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The client invents the first entry; the load balancer (10.0.0.2) appends the address it saw.
      statuses.push((await signIn(t, '10.0.0.2', `198.51.100.${i + 1}, ${CLIENT}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(await countedAddresses(t)).toEqual([CLIENT]);
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => t.close());

  it('believes the proxies, and skips every hop inside the range; a direct peer is itself whatever it sends', async () => {
    // Two proxies in the range: the address the outer one saw is the client.
    await signIn(t, '10.0.0.3', `198.51.100.9, ${CLIENT}, 10.4.4.4`);
    // A stranger that reached the port directly cannot pass for someone else.
    await signIn(t, '198.51.100.50', '192.0.2.1');
    expect(await countedAddresses(t)).toEqual(['198.51.100.50', CLIENT]);
  });
});
