import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { findNul } from './text-guard.ts';

describe('findNul', () => {
  it('finds the path of the first string with a NUL, at any depth', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toBe('b.0.c');
    expect(findNul('\u0000')).toBe('_');
    expect(findNul({ a: 'fine', n: 1, z: null })).toBeNull();
    expect(findNul(undefined)).toBeNull();
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
