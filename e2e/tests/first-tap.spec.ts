// Issue 28 §2: the first tap after a page appears works. The sign-in and registration forms work without JavaScript
// (the server signs in, registers and redirects, or draws the form again with its messages); the Login/Register
// tabs are links; a tap on Register before the app has taken the page over lands on the registration form.
// Navigations here go through the frame (`page.mainFrame().goto`): the fixtures' page.goto waits for the app to be
// live, which a page without JavaScript never is, and which the tap before hydration must not wait for.
import { DEMO, expect, signInByApi, test, uniqueEmail } from '../support/fixtures';
import { holdRequests } from '../support/journeys';

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
  const code = await holdRequests(page, '**/assets/*.js');
  await page.mainFrame().goto('/auth', { waitUntil: 'commit' });
  const register = page.getByRole('tab', { name: 'Register' });
  await expect(register).toBeVisible();
  expect(await page.evaluate(isLive)).toBe(false);
  await register.click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible();
  await code.release();
  // And the app takes the registration form over.
  await page.waitForFunction(isLive);
  await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('a tap on a sort menu before its code has arrived opens it once the code is here; the choice then applies', async ({
  page,
}) => {
  await signInByApi(page.context(), DEMO.client, DEMO.password);
  // The menu's code (the Radix chunk) is held back: the page is live, the menu is still its stand-in.
  const radix = await holdRequests(page, '**/assets/radix-*.js');
  await page.goto('/influencers');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveAttribute('data-stand-in', '');
  await expect(sort).toHaveText('Newest');
  await sort.click();
  await expect(page.getByRole('option')).toHaveCount(0);
  await radix.release();
  await page.getByRole('option', { name: 'Most verified followers' }).click();
  await expect(page).toHaveURL(/\/influencers\?sort=followers$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Most verified followers');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).not.toHaveAttribute('data-stand-in');
});

test('the parts held until the page is live are taken over then: the last card, row or link opens its page in the app', async ({
  page,
}) => {
  await signInByApi(page.context(), DEMO.client, DEMO.password);
  // Each list has more cards or rows than the first screenful, which is taken over with the page; the rest, and the
  // parts held whole (Home's categories, the app's navigation), wait for it to be live.
  for (const [list, card, opened, atLeast] of [
    ['/influencers', page.locator('article a[href^="/influencers/"]'), /\/influencers\/[\w-]+$/, 5],
    ['/campaigns', page.locator('article h3 a'), /\/campaigns\/[\w-]+$/, 5],
    ['/home', page.getByRole('region', { name: 'Top Influencers' }).locator('li a'), /\/influencers\/[\w-]+$/, 5],
    ['/chat', page.getByRole('region', { name: 'Your conversations' }).locator('li a'), /\/chat\?c=[\w-]+$/, 8],
    ['/home', page.getByRole('region', { name: 'Popular Categories' }).locator('li a'), /\/influencers\?category=/, 1],
    [
      '/home',
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }),
      /\/campaigns$/,
      1,
    ],
  ] as const) {
    await page.goto(list);
    expect(await card.count()).toBeGreaterThanOrEqual(atLeast);
    await expect(page.locator('html')).not.toHaveAttribute('data-held');
    // A mark on this document: a link the app did not take over would load a new one, without it.
    await page.evaluate(() => Object.assign(globalThis, { __sameDocument: true }));
    await card.last().click();
    await expect(page).toHaveURL(opened);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (globalThis as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  }
});
