import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { MAX_JSON_DEPTH, scanText } from './text-guard.ts';

const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('scanText', () => {
  it('finds the path of the first string with a NUL, at any depth, in document order', () => {
    expect(scanText({ a: 'ok', b: [{ c: 'x\u0000y' }], d: '\u0000' })).toEqual({ nulAt: 'b.0.c' });
    expect(scanText('\u0000')).toEqual({ nulAt: '_' });
    expect(scanText({ a: 'fine', n: 1, z: null })).toBeNull();
    expect(scanText(undefined)).toBeNull();
  });

  it('walks without recursion and stops past the depth bound (a 5,000-deep array is no stack overflow)', () => {
    expect(scanText(nested(MAX_JSON_DEPTH - 1))).toBeNull();
    expect(scanText(nested(MAX_JSON_DEPTH + 1))).toEqual({ tooDeep: true });
    expect(scanText(nested(5000))).toEqual({ tooDeep: true });
  });
});

describe('a NUL character in a body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a 400 naming the field, and nothing is saved', async () => {
    const client = await registerUser(t, 'client');
    const body = { socials: ['instagram'], title: 'a\u0000b', description: 'd', budget: 1, deadline: null };
    const res = await t.req({ method: 'POST', url: '/api/campaigns', cookie: client.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.title).toBeDefined();
    const list = await t.req({ url: '/api/campaigns', cookie: client.cookie });
    expect(list.json().items).toHaveLength(0);
  });
});
