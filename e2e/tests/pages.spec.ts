// Spec §2: the not-found page and the public legal pages (Terms of Service, Privacy Policy).
import { DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';

test.describe.configure({ mode: 'parallel' });

test('an unknown path shows the 404 page, whose Return to Home goes to /', async ({ page, context }) => {
  await signInByApi(context, DEMO.client, DEMO.password);
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);

  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  // / is the routing screen: the onboarded client is sent on to /home.
  await expect(page).toHaveURL(/\/home$/);
});

test('Terms of Service: 14 sections, dated July 23, 2025; opened from sign-up in its own tab', {
  tag: '@desktop',
}, async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Email').fill('half-filled@example.com');
  // From the register form the terms open in a new tab, so the half-filled form stays as it was.
  const link = page.getByRole('link', { name: 'Terms of Service' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAccessibleDescription('(opens in a new tab)');
  const [terms] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(terms).toHaveURL(/\/terms-of-service$/);
  await expect(terms).toHaveTitle('Terms of Service · Influence');
  const main = terms.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(main.getByText('Last updated: July 23, 2025', { exact: true })).toBeVisible();
  await expect(main.locator('section')).toHaveCount(14);
  await expect(main.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(14);
  await expect(main.getByRole('heading', { level: 2, name: '14. Governing Law' })).toBeAttached();
  await expectNoA11yViolations(terms);

  // The new tab has nothing to go back to: Back leads into the app (signed out, the login screen).
  await terms.getByRole('button', { name: 'Back' }).click();
  await expect(terms).toHaveURL(/\/auth$/);
  await terms.close();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByLabel('Email')).toHaveValue('half-filled@example.com');
});

test('Privacy Policy: effective July 23, 2025; Back returns to the previous page', { tag: '@desktop' }, async ({
  page,
}) => {
  await page.goto('/auth?tab=register');
  const link = page.getByRole('link', { name: 'Privacy Policy' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [privacy] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(privacy).toHaveURL(/\/privacy-policy$/);
  await expect(privacy).toHaveTitle('Privacy Policy · Influence');
  const main = privacy.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(main.getByText('Effective date: July 23, 2025', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: /Children$/ })).toBeAttached();
  await expectNoA11yViolations(privacy);

  // Within the tab, Back is the browser's back.
  await main.getByRole('link', { name: 'Read our Terms of Service' }).click();
  await expect(privacy).toHaveURL(/\/terms-of-service$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeFocused();
  await privacy.getByRole('button', { name: 'Back' }).click();
  await expect(privacy).toHaveURL(/\/privacy-policy$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
