// The app boots, public pages render the spec's texts (§2), and they pass axe.
import { expect, expectNoA11yViolations, SIGNED_OUT_ME, test } from '../support/fixtures.ts';

test.use({ allowedConsoleErrors: [SIGNED_OUT_ME] });

test('terms of service is public and accessible', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('an unknown path shows the not-found page', async ({ page, allowConsoleErrors }) => {
  // The server may rightly answer an unknown path with status 404 (Chromium logs that for the document itself).
  allowConsoleErrors(/status of 404 \(Not Found\)\s+\(http:\/\/[^)]+\/no-such-page-e2e:\d+\)/);
  await page.goto('/no-such-page-e2e');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
