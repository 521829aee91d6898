// Shared steps of the journey specs: fresh accounts over HTTP, settings sections, toasts, held requests and
// expected HTTP errors.
import type { APIRequestContext, BrowserContext, Locator, Page, Route } from '@playwright/test';
import { baseUrl, expect, requestOf, uniqueEmail, waitForVerifyLink } from './fixtures.ts';

/** The password every fresh account gets. */
export const PASSWORD = 'e2e-pass-123';

export type Account = {
  role: 'client' | 'influencer';
  email: string;
  password: string;
  name: string;
  lastname: string;
};

type NewAccountOptions = Partial<Omit<Account, 'password'>> & {
  onboarded?: boolean;
  /**
   * Opens the mailed verification link. An influencer's address is confirmed unless `false` (only a confirmed one
   * can be hired, issue 23 §2); a client's stays unconfirmed unless `true`.
   */
  emailVerified?: boolean;
};

/**
 * Registers a fresh account over HTTP (the same call the register form makes). With a BrowserContext its pages
 * are then signed in as that account; `onboarded` also finishes the wizard, as a person who has used the app.
 */
export async function registerByApi(
  target: APIRequestContext | BrowserContext,
  { role = 'client', onboarded = false, emailVerified = role === 'influencer', ...rest }: NewAccountOptions = {},
): Promise<Account> {
  const request = requestOf(target);
  const origin = baseUrl();
  const account: Account = {
    role,
    email: rest.email ?? uniqueEmail(role),
    password: PASSWORD,
    name: rest.name ?? 'Tamar',
    lastname: rest.lastname ?? 'Gelashvili',
  };
  let categoryIds: string[] = [];
  if (role === 'influencer') {
    const res = await request.get(`${origin}/api/categories`);
    const { items } = (await res.json()) as { items: { id: string; offered: boolean }[] };
    categoryIds = items
      .filter((c) => c.offered)
      .map((c) => c.id)
      .slice(0, 1);
  }
  const res = await request.post(`${origin}/api/auth/register`, {
    data: { ...account, categoryIds, acceptTerms: true },
    headers: { Origin: origin },
  });
  if (res.status() !== 201) throw new Error(`register ${account.email}: HTTP ${res.status()} ${await res.text()}`);
  if (emailVerified) {
    const link = await waitForVerifyLink(request, account.email);
    const opened = await request.get(link, { maxRedirects: 0 });
    if (opened.status() !== 302) throw new Error(`verify ${account.email}: HTTP ${opened.status()}`);
  }
  if (onboarded) {
    const done = await request.post(`${origin}/api/me/onboarding/complete`, { headers: { Origin: origin } });
    if (!done.ok()) throw new Error(`onboarding ${account.email}: HTTP ${done.status()} ${await done.text()}`);
  }
  return account;
}

/** Opens a Settings section from its menu entry (going to /settings first if needed) and waits for its heading. */
export async function openSection(page: Page, entry: string): Promise<void> {
  if (!page.url().endsWith('/settings')) await page.goto('/settings');
  await page.getByRole('button', { name: entry, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
}

/**
 * The toast (list item) whose title or description is exactly `text`, inside the Notifications region (not the
 * screen-reader copy; `regionName` is that region's name in another language), to check that it shows, its variant
 * or its other line.
 */
export function toastItem(page: Page, text: string, regionName: string | RegExp = /Notifications/): Locator {
  return page
    .getByRole('region', { name: regionName })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });
}

/**
 * Holds every request matching `url` until `release()` is called, so a short-lived state (a routing screen,
 * a busy button) can be looked at without racing the server.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = async (route: Route) => {
    await gate;
    await route.fallback();
  };
  await page.route(url, handler);
  return {
    release: async () => {
      open();
      await page.unroute(url, handler);
    },
  };
}

/** What Chromium logs for a fetch the server answered with `status`, e.g. a refusal the test provokes. */
export function failedRequest(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`status of ${status} \\([^)]*\\)\\s+\\(https?://[^)]+${escaped}(\\?[^)]*)?:\\d+\\)`);
}
