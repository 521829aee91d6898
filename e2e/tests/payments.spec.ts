// Issue 9 (spec §2 Start & Pay and Settings → Payment Methods, §7 hosted card form, §8 payment errors): against the
// started server and its bank emulator. The card page is the bank's own, in a frame.
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { openSection, registerByApi, toastItem } from '../support/journeys.ts';
import {
  bankFrame,
  confirmSavedCardOnBankPage,
  hireByApi,
  payWithCardOnBankPage,
  personInOwnContext,
  TEST_CARDS,
} from '../support/orders.ts';

test.describe.configure({ mode: 'parallel' });

test('a client adds a card in Settings through the bank page, pays an order with it, and the influencer sees it paid', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true });
  await openSection(page, 'Payment Methods');
  await expect(page.getByRole('heading', { name: 'No saved cards yet' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  const frame = bankFrame(dialog);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expectNoA11yViolations(page, { exclude: ['iframe'] });
  await payWithCardOnBankPage(frame, TEST_CARDS.visa);
  await expect(toastItem(page, 'Card added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('list', { name: 'Saved cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText('Visa');
  await expect(cards).toContainText('1111');
  await expect(cards).toContainText('Expires 12/30');

  // Start & Pay with the saved card (the bank asks the client to confirm on its page).
  const influencer = await personInOwnContext(browser, 'influencer');
  const hired = await hireByApi(context, influencer.context, { budget: 240 });
  await page.goto(`/campaigns/${hired.campaignId}`);
  const panel = page.getByRole('region', { name: 'Start & Pay' });
  await expect(panel.getByRole('radio', { name: /Visa/ })).toBeChecked();
  await expectNoA11yViolations(page);
  await panel.getByRole('button', { name: 'Start & Pay 240.00 GEL' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Pay 240.00 GEL' });
  await confirmSavedCardOnBankPage(bankFrame(payDialog));
  await expect(toastItem(page, 'Payment confirmed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Start & Pay' })).toHaveCount(0);
  await expect(page.getByText('Ready to Start').first()).toBeVisible();

  // The influencer's Orders says the money is held (not yet theirs: captured at approval, paid out monthly).
  await influencer.page.goto('/orders');
  const row = influencer.page.getByRole('listitem').filter({ hasText: hired.title });
  await expect(row.getByText('Payment held')).toBeVisible();
  await influencer.context.close();
});

test('Start & Pay with a new card in the embedded form, with the amount edited inline', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true });
  const influencer = await personInOwnContext(browser, 'influencer');
  const hired = await hireByApi(context, influencer.context, { budget: 100 });
  await influencer.context.close();
  await page.goto(`/campaigns/${hired.campaignId}`);
  const panel = page.getByRole('region', { name: 'Start & Pay' });
  await expect(
    panel.getByText('No saved cards found. Pay with a new card below; to save one for next time:'),
  ).toBeVisible();
  await expect(panel.getByRole('radio', { name: /A new card/ })).toBeChecked();

  // Escape puts the amount back; Enter saves a new one; less than 1 GEL is refused.
  await panel.getByRole('button', { name: 'Edit' }).click();
  const amount = panel.getByLabel('Amount (GEL)');
  await amount.fill('555');
  await amount.press('Escape');
  await expect(panel.getByText('100.00 GEL', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Edit' }).click();
  await amount.fill('0.5');
  await amount.press('Enter');
  await expect(panel.getByText('Amount must be at least 1 GEL')).toBeVisible();
  await amount.fill('120.50');
  await amount.press('Enter');
  await panel.getByRole('button', { name: 'Start & Pay 120.50 GEL' }).click();

  const dialog = page.getByRole('dialog', { name: 'Pay 120.50 GEL' });
  await payWithCardOnBankPage(bankFrame(dialog), TEST_CARDS.visa);
  await expect(toastItem(page, 'Payment confirmed')).toBeVisible();
  await expect(page.getByText('Ready to Start').first()).toBeVisible();
});

test('a declined card shows the spec’s message and leaves the order unpaid; Try again offers the form anew', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true });
  const influencer = await personInOwnContext(browser, 'influencer');
  const hired = await hireByApi(context, influencer.context);
  await influencer.context.close();
  await page.goto(`/campaigns/${hired.campaignId}`);
  await page.getByRole('button', { name: /^Start & Pay/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Pay / });
  await payWithCardOnBankPage(bankFrame(dialog), TEST_CARDS.declined);
  const problem = dialog.getByRole('alert');
  await expect(problem).toContainText('Payment Failed');
  await expect(problem).toContainText('Payment was rejected. Please contact your bank or try a different card.');
  await expectNoA11yViolations(page, { exclude: ['iframe'] });
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(bankFrame(dialog).getByLabel('Card number')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Payment Pending').first()).toBeVisible();
});
