// Spec §2 Chat dialogs (start campaign and pay, work submission, review and approve) and issue 12 §4: the order's
// steps taken inside its chat call the same transitions as the campaign page, and each one tells the story in the
// chat, live on the other party's screen.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';
import { registerByApi, toastItem } from '../support/journeys.ts';
import { bankFrame, hireByApi, payWithCardOnBankPage, personInOwnContext, TEST_CARDS } from '../support/orders.ts';

const orderBar = (page: Page) => page.getByRole('region', { name: 'The order' });
const systemLine = (page: Page, text: string) => page.getByTestId('system-message').filter({ hasText: text });

test('the order from its chat: the client pays, the influencer starts and submits, the client approves', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Tamar', lastname: 'Kobakhidze' });
  const influencer = await personInOwnContext(browser, 'influencer');
  try {
    const hired = await hireByApi(context, influencer.context, { budget: 120 });
    const inf = influencer.page;

    // The client pays from the chat: the budget and a card, then the bank's page.
    await page.goto(`/chat?c=${hired.chatId}`);
    await orderBar(page).getByRole('button', { name: 'Start & Pay' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Start the campaign and pay' });
    await expect(payDialog.getByRole('button', { name: 'Start & Pay 120.00 GEL' })).toBeVisible();
    await expectNoA11yViolations(page);
    await payDialog.getByRole('button', { name: 'Start & Pay 120.00 GEL' }).click();
    await payWithCardOnBankPage(bankFrame(page.getByRole('dialog', { name: 'Pay 120.00 GEL' })), TEST_CARDS.visa);
    await expect(toastItem(page, 'Payment confirmed')).toBeVisible();
    await expect(systemLine(page, 'Payment confirmed')).toBeVisible();
    await expect(orderBar(page).getByText('Paid. The influencer can start now.')).toBeVisible();

    // The influencer, in the same chat: the story so far, then Start Work and Submit Work from the bar.
    await inf.goto(`/chat?c=${hired.chatId}`);
    await expect(systemLine(inf, 'Payment confirmed')).toBeVisible();
    await orderBar(inf).getByRole('button', { name: 'Start Work' }).click();
    await expect(toastItem(inf, 'Work started')).toBeVisible();
    await orderBar(inf).getByRole('button', { name: 'Submit Work' }).click();
    const submit = inf.getByRole('dialog', { name: 'Submit your work' });
    await submit.getByLabel('Proof of work (link)').fill('https://www.instagram.com/p/chat-proof/');
    await submit.getByLabel('Completion notes').fill('Posted at 19:00, as agreed.');
    await expectNoA11yViolations(inf);
    await submit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toastItem(inf, 'Work submitted')).toBeVisible();

    // The client's chat follows without a reload: the line, then Review & Approve in the bar.
    await expect(systemLine(page, 'Work submitted')).toBeVisible();
    await orderBar(page).getByRole('button', { name: 'Review & Approve' }).click();
    const review = page.getByRole('dialog', { name: 'Review the work' });
    await expect(review.getByRole('link', { name: /chat-proof/ })).toBeVisible();
    await expect(review.getByText('Posted at 19:00, as agreed.')).toBeVisible();
    await expectNoA11yViolations(page);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(toastItem(page, 'Work approved')).toBeVisible();
    await expect(orderBar(page).getByRole('button', { name: /^Rate / })).toBeVisible();
    await expect(orderBar(inf).getByRole('button', { name: /^Rate / })).toBeVisible();
  } finally {
    await influencer.context.close();
  }
});

test('a tap on the order bar as soon as the chat is live opens its dialog, also before the dialog’s code arrives', async ({
  page,
  context,
  browser,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Tamar', lastname: 'Kobakhidze' });
  const influencer = await personInOwnContext(browser, 'influencer');
  try {
    const hired = await hireByApi(context, influencer.context, { budget: 120 });
    // The dialogs' code (the radix chunk) is not on /chat's way to its first tap: hold it back until the tap is made,
    // as a slow network would, so the tap lands before it is there.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/radix-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/chat?c=${hired.chatId}`);
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
    await orderBar(page).getByRole('button', { name: 'Start & Pay' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    const payDialog = page.getByRole('dialog', { name: 'Start the campaign and pay' });
    await expect(payDialog.getByRole('button', { name: 'Start & Pay 120.00 GEL' })).toBeVisible();
    // Once open it is Radix's dialog as before: Escape closes it, and the focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(payDialog).toBeHidden();
    await expect(orderBar(page).getByRole('button', { name: 'Start & Pay' })).toBeFocused();
  } finally {
    await influencer.context.close();
  }
});

test('a party asks support to join the order’s chat; an admin answers there and both parties see it', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Levan', lastname: 'Abashidze' });
  const influencer = await personInOwnContext(browser, 'influencer');
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const hired = await hireByApi(context, influencer.context, { budget: 90 });
    const inf = influencer.page;
    await inf.goto(`/chat?c=${hired.chatId}`);
    await inf.getByRole('button', { name: 'Ask support to join' }).click();
    const confirm = inf.getByRole('alertdialog', { name: 'Ask support to join?' });
    await expectNoA11yViolations(inf);
    await confirm.getByRole('button', { name: 'Ask support to join' }).click();
    await expect(systemLine(inf, 'asked support to join the conversation.')).toBeVisible();
    await page.goto(`/chat?c=${hired.chatId}`);
    await expect(systemLine(page, 'asked support to join the conversation.')).toBeVisible();

    // The admin's inbox lists it as an order chat with its campaign; the admin writes there.
    await signInByApi(adminContext, DEMO.admin, DEMO.password);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/support');
    const row = admin
      .getByRole('region', { name: 'Support chats' })
      .getByRole('listitem')
      .filter({ hasText: hired.title });
    await expect(row.getByText('Order chat')).toBeVisible();
    await row.getByRole('link').click();
    const pane = admin.getByRole('region', { name: /^Conversation with Levan Abashidze · / });
    await expect(systemLine(admin, 'asked support to join the conversation.')).toBeVisible();
    await pane.getByPlaceholder('Type a message...').fill('Hello both, support here. How can I help?');
    await pane.getByPlaceholder('Type a message...').press('Enter');
    await expectNoA11yViolations(admin);

    // Both parties see support join, and its message named as Admin Support, live.
    for (const p of [page, inf]) {
      await expect(systemLine(p, 'Support joined the conversation.')).toBeVisible();
      const bubble = p.getByTestId('message').filter({ hasText: 'Hello both, support here.' });
      await expect(bubble.getByText('Admin Support')).toBeVisible();
    }
  } finally {
    await adminContext.close();
    await influencer.context.close();
  }
});
