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

test('Terms of Service: 14 sections, dated July 23, 2025; Back returns', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/auth?mode=register');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(main.getByText('Last updated: July 23, 2025', { exact: true })).toBeVisible();
  await expect(main.locator('section')).toHaveCount(14);
  await expect(main.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(14);
  await expect(main.getByRole('heading', { level: 2, name: '14. Governing Law' })).toBeAttached();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
});

test('Privacy Policy: effective July 23, 2025; Back returns', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/auth?mode=register');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(main.getByText('Effective date: July 23, 2025', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: /Children$/ })).toBeAttached();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
});
