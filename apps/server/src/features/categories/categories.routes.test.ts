import { CATEGORY_NAMES } from '@app/shared/constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists the 15 categories in the spec order, the first 8 offered, without signing in', async () => {
  const res = await t.req({ url: '/api/categories' });
  expect(res.statusCode).toBe(200);
  const items: { name: string; offered: boolean }[] = res.json().items;
  expect(items.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
  expect(items.filter((c) => c.offered).map((c) => c.name)).toEqual(CATEGORY_NAMES.slice(0, 8));
});
