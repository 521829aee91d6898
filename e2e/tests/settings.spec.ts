// Spec §2 Settings (profile, avatar, security, account, placeholders), §4 (deactivation), §5 and §8 (messages).
import { writeFile } from 'node:fs/promises';
import {
  baseUrl,
  DEMO,
  expect,
  expectNoA11yViolations,
  readMailbox,
  signIn,
  signInByApi,
  test,
  uniqueEmail,
  waitForVerifyLink,
} from '../support/fixtures.ts';
import { failedRequest, holdRequests, openSection, registerByApi, toastItem } from '../support/journeys.ts';
import { submittedOrderByApi } from '../support/orders.ts';

test.describe.configure({ mode: 'parallel' });

// A real 1x1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('profile changes are saved and still there after a reload', async ({ page, context }) => {
  await registerByApi(context, { onboarded: true });
  await openSection(page, 'Profile Information');
  await expectNoA11yViolations(page);

  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled(); // nothing changed yet
  await page.getByLabel('Name', { exact: true }).fill('Ana');
  await page.getByLabel('Last name').fill('Kvaratskhelia');
  await page.getByLabel('Mobile').fill('+995 599 111 222');
  await save.click();
  await expect(toastItem(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('main').getByText('Ana Kvaratskhelia', { exact: true })).toBeVisible();

  await page.reload();
  await openSection(page, 'Profile Information');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ana');
  await expect(page.getByLabel('Last name')).toHaveValue('Kvaratskhelia');
  await expect(page.getByLabel('Mobile')).toHaveValue('+995 599 111 222');
});

test("a verified account's new email waits for the link sent to the new address", async ({
  page,
  context,
  request,
}) => {
  const account = await registerByApi(context, { onboarded: true });
  await context.request.get(await waitForVerifyLink(request, account.email)); // verified, as most people are
  const newEmail = uniqueEmail('moved');
  await openSection(page, 'Profile Information');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    toastItem(page, 'Profile updated but email change requires verification. Check your email for confirmation.'),
  ).toBeVisible();
  // Until the link is opened the account keeps its address.
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  const link = await waitForVerifyLink(request, newEmail);
  const { items } = await readMailbox(request, newEmail);
  expect(items[0]?.subject).toBe('Confirm your new email address');
  await page.goto(link);
  await expect(page).toHaveURL(/\/home$/);
  await openSection(page, 'Profile Information');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
});

test("an unverified account's new email also waits for its link: the unproven address is never shown", async ({
  page,
  context,
  request,
}) => {
  const account = await registerByApi(context, { onboarded: true });
  const newEmail = uniqueEmail('typo-fixed');
  await openSection(page, 'Profile Information');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    toastItem(page, 'Profile updated but email change requires verification. Check your email for confirmation.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByText('Not Verified', { exact: true })).toBeVisible();

  const link = await waitForVerifyLink(request, newEmail);
  const { items } = await readMailbox(request, newEmail);
  expect(items[0]?.subject).toBe('Confirm your new email address');
  await page.goto(link); // still signed in: the account moves to the confirmed address
  await expect(page).toHaveURL(/\/home$/);
  await openSection(page, 'Profile Information');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('a PNG becomes the avatar; a file that is not an image is refused', async ({
  page,
  context,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(failedRequest(415, '/api/me/avatar'));
  const account = await registerByApi(context, { onboarded: true });
  const png = testInfo.outputPath('avatar.png');
  const text = testInfo.outputPath('not-an-image.png');
  await writeFile(png, Buffer.from(PNG_BASE64, 'base64'));
  await writeFile(text, 'this is plain text, not a picture\n');

  await openSection(page, 'Profile Information');
  const avatar = page.getByRole('main').getByRole('img', { name: `${account.name} ${account.lastname}` });
  await expect(avatar).toHaveCount(0); // initials only

  const upload = await holdRequests(page, '**/api/me/avatar');
  await page.getByTestId('avatar-input').setInputFiles(png);
  await expect(page.getByRole('progressbar', { name: 'Uploading profile picture' })).toBeVisible();
  await upload.release();
  await expect(toastItem(page, 'Profile picture updated successfully')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /\/uploads\/.+\.png$/);

  await page.getByTestId('avatar-input').setInputFiles(text);
  // One message: what failed, and why.
  const refused = toastItem(page, 'Failed to upload profile picture');
  await expect(refused).toHaveAttribute('data-variant', 'destructive');
  await expect(refused).toHaveText('Failed to upload profile picturePlease choose a JPG, PNG or GIF image.');
  await expect(avatar).toBeVisible(); // the previous picture stays
});

test('password change rules, then the new password signs in', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(400, '/api/me/password'), failedRequest(401, '/api/auth/sign-in'));
  const account = await registerByApi(context, { onboarded: true });
  await openSection(page, 'Security');
  await expectNoA11yViolations(page);

  // Exact: each box's reveal button is named after it ('Show current password').
  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await expect(page.getByRole('button', { name: 'Show current password' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Show new password', exact: true }).click();
  await expect(next).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Show new password', exact: true }).click();
  await expect(next).toHaveAttribute('type', 'password');
  const submit = page.getByRole('button', { name: 'Update password' });

  await submit.click();
  await expect(page.getByText('Please fill in all password fields', { exact: true })).toHaveCount(3);

  await current.fill(account.password);
  await next.fill('brand-new-1');
  await confirm.fill('brand-new-2');
  await submit.click();
  await expect(page.getByText("New passwords don't match", { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all password fields', { exact: true })).toHaveCount(0);

  await next.fill('short');
  await confirm.fill('short');
  await submit.click();
  await expect(page.getByText('Password must be at least 6 characters long', { exact: true })).toBeVisible();
  await expect(page.getByText("New passwords don't match", { exact: true })).toHaveCount(0);

  await current.fill('not-my-password');
  await next.fill('brand-new-1');
  await confirm.fill('brand-new-1');
  await submit.click();
  // The reason belongs to a field: it is said there, once, and no toast repeats it.
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your current password is incorrect', { exact: true })).toHaveCount(1);
  await expect(current).toHaveAccessibleDescription(/Your current password is incorrect/);
  await expect(toastItem(page, 'Failed to change password')).toHaveCount(0);

  await current.fill(account.password);
  await submit.click();
  await expect(toastItem(page, 'Password updated successfully')).toBeVisible();
  await expect(current).toHaveValue('');

  const origin = new URL(page.url()).origin;
  const old = await request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
    headers: { Origin: origin },
  });
  expect(old.status()).toBe(401);
  await context.clearCookies();
  await signIn(page, account.email, 'brand-new-1');
  await expect(page).toHaveURL(/\/home$/);
});

test("deactivation needs exactly 'delete me', then signs out and blocks sign-in", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  // The refused sign-in at the end, and the unread-count poll should it run while the session is already gone.
  allowConsoleErrors(
    failedRequest(403, '/api/auth/sign-in'),
    failedRequest(401, '/api/chat/unread-count'),
    failedRequest(401, '/api/notifications/unread-count'),
  );
  const account = await registerByApi(context, { onboarded: true });
  await openSection(page, 'Account Management');
  await expectNoA11yViolations(page);

  const phrase = page.getByLabel('Type "delete me" to confirm');
  const deactivate = page.getByRole('button', { name: 'Deactivate account' });
  await expect(deactivate).toBeDisabled();
  for (const wrong of ['delete', 'Delete me', 'delete me ']) {
    await phrase.fill(wrong);
    await expect(deactivate, `"${wrong}"`).toBeDisabled();
  }
  await phrase.fill('delete me');
  await expect(deactivate).toBeEnabled();
  const clickedAt = Date.now();
  await deactivate.click();

  await expect(toastItem(page, 'Account Deactivated')).toBeVisible();
  await expect(
    toastItem(page, 'Account Deactivated').getByText(
      'Your account has been deactivated successfully. You will be logged out now.',
    ),
  ).toBeVisible();
  // Signed out 2 s after the server confirmed (spec §4): never sooner, and not much later.
  await page.waitForURL(/\/auth$/, { timeout: 6_000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1_950);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const error = toastItem(page, 'Error');
  await expect(error).toHaveAttribute('data-variant', 'destructive');
  await expect(error).toContainText('This account has been deactivated.');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an influencer with work in review cannot deactivate: the orders to finish first are listed, nothing changes (issue 23 §2)', async ({
  page,
  context,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The refusal itself: the browser logs the 409 the form then explains.
  allowConsoleErrors(failedRequest(409, '/api/me/deactivate'));
  await registerByApi(context, { role: 'influencer', onboarded: true });
  const brand = await browser.newContext();
  await registerByApi(brand, { role: 'client', onboarded: true });
  const order = await submittedOrderByApi(brand, context, { budget: 1500 });
  await openSection(page, 'Account Management');
  await page.getByLabel('Type "delete me" to confirm').fill('delete me');
  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Finish these orders first' });
  await expect(refusal).toContainText('Your account cannot be deactivated while these orders are open.');
  const listed = refusal.getByRole('list', { name: 'Finish these orders first' });
  await expect(listed.getByRole('link', { name: order.title })).toHaveAttribute(
    'href',
    `/campaigns/${order.campaignId}`,
  );
  await expectNoA11yViolations(page);
  // Still signed in, still active: the server refused it.
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/settings/);
  expect((await context.request.get(`${baseUrl()}/api/me`)).status()).toBe(200);
  await brand.close();
});

test("FAQ and Manage Privacy say 'coming soon...' (Languages chooses the language, issue 26)", async ({
  page,
  context,
}) => {
  await signInByApi(context, DEMO.client, DEMO.password);
  await page.goto('/settings');
  for (const entry of ['FAQ', 'Manage Privacy']) {
    await openSection(page, entry);
    await expect(page.getByText('coming soon...', { exact: true })).toBeVisible();
    if (entry === 'FAQ') await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Back to settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }
});

test('a session that ended elsewhere sends the person to /auth on their next request', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(401, '/api/me/profile'), failedRequest(401, '/api/chat/unread-count'));
  await registerByApi(context, { onboarded: true });
  await openSection(page, 'Profile Information');
  await page.getByLabel('Name', { exact: true }).fill('Ana');
  // Signed out in another tab, say: the cookie is gone, the screen does not know yet.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(toastItem(page, 'Your session has ended. Please log in again.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // The browser no longer has a session either: a protected page asks for a sign-in.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth$/);
});

test('on a phone, Back inside a Settings section returns to the menu, and a reload reopens the section', async ({
  page,
  context,
}) => {
  await registerByApi(context, { onboarded: true });
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?section=security$/);
  await expectNoA11yViolations(page);

  // The browser's Back (a phone's back gesture) returns to the menu, not out of Settings; Forward reopens.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  // A reload stays in the section; the back arrow then returns to the menu, and Back from there leaves Settings.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // A section opened from another one (Help → Admin Support) steps back through both.
  await page.goto('/settings?section=help');
  await page.getByRole('button', { name: /Admin Support/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Support' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
