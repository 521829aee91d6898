// Spec §2 (route table access, post-login routing, navigation tabs, splash) and §6 (roles).
import { DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';
import { registerByApi } from '../support/journeys.ts';

test.describe.configure({ mode: 'parallel' });

const ANY_UUID = '3f2b8c1e-9a4d-4e6b-8c2f-1d5e7a9b0c3d';

test('signed out, protected pages redirect to /auth', async ({ page }) => {
  for (const path of ['/home', '/campaigns', '/settings', '/orders']) {
    await page.goto(path);
    await expect(page, `${path} while signed out`).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  }
});

test('the splash shows the tagline on the entry, then disappears; a deep link shows its screen at once', async ({
  page,
}) => {
  // Keep the splash up long enough to look at it on a slow machine (the server sends its timing in the page).
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(/&quot;splashMs&quot;:\d+/, '&quot;splashMs&quot;:3000');
      if (body === html) throw new Error('no splashMs in the page config');
      await route.fulfill({ response, body });
    },
  );
  await page.goto('/');
  const splash = page.getByTestId('splash');
  await expect(splash.getByText('Connecting influencers with brands', { exact: true })).toBeVisible();
  await expect(splash.getByRole('status')).toHaveText('Loading...');
  await expectNoA11yViolations(page);
  await expect(splash).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  // A reload of a screen other than the entry does not wait behind the 3 s splash: its screen is there at once.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible({ timeout: 2000 });
  await expect(splash).toHaveCount(0);
});

test('a client has the client tabs, lands on /home and is sent from /orders to /campaigns', async ({
  page,
  context,
}) => {
  await signInByApi(context, DEMO.client, DEMO.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Campaigns', /Chat/, /Notifications/, 'Settings']);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Home · Influence');
  await expect(page.getByRole('heading', { name: 'Social Platforms' })).toBeVisible();
  await expectNoA11yViolations(page);

  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText('Manage your marketing campaigns')).toBeVisible();
  // After a navigation focus is on the new page's heading, and the tab bar marks where we are.
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  // The demo seed gives this client campaigns of its own (cards cut titles at 30 characters).
  await expect(page.getByRole('link', { name: 'Gudauri ski pass giveaway', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await nav.getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  // …and a conversation with Nino Beridze, hired for one of them.
  const conversation = page
    .getByRole('region', { name: 'Your conversations' })
    .getByRole('listitem')
    .filter({ hasText: 'Autumn capsule wardrobe lookbook' });
  await expect(conversation.getByRole('heading', { name: 'Nino Beridze' })).toBeVisible();
  await expectNoA11yViolations(page);

  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/orders');
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Campaigns', /Chat/, /Notifications/, 'Settings']);
});

test('an influencer has the influencer tabs, lands on /campaigns and is kept out of client pages', async ({
  page,
  context,
}) => {
  await signInByApi(context, DEMO.influencer, DEMO.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/campaigns$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Campaigns', 'Orders', /Chat/, /Notifications/, 'Settings']);
  await expect(page.getByText('Browse available campaigns')).toBeVisible();
  await expectNoA11yViolations(page);

  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/influencers');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(
    page.getByText('This page is only available for clients to browse influencers.', { exact: true }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/influencers/${ANY_UUID}`);
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByText('This page is only available for clients.', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a client who has not finished onboarding is routed from / to the first wizard step', async ({
  page,
  context,
}) => {
  await registerByApi(context, { role: 'client' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/client-wizard-1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
});

test('an admin lands on /home with the support console note, not the client landing', async ({ page, context }) => {
  await signInByApi(context, DEMO.admin, DEMO.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Support console' })).toBeVisible();
  await expect(page.getByText('Ready to Start?')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
