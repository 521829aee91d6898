// Spec §2 Settings → Help → Admin Support, §4 admin chat (get or create, close, the 2 s reset with 'Chat Closed'),
// issue 12 §5: the admin's support inbox at /admin/support, live on both sides.
import { DEMO, expect, expectNoA11yViolations, signInByApi, test } from '../support/fixtures.ts';
import { registerByApi } from '../support/journeys.ts';

test('a user and the admin chat through support; the admin closes it and the user sees Chat Closed, then a fresh start', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const user = await registerByApi(context, {
    role: 'influencer',
    onboarded: true,
    name: 'Ana',
    lastname: 'Gelashvili',
  });
  await page.goto('/settings?section=admin-support');
  await expect(page.getByRole('heading', { name: 'Chat with Admin Support' })).toBeVisible();
  await expectNoA11yViolations(page);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await signInByApi(adminContext, DEMO.admin, DEMO.password);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/support');
    await expect(admin.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

    // The user starts the chat and writes; the admin's inbox shows it live.
    await page.getByRole('button', { name: 'Start chat' }).click();
    const userPane = page.getByRole('region', { name: 'Conversation with Admin Support' });
    await userPane.getByPlaceholder('Type a message...').fill('Hello, my payout has not arrived.');
    await userPane.getByPlaceholder('Type a message...').press('Enter');
    await expect(userPane.getByTestId('message')).toHaveCount(1);

    const row = admin
      .getByRole('region', { name: 'Support chats' })
      .getByRole('listitem')
      .filter({ hasText: user.email });
    await expect(row.getByText('1 new message')).toBeVisible();
    await expectNoA11yViolations(admin);
    await row.getByRole('link').click();
    const adminPane = admin.getByRole('region', { name: 'Conversation with Ana Gelashvili' });
    await expect(adminPane.getByText('Hello, my payout has not arrived.')).toBeVisible();
    await expect(row.getByText('1 new message')).toHaveCount(0);
    await adminPane.getByPlaceholder('Type a message...').fill('Let me check the batch for you.');
    await adminPane.getByPlaceholder('Type a message...').press('Enter');

    // Live on the user's screen; their message shows as seen.
    await expect(userPane.getByText('Let me check the batch for you.')).toBeVisible();
    await expect(userPane.getByTestId('message').first().getByTestId('message-state')).toHaveText('Seen');
    await expectNoA11yViolations(page);

    // The admin closes the chat (after confirming): the user is told, and the screen resets after 2 s.
    await adminPane.getByRole('button', { name: 'Close chat' }).click();
    await admin.getByRole('alertdialog', { name: 'Close chat' }).getByRole('button', { name: 'Close chat' }).click();
    await expect(adminPane.getByText('This chat is closed. Messages can no longer be sent.')).toBeVisible();
    await expect(userPane.getByText('Support closed this chat. Goodbye!')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Chat Closed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start chat' })).toBeVisible({ timeout: 5000 });
    await admin.getByRole('link', { name: 'Closed' }).click();
    await expect(
      admin.getByRole('region', { name: 'Support chats' }).getByRole('listitem').filter({ hasText: user.email }),
    ).toBeVisible();

    // A new chat; this time the user closes it, and the screen resets after 1 s.
    await page.getByRole('button', { name: 'Start chat' }).click();
    await expect(userPane.getByRole('heading', { name: 'No messages yet. Start the conversation!' })).toBeVisible();
    await userPane.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('alertdialog', { name: 'Close chat' }).getByRole('button', { name: 'Close chat' }).click();
    await expect(page.getByRole('button', { name: 'Start chat' })).toBeVisible({ timeout: 5000 });
  } finally {
    await adminContext.close();
  }
});

test('the support inbox is for admins only', async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  await page.goto('/admin/support');
  await expect(page.getByText('The support inbox is for admins.')).toBeVisible();
  const res = await context.request.get('/api/admin/support');
  expect(res.status()).toBe(403);
});
