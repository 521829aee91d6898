// Issue 10 §4-5 (spec §2 Settings → Payment Methods, §5 IBAN): an influencer saves an IBAN (a wrong one first), an
// admin runs the monthly payout and marks the batch paid, and the influencer's mailbox has the statement.

import { DEMO, expect, expectNoA11yViolations, readMailbox, signInByApi, test } from '../support/fixtures.ts';
import { openSection, toastItem } from '../support/journeys.ts';
import { approvedOrderByApi, personInOwnContext } from '../support/orders.ts';

test('IBAN, then a payout batch run and marked paid by the admin; the statement reaches the influencer', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const influencer = await personInOwnContext(browser, 'influencer');
  const inf = influencer.page;

  // Settings → Payment Methods: a typo is refused with its reason, the right IBAN is kept in groups of four.
  await inf.goto('/settings');
  await openSection(inf, 'Payment Methods');
  const iban = inf.getByLabel('IBAN');
  await iban.fill('GE29 NB00 0000 0101 9049 18');
  await inf.getByRole('button', { name: 'Save IBAN' }).click();
  await expect(inf.getByText("This IBAN's check digits do not match the rest: please look for a typo.")).toBeVisible();
  await iban.fill('GE29NB00000');
  await inf.getByRole('button', { name: 'Save IBAN' }).click();
  await expect(inf.getByText('Please enter a valid IBAN (15-34 characters)')).toBeVisible();
  await expectNoA11yViolations(inf);
  await iban.fill('ge29 nb00 0000 0101 9049 17');
  await inf.getByRole('button', { name: 'Save IBAN' }).click();
  await expect(toastItem(inf, 'IBAN saved successfully')).toBeVisible();
  await expect(inf.getByTestId('saved-iban')).toHaveText('GE29 NB00 0000 0101 9049 17');

  // Approved work waits for the monthly payout.
  await registerClientAndApprove();
  await inf.reload();
  await expect(inf.getByText('Pending payout').first()).toBeVisible();
  await expect(inf.getByText('275.00 GEL').first()).toBeVisible();
  await expectNoA11yViolations(inf);

  // The admin runs the payout now and marks the batch paid.
  await signInByApi(context, DEMO.admin, DEMO.password);
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Run payout now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Run the payout now?' });
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Run payout now' }).click();
  await expect(toastItem(page, 'Payout batch created')).toBeVisible();
  await page.getByRole('link', { name: /Open/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Payout batch:/ })).toBeVisible();
  const mine = page.getByRole('listitem').filter({ hasText: influencer.account.email });
  await expect(mine.getByText('GE29 NB00 0000 0101 9049 17')).toBeVisible();
  await expect(mine.getByText('275.00 GEL').first()).toBeVisible();
  await expectNoA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download transfer file (CSV)' }).click();
  const csv = await (await download).path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p!, 'utf8')));
  expect(csv.split('\r\n')[0]).toBe('"IBAN","Name","Amount (GEL)","Purpose"'); // every cell quoted (issue 21)
  expect(csv).toContain('"GE29NB0000000101904917",');
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await page
    .getByRole('alertdialog', { name: 'Mark this batch as paid?' })
    .getByRole('button', { name: 'Mark as paid' })
    .click();
  await expect(toastItem(page, 'Batch marked as paid; statements are on their way')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);

  // The statement in the influencer's mailbox, and the earnings say paid out.
  await expect
    .poll(async () => (await readMailbox(context.request, influencer.account.email)).items.map((m) => m.subject))
    .toContain(
      `Your payout for ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Asia/Tbilisi' }).format(new Date())}: 275.00 GEL`,
    );
  await inf.reload();
  const earned = inf.locator('dl').filter({ hasText: 'Paid out' });
  await expect(earned).toContainText('Paid out275.00 GEL');
  await expect(earned).toContainText('Pending payout0.00 GEL');
  await influencer.context.close();

  async function registerClientAndApprove() {
    const client = await browser.newContext();
    try {
      const { registerByApi } = await import('../support/journeys.ts');
      await registerByApi(client, { role: 'client', onboarded: true });
      await approvedOrderByApi(client, influencer.context, { budget: 275 });
    } finally {
      await client.close();
    }
  }
});

test('a non-admin sees the page is not for them, and the API refuses', async ({ page, context }) => {
  await signInByApi(context, DEMO.influencer, DEMO.password);
  await page.goto('/admin/payouts');
  await expect(page.getByText('Only admins manage payouts.')).toBeVisible();
  expect((await context.request.get('/api/admin/payouts')).status()).toBe(403);
});
