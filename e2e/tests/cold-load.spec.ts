// Issue 11 §3: a cold load of any screen makes at most two API requests, and moving to another screen inside the app
// makes one. Since the server renders the screens (apps/web/src/entry-server.tsx), a cold load of a screen arrives
// with its data in the page and asks for nothing; the app's entry `/` (the branded splash) is rendered in the
// browser: the bootstrap, then the landing screen's data.
import type { Page } from '@playwright/test';
import { baseUrl, DEMO, expect, signInByApi, test } from '../support/fixtures.ts';

test.describe.configure({ mode: 'parallel' });

/** Every API request the page makes from now on (the realtime socket is not one: it is a WebSocket). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && req.resourceType() !== 'websocket') seen.push(url.pathname + url.search);
  });
  return seen;
}

/** Loads `path` in a new tab of a signed-in browser and waits until it has shown its screen and gone quiet. */
async function coldLoad(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const seen = apiRequests(page);
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return seen;
}

const heading = (name: RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

test.describe('a signed-in cold load', () => {
  test.beforeEach(async ({ context }) => {
    await signInByApi(context, DEMO.client, DEMO.password);
  });

  for (const [path, name] of [
    ['/home', /welcome|home/i],
    ['/influencers', /influencers/i],
    ['/campaigns', /campaigns/i],
    ['/campaigns?sort=budget', /campaigns/i],
    ['/chat', /chat|messages/i],
  ] as const) {
    test(`of ${path} arrives with its data and asks for nothing`, async ({ page }) => {
      const seen = await coldLoad(page, path, heading(name));
      expect(seen, `API requests on a cold load of ${path}`).toEqual([]);
    });
  }

  test('of a campaign arrives with the campaign and asks for nothing', async ({ page, context }) => {
    const list = await context.request.get(`${baseUrl()}/api/campaigns`);
    const [first] = ((await list.json()) as { items: { id: string; title: string }[] }).items;
    const seen = await coldLoad(page, `/campaigns/${first!.id}`, async (p) => {
      await expect(p.getByRole('heading', { name: first!.title }).first()).toBeVisible();
    });
    expect(seen, 'API requests on a cold load of a campaign').toEqual([]);
  });

  test("of the app's entry makes at most two: the bootstrap, then the landing screen's data", async ({ page }) => {
    const seen = await coldLoad(page, '/', async (p) => {
      await expect(p).toHaveURL(/\/home$/);
      await heading(/welcome|home/i)(p);
    });
    expect(seen.length, `API requests on a cold load of /: ${seen.join(', ')}`).toBeLessThanOrEqual(2);
    expect(seen[0]).toBe('/api/bootstrap');
  });

  test('then moving to another screen in the app makes one', async ({ page }) => {
    await coldLoad(page, '/home', heading(/welcome|home/i));
    const seen = apiRequests(page);
    await page
      .getByRole('link', { name: /^campaigns/i })
      .first()
      .click();
    await heading(/campaigns/i)(page);
    await page.waitForLoadState('networkidle');
    expect(seen.length, `API requests moving to Campaigns: ${seen.join(', ')}`).toBeLessThanOrEqual(1);
  });
});

test.describe("an influencer's cold load", () => {
  test('of /orders arrives with the orders and asks for nothing', async ({ page, context }) => {
    await signInByApi(context, DEMO.influencer, DEMO.password);
    const seen = await coldLoad(page, '/orders', heading(/orders/i));
    expect(seen, 'API requests on a cold load of /orders').toEqual([]);
  });
});

test('a signed-out cold load of a screen is sent to the sign-in form by the server, and asks for nothing', async ({
  page,
}) => {
  const seen = await coldLoad(page, '/campaigns', async (p) => {
    await expect(p).toHaveURL(/\/auth$/);
    await expect(p.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
  expect(seen).toEqual([]);
});

test.describe('a reader in another time zone', () => {
  // The server writes dates in Tbilisi's zone; the browser takes the page over in that zone and then writes its own.
  // A mismatch would log an error (the fixture fails the test on it) and render the whole page again.
  test.use({ timezoneId: 'America/New_York' });

  test('gets the conversation and the campaign taken over without a mismatch', async ({ page, context }) => {
    await signInByApi(context, DEMO.client, DEMO.password);
    const chats = (await (await context.request.get(`${baseUrl()}/api/chats`)).json()) as { items: { id: string }[] };
    const seen = await coldLoad(page, `/chat?c=${chats.items[0]!.id}`, async (p) => {
      await expect(p.getByTestId('system-message').first()).toBeVisible();
    });
    // The conversation came with the page; opening it marks it read, which refreshes the list and the badge.
    expect(seen.filter((u) => u.startsWith('/api/bootstrap') || u.includes('/messages?'))).toEqual([]);
    const list = await context.request.get(`${baseUrl()}/api/campaigns`);
    const [first] = ((await list.json()) as { items: { id: string; title: string }[] }).items;
    await coldLoad(page, `/campaigns/${first!.id}`, async (p) => {
      await expect(p.getByRole('heading', { name: first!.title }).first()).toBeVisible();
    });
  });
});
