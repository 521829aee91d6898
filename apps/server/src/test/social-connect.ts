// A TikTok or Instagram account connected the way an influencer connects it (issue 13): Fetch, the emulator's consent
// screen, our OAuth callback, the code in the bio, Verify. social.routes.test.ts drives the steps one by one; tests
// that only need an influencer with a verified account and a stored token call connectVerified().
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** The creator at the platform's consent screen: allows (as `username`) or cancels; returns where we are sent. */
export async function consent(authorizeUrl: string, username: string, decision: 'allow' | 'deny' = 'allow') {
  const u = new URL(authorizeUrl);
  const form = new URLSearchParams({ ...Object.fromEntries(u.searchParams), username, decision });
  const res = await fetch(`${u.origin}${u.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The consent screen, allowed as `username`: the code it sends back (for tests that redeem it themselves). */
export const consentCode = async (authorizeUrl: string, username: string) =>
  (await consent(authorizeUrl, username)).searchParams.get('code')!;

/** The browser back at our callback with what the platform sent; returns where we send it on. */
export async function oauthCallback(t: TestApp, cookie: string, back: URL) {
  const res = await t.req({ url: `${back.pathname}${back.search}`, cookie });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string, 'http://localhost:3000');
}

/** A change to an emulated account (bio, followers…), as the creator makes it on the platform. */
export async function patchEmulatedAccount(t: TestApp, platform: string, username: string, patch: object) {
  const res = await fetch(`${t.socialEmulator.url}/_emulator/${platform}/accounts/${username}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

/** The influencer's `username` on the platform, connected (its token stored) and verified by the code in its bio. */
export async function connectVerified(t: TestApp, cookie: string, platform: 'tiktok' | 'instagram', username: string) {
  const fetched = await t.req({
    method: 'POST',
    url: `/api/social/${platform}/fetch`,
    cookie,
    body: { handle: username },
  });
  expect(fetched.statusCode).toBe(200);
  const { account, authorizeUrl } = fetched.json() as { account: { code: string }; authorizeUrl: string };
  const landed = await oauthCallback(t, cookie, await consent(authorizeUrl, username));
  expect(landed.searchParams.get('connected')).toBe(platform);
  await patchEmulatedAccount(t, platform, username, { bio: `hi ${account.code}` });
  const verified = await t.req({ method: 'POST', url: `/api/social/${platform}/verify`, cookie });
  expect(verified.statusCode).toBe(200);
}
