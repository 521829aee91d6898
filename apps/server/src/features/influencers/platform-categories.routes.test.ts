import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryIds, createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('per-platform categories on the profile and the directory card (issue 27)', () => {
  it('come with each platform’s price range, as the influencer set them in Settings → Social Media', async () => {
    const ids = await categoryIds(t);
    const influencer = await registerUser(t, 'influencer');
    await t.req({ method: 'POST', url: '/api/me/onboarding/complete', cookie: influencer.cookie });
    const saved = await t.req({
      method: 'PUT',
      url: '/api/social/tiktok/settings',
      cookie: influencer.cookie,
      body: { categoryIds: [ids[2], ids[4]], priceMin: 200, priceMax: 600 },
    });
    expect(saved.statusCode).toBe(200);
    const profileId = (await t.req({ url: '/api/me', cookie: influencer.cookie })).json().user.profileId;

    const client = await registerUser(t, 'client');
    const profile = await t.req({ url: `/api/influencers/${profileId}`, cookie: client.cookie });
    expect(profile.statusCode).toBe(200);
    const tiktok = profile.json().prices.find((p: { platform: string }) => p.platform === 'tiktok');
    expect(tiktok).toMatchObject({ priceMin: 200, priceMax: 600 });
    expect(tiktok.categories.map((c: { id: string }) => c.id).sort()).toEqual([ids[2], ids[4]].sort());
    expect(tiktok.categories.every((c: { name: string }) => c.name.length > 0)).toBe(true);
  });
});
