// Issue 23 §1, §3: a brand opens a dispute on submitted work, the admin reads the order's evidence and splits the
// money 60/40, and both parties read the decision; the brand's order shows what was captured and what went back.
import type { BrowserContext } from '@playwright/test';
import { payOnPage } from '../../apps/server/src/emulators/bog/emulator-testing.ts';
import { baseUrl, DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';
import { failedRequest, openSection, registerByApi, toastItem } from '../support/journeys.ts';
import { hireByApi, personInOwnContext, TEST_CARDS } from '../support/orders.ts';

/** A hire carried to submitted work over HTTP: paid on the bank's page (a 200 GEL hold), started, submitted. */
async function submittedOrderByApi(client: BrowserContext, influencer: BrowserContext) {
  const origin = baseUrl();
  const headers = { Origin: origin };
  const hired = await hireByApi(client, influencer, { budget: 200 });
  const payment = await (
    await client.request.post(`${origin}/api/orders/${hired.orderId}/payments`, {
      headers,
      data: { amountMinor: 20_000, lang: 'en' },
    })
  ).json();
  await payOnPage(new URL(payment.redirectUrl).origin, payment.redirectUrl, {
    number: TEST_CARDS.visa.replaceAll(' ', ''),
  });
  await expect
    .poll(async () => (await (await client.request.get(`${origin}/api/payments/${payment.id}`)).json()).status)
    .toBe('held');
  for (const step of ['start-work', 'submit-work']) {
    const res = await influencer.request.post(`${origin}/api/orders/${hired.orderId}/${step}`, {
      headers,
      data: step === 'submit-work' ? { proofUrl: 'https://www.instagram.com/p/dispute-proof/' } : undefined,
    });
    expect(res.status()).toBe(200);
  }
  return hired;
}

test('a brand opens a dispute, the admin splits it 60/40, both read the decision and the brand sees the partial capture', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Nino', lastname: 'Beridze' });
  const influencer = await personInOwnContext(browser, 'influencer');
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const hired = await submittedOrderByApi(context, influencer.context);

    // The brand opens a dispute from the order on the campaign page.
    await page.goto(`/campaigns/${hired.campaignId}`);
    await page.getByRole('button', { name: 'Open a dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a dispute' });
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await expect(dialog.getByText('Choose what went wrong')).toBeVisible();
    await expect(dialog.getByText('Describe what happened').last()).toBeVisible();
    await dialog.getByLabel('Not what was agreed').check();
    await dialog.getByLabel('Describe what happened').fill('The reel shows last year’s menu, not the autumn one.');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await expect(toastItem(page, 'Dispute opened')).toBeVisible();
    const open = page.getByRole('region', { name: 'Dispute open' });
    await expect(open.getByText('The reel shows last year’s menu, not the autumn one.')).toBeVisible();
    await expect(page.getByText('In Dispute').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review & Approve' })).toHaveCount(0);

    // The admin finds it in the queue, reads the evidence and splits: 120 GEL to the influencer, 80 back.
    await signInByApi(adminContext, DEMO.admin, DEMO.password);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/disputes');
    await expect(admin.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('link', { name: new RegExp(hired.title) }).click();
    await expect(admin.getByRole('heading', { level: 1, name: hired.title })).toBeVisible();
    await expect(admin.getByRole('link', { name: /dispute-proof/ })).toBeVisible();
    await admin.getByLabel('Split').check();
    await admin.getByLabel('Amount to the influencer (₾)').fill('200');
    await admin.getByLabel('Written decision').fill('Half of the brief was delivered; 60% to the influencer.');
    await admin.getByRole('button', { name: 'Decide' }).click();
    await expect(
      admin.getByText('The influencer’s part must be more than 0 and less than the order’s amount'),
    ).toBeVisible();
    await admin.getByLabel('Amount to the influencer (₾)').fill('120');
    await expect(admin.getByText('120.00 GEL to the influencer, 80.00 GEL back to the client')).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Decide' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Decide this dispute?' });
    await confirm.getByRole('button', { name: 'Decide' }).click();
    await expect(toastItem(admin, 'Dispute decided')).toBeVisible();
    await expect(admin.getByText('Split', { exact: true })).toBeVisible();

    // Both parties read the decision; the brand's order shows the partial capture and what went back to the card.
    await page.reload();
    const decided = page.getByRole('region', { name: 'Dispute decided' });
    await expect(decided.getByText('Half of the brief was delivered; 60% to the influencer.')).toBeVisible();
    await expect(decided.getByRole('definition').first()).toHaveText('120.00 GEL');
    await expect(decided.getByText('Returned to your card')).toBeVisible();
    await expect(decided.getByRole('definition').last()).toHaveText('80.00 GEL');
    await expectNoA11yViolations(page);
    const inf = influencer.page;
    await inf.goto(`/campaigns/${hired.campaignId}`);
    const seen = inf.getByRole('region', { name: 'Dispute decided' });
    await expect(seen.getByText('Paid to you')).toBeVisible();
    await expect(seen.getByText('Half of the brief was delivered; 60% to the influencer.')).toBeVisible();
  } finally {
    await influencer.context.close();
    await adminContext.close();
  }
});

test('an influencer with work in review cannot deactivate: the screen lists the order to finish first', async ({
  page,
  context,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The refusal is a 409 the screen explains.
  allowConsoleErrors(failedRequest(409, '/api/me/deactivate'));
  await registerByApi(context, { role: 'influencer', onboarded: true, name: 'Ana', lastname: 'Gelashvili' });
  const client = await personInOwnContext(browser, 'client');
  try {
    const hired = await submittedOrderByApi(client.context, context);
    await openSection(page, 'Account Management');
    await page.getByLabel('Type "delete me" to confirm').fill('delete me');
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Finish these orders first' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: hired.title })).toHaveAttribute(
      'href',
      `/campaigns/${hired.campaignId}`,
    );
    await expect(alert.getByText('Work Completed')).toBeVisible();
    await expectNoA11yViolations(page);
    // Still signed in, the account as it was.
    expect((await context.request.get(`${baseUrl()}/api/me`)).status()).toBe(200);
  } finally {
    await client.context.close();
  }
});
