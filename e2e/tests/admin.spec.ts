// Issue 23 §3: the admin console. An admin finds a person whose sign-in is locked, unlocks it with a reason the
// history keeps, and reads an order's history; every console screen passes axe on a phone and on a desktop.
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl, DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';
import { PASSWORD, registerByApi, toastItem } from '../support/journeys.ts';
import { approvedOrderByApi, personInOwnContext, submittedOrderByApi } from '../support/orders.ts';

/** Ten wrong passwords lock the account's sign-in (decision 005); the right one is then refused too. */
async function lockSignIn(context: BrowserContext, email: string) {
  const origin = baseUrl();
  const attempt = (password: string) =>
    context.request.post(`${origin}/api/auth/sign-in`, { data: { email, password }, headers: { Origin: origin } });
  for (let i = 0; i < 10; i++) await attempt('not-the-password');
  expect((await attempt(PASSWORD)).status()).toBe(429);
  return attempt;
}

async function openPerson(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'People' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await results.getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
}

test('an admin finds a locked person, unlocks them with a reason, and reads an order’s history', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  // A brand with approved work whose sign-in is then locked by wrong passwords.
  const brand = await personInOwnContext(browser, 'client');
  const creator = await personInOwnContext(browser, 'influencer');
  const order = await approvedOrderByApi(brand.context, creator.context, { budget: 180 });
  const stranger = await browser.newContext();
  const signInAs = await lockSignIn(stranger, brand.account.email);

  await signInByApi(context, DEMO.admin, DEMO.password);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Open the admin console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
  await expectNoA11yViolations(page);

  await openPerson(page, brand.account.email);
  await expect(
    page.getByRole('heading', { level: 1, name: `${brand.account.name} ${brand.account.lastname}` }),
  ).toBeVisible();
  await expect(page.getByText(/Locked until/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Unlock sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: /Unlock sign-in for/ });
  await dialog.getByRole('button', { name: 'Unlock sign-in' }).click();
  await expect(dialog.getByText('Give the reason for the record')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByLabel('Reason').fill('Owner called support and proved who she is');
  await dialog.getByRole('button', { name: 'Unlock sign-in' }).click();
  await expect(toastItem(page, 'Sign-in is unlocked')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sign-in unlocked')).toBeVisible();
  await expect(page.getByText('Owner called support and proved who she is')).toBeVisible();
  await expect(page.getByText(/^By Support Team/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock sign-in' })).toHaveCount(0);
  expect((await signInAs(PASSWORD)).status()).toBe(200);

  // The brand's order, from their page, with its history: who did what, when.
  await page.getByRole('link', { name: new RegExp(order.title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: order.title })).toBeVisible();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Paid (hold confirmed by the bank)');
  await expect(history.getByRole('listitem').nth(0)).toContainText('The server');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Work started');
  await expect(history.getByRole('listitem').nth(1)).toContainText(
    `${creator.account.name} ${creator.account.lastname} (Influencer)`,
  );
  await expect(history.getByRole('listitem').nth(3)).toContainText('Approved');
  await expect(page.getByRole('table', { name: 'Ledger' })).toContainText('Captured');
  await expectNoA11yViolations(page);

  await Promise.all([brand.context.close(), creator.context.close(), stranger.close()]);
});

test('an admin deactivates a brand with work in review: the influencer sees that the brand has left and support has it', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const brand = await personInOwnContext(browser, 'client');
  const creator = await personInOwnContext(browser, 'influencer');
  const order = await submittedOrderByApi(brand.context, creator.context, { budget: 140 });

  // An admin closes the account whatever is open (the brand's own deactivation is refused while money is held).
  await signInByApi(context, DEMO.admin, DEMO.password);
  await openPerson(page, brand.account.email);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: /Deactivate/ });
  await expect(dialog.getByText(/become disputes for support to resolve/)).toBeVisible();
  await dialog.getByLabel('Reason').fill('The brand asked us to close the account');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastItem(page, 'The account is deactivated')).toBeVisible();
  // The console's history says what the closing did to the brand's orders.
  await expect(page.getByText('1 order became a dispute')).toBeVisible();

  // The influencer's order says who has left and that support resolves it; the dispute is support's.
  const brandName = `${brand.account.name} ${brand.account.lastname}`;
  await creator.page.goto(`/campaigns/${order.campaignId}`);
  await expect(
    creator.page.getByText(`${brandName} has left Influence. Support will resolve this order.`),
  ).toBeVisible();
  await expect(creator.page.getByText(/Opened by support/)).toBeVisible();
  await expect(creator.page.getByRole('button', { name: 'Withdraw dispute' })).toHaveCount(0);
  await expectNoA11yViolations(creator.page);

  await Promise.all([brand.context.close(), creator.context.close()]);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`every console screen passes axe on a ${viewport.name}`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ viewport, isMobile: viewport.name === 'phone' });
    const other = await browser.newContext();
    const person = await registerByApi(other, { role: 'client' });
    await other.close();
    await signInByApi(context, DEMO.admin, DEMO.password);
    const page = await context.newPage();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
    await expectNoA11yViolations(page);

    await openPerson(page, person.email);
    await expect(page.getByRole('heading', { level: 1, name: `${person.name} ${person.lastname}` })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByLabel('Stage').selectOption('approved');
    await expect(page).toHaveURL(/stage=approved/);
    await expectNoA11yViolations(page);
    await page.getByRole('list', { name: 'Orders' }).getByRole('link').first().click();
    await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
    await expectNoA11yViolations(page);

    // The disputes queue (the dispute page itself is checked in disputes.spec.ts, with a dispute to decide).
    await page.goto('/admin/disputes');
    await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/admin/money');
    await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'By month' })).toBeVisible();
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(page.getByText(/payments? checked/)).toBeVisible({ timeout: 30_000 });
    await expectNoA11yViolations(page);
    await context.close();
  });
}
