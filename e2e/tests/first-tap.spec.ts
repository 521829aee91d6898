// Issue 28 §2: the first tap after a page appears works. The sign-in and registration forms work without JavaScript
// (the server signs in, registers and redirects, or draws the form again with its messages); the Login/Register
// tabs are links; a tap on Register before the app has taken the page over lands on the registration form.
// Navigations here go through the frame (`page.mainFrame().goto`): the fixtures' page.goto waits for the app to be
// live, which a page without JavaScript never is, and which the tap before hydration must not wait for.
import { DEMO, expect, signInByApi, test, uniqueEmail } from '../support/fixtures';

const PASSWORD = 'Sup3r-secret!';

/** Whether the app has taken the page over (no DOM types in this project: the document as far as this needs it). */
const isLive = () =>
  (
    globalThis as unknown as { document: { documentElement: { hasAttribute(n: string): boolean } } }
  ).document.documentElement.hasAttribute('data-live');

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('signs in with the form the server drew, and a wrong password is answered on the page', async ({ page }) => {
    await page.mainFrame().goto('/auth');
    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Drawn again by the server: its message, the e-mail kept, the password not, and never in the address.
    await expect(page.getByRole('form', { name: 'Log in' }).getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.client);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(page.url()).not.toContain('password');

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(page.url()).not.toContain('password');
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });

  test('registers through the Register tab (a link) with the server’s own validation messages', async ({ page }) => {
    await page.mainFrame().goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();

    const email = uniqueEmail('nojs-signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Name', { exact: true }).fill('Nino');
    await page.getByLabel('Last name').fill('Beridze');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The shared schema's messages, drawn by the server, with what was typed kept (but the password).
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nino');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signed up and signed in: the server's redirect, then the app's own for a new client (the wizard).
    await expect(page).not.toHaveURL(/\/auth/);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });
});

test('a tap on Register right after the first paint, before the app runs, lands on the registration form', async ({
  page,
}) => {
  // The app's code is held back until the tap has happened: the page is as a slow phone shows it at first paint.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.mainFrame().goto('/auth', { waitUntil: 'commit' });
  const register = page.getByRole('tab', { name: 'Register' });
  await expect(register).toBeVisible();
  expect(await page.evaluate(isLive)).toBe(false);
  await register.click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible();
  release();
  // And the app takes the registration form over.
  await page.waitForFunction(isLive);
  await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('a drawn page names in its head every script it needs before it is live, so none waits for the first paint', async ({
  page,
  context,
}) => {
  await signInByApi(context, DEMO.client, DEMO.password);
  // When the app took the page over, by the page's own clock (as bench/first-tap.ts measures it).
  await page.addInitScript(`new MutationObserver(() => {
    if (window.__live === undefined && document.documentElement.hasAttribute('data-live')) window.__live = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-live'] });`);
  for (const path of ['/home', '/campaigns', '/chat']) {
    await page.mainFrame().goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as unknown as { __live?: number }).__live !== undefined);
    // Scripts the page started to fetch before it was live; what its head preloads; its entry script. (No DOM types
    // in this project: the page's globals as far as this needs them.)
    const { fetched, preloaded, entry } = await page.evaluate(() => {
      type Page = {
        __live: number;
        location: { href: string };
        document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(a: string): string | null }> };
      };
      const w = globalThis as unknown as Page;
      const paths = (sel: string, attr: string) =>
        Array.from(w.document.querySelectorAll(sel), (e) => new URL(e.getAttribute(attr)!, w.location.href).pathname);
      return {
        fetched: performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < w.__live && /\.js$/.test(new URL(e.name).pathname))
          .map((e) => new URL(e.name).pathname),
        preloaded: paths('head link[rel="modulepreload"]', 'href'),
        entry: paths('head script[type="module"][src]', 'src'),
      };
    });
    // The screen's own modules are among them (not only the shell), and nothing the page ran was left out.
    expect(preloaded.length, path).toBeGreaterThan(2);
    // The service worker's chunk is registered when the browser is idle, which may come before the page is live.
    const unannounced = fetched.filter(
      (f) => !preloaded.includes(f) && !entry.includes(f) && !/service-worker/.test(f),
    );
    expect(unannounced, `${path}: scripts fetched before live but not preloaded`).toEqual([]);
  }
});
