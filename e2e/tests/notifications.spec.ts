// Issue 24 §1-2 in two browsers: the influencer's open campaign page follows the brand's payment without a reload,
// and the bell in the tab bar counts up with it and down when the notifications are read.
import type { Page } from '@playwright/test';
import { payOnPage } from '../../apps/server/src/emulators/bog/emulator-testing.ts';
import { baseUrl, expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { openSection, registerByApi, toastItem } from '../support/journeys.ts';
import { hireByApi, personInOwnContext, TEST_CARDS } from '../support/orders.ts';

const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Notifications/ });

test('the brand pays: the influencer’s open campaign page turns to Ready to Start and the bell counts up, then down once read', async ({
  browser,
}) => {
  test.slow();
  const origin = baseUrl();
  const brand = await personInOwnContext(browser, 'client');
  const creator = await personInOwnContext(browser, 'influencer');
  const hired = await hireByApi(brand.context, creator.context);

  // The influencer has the campaign open while the order waits for the brand's payment.
  const page = creator.page;
  await page.goto(`/campaigns/${hired.campaignId}`);
  await expect(page.locator('main').getByText('Payment Pending').first()).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveText('1'); // "You were hired"

  // The brand pays on the bank's page (a hold); nothing touches the influencer's browser.
  const started = await brand.context.request.post(`${origin}/api/orders/${hired.orderId}/payments`, {
    headers: { Origin: origin },
    data: { amountMinor: 150 * 100, lang: 'en' },
  });
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  await payOnPage(new URL(redirectUrl).origin, redirectUrl, { number: TEST_CARDS.visa.replaceAll(' ', '') });

  // Paid: the stage reads "Ready to Start" and the influencer may start, without a reload.
  await expect(page.locator('main').getByText('Ready to Start', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Work' })).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveText('2');

  // The notification centre: newest first, each linking to its screen; marking all read empties the bell.
  await bell(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`paid for "${hired.title}": you can start`);
  await expect(items.nth(1)).toContainText(`You were hired for "${hired.title}"`);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // An item opens its screen.
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${hired.campaignId}$`));

  await brand.context.close();
  await creator.context.close();
});

test('Settings → Notifications: a kind’s e-mail and the daily summary turned off stay off after a reload', async ({
  page,
  context,
}) => {
  await registerByApi(context, { role: 'influencer', onboarded: true });
  await openSection(page, 'Notifications');
  const invitationMail = page.getByRole('checkbox', { name: 'Invitation: E-mail' });
  const digest = page.getByRole('checkbox', { name: /Daily summary by e-mail/ });
  await expect(invitationMail).toHaveAttribute('aria-checked', 'true');
  await expect(digest).toHaveAttribute('aria-checked', 'true');
  await expectNoA11yViolations(page);
  await invitationMail.click();
  await digest.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastItem(page, 'Your notification settings are saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Invitation: E-mail' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('checkbox', { name: /Daily summary by e-mail/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('checkbox', { name: 'Invitation: In the app' })).toHaveAttribute('aria-checked', 'true');
});
