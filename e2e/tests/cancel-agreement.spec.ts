// Issue 23 §2: cancellation by agreement after work started. The influencer proposes 40 GEL of a 100 GEL order for the
// work done; the brand sees it arrive on the campaign page, accepts, and both read what each side got.
import type { BrowserContext } from '@playwright/test';
import { payOnPage } from '../../apps/server/src/emulators/bog/emulator-testing.ts';
import { baseUrl, expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { registerByApi, toastItem } from '../support/journeys.ts';
import { hireByApi, personInOwnContext, TEST_CARDS } from '../support/orders.ts';

/** A hire carried to work in progress over HTTP: paid on the bank's page (a 100 GEL hold), started. */
async function workingOrderByApi(client: BrowserContext, influencer: BrowserContext) {
  const origin = baseUrl();
  const headers = { Origin: origin };
  const hired = await hireByApi(client, influencer, { budget: 100 });
  const payment = await (
    await client.request.post(`${origin}/api/orders/${hired.orderId}/payments`, {
      headers,
      data: { amountMinor: 10_000, lang: 'en' },
    })
  ).json();
  await payOnPage(new URL(payment.redirectUrl).origin, payment.redirectUrl, {
    number: TEST_CARDS.visa.replaceAll(' ', ''),
  });
  await expect
    .poll(async () => (await (await client.request.get(`${origin}/api/payments/${payment.id}`)).json()).status)
    .toBe('held');
  const started = await influencer.request.post(`${origin}/api/orders/${hired.orderId}/start-work`, { headers });
  expect(started.status()).toBe(200);
  return hired;
}

const SPLIT = "40.00 GEL to the influencer for the work done, 60.00 GEL back to the client's card.";

test('the influencer proposes 40 GEL of 100 for the work done, the brand accepts, both see the agreement', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Nino', lastname: 'Beridze' });
  const influencer = await personInOwnContext(browser, 'influencer');
  try {
    const hired = await workingOrderByApi(context, influencer.context);
    // The brand has the campaign open while the influencer proposes: the proposal arrives live.
    await page.goto(`/campaigns/${hired.campaignId}`);
    await expect(page.getByRole('button', { name: 'Propose cancellation' })).toBeVisible();

    const inf = influencer.page;
    await inf.goto(`/campaigns/${hired.campaignId}`);
    await inf.getByRole('button', { name: 'Propose cancellation' }).click();
    const dialog = inf.getByRole('dialog', { name: 'Propose to cancel this order' });
    const amount = dialog.getByLabel('For the work done (GEL)');
    await amount.fill('100');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expect(
      dialog.getByText('The amount for the work done must be at least 0 and less than the order’s amount'),
    ).toBeVisible();
    await amount.fill('40');
    await expect(dialog.getByText(SPLIT)).toBeVisible();
    await expectNoA11yViolations(inf);
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expect(toastItem(inf, 'Cancellation proposed')).toBeVisible();
    const waiting = inf.getByRole('region', { name: 'Cancellation proposed' });
    await expect(waiting.getByText("Waiting for the other party's answer; the order goes on meanwhile.")).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Withdraw proposal' })).toBeVisible();

    const proposal = page.getByRole('region', { name: 'Cancellation proposed' });
    await expect(proposal.getByText(SPLIT)).toBeVisible();
    await expect(proposal.getByText(/Proposed by the influencer/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Propose cancellation' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await proposal.getByRole('button', { name: 'Accept' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Accept the cancellation?' });
    await expect(confirm.getByText(SPLIT, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expect(toastItem(page, 'Cancellation accepted')).toBeVisible();

    const agreed = page.getByRole('region', { name: 'Cancelled by agreement' });
    await expect(agreed.getByText(SPLIT)).toBeVisible();
    await expectNoA11yViolations(page);
    // The influencer's page follows without a reload.
    await expect(inf.getByRole('region', { name: 'Cancelled by agreement' }).getByText(SPLIT)).toBeVisible();
    await expect(inf.getByRole('button', { name: 'Propose cancellation' })).toHaveCount(0);
  } finally {
    await influencer.context.close();
  }
});
