// Spec §2 (auth screen, post-login routing, onboarding wizards), §5 (registration rules), §8 (auth errors).
import { DEMO, expect, expectNoA11yViolations, signIn, signInByApi, test, uniqueEmail } from '../support/fixtures.ts';
import { failedRequest, holdRequests, PASSWORD, toastItem } from '../support/journeys.ts';

test.describe.configure({ mode: 'parallel' });

const TERMS_REQUIRED = 'Please agree to the terms and policies';
const CATEGORY_REQUIRED = 'Please select at least one category that matches your content.';

test('the auth screen, both tabs and the resend dialog, is accessible', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resend verification email' });
  await expect(dialog.getByLabel('Send the new link to')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await page.getByRole('radio', { name: /I provide content services/ }).check();
  await expect(page.getByRole('checkbox', { name: 'Gaming' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a client signs up, is routed to the wizard and finishes onboarding at /home', async ({ page }) => {
  const email = uniqueEmail('client-signup');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('radio', { name: /I need marketing services/ }).check();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Name', { exact: true }).fill('Nino');
  await page.getByLabel('Last name').fill('Beridze');
  await page.getByLabel('Mobile').fill('+995 555 123 456');
  await page.getByLabel('Company ID').fill('404000111');

  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();
  await expect(page.getByText(TERMS_REQUIRED)).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(submit).toBeEnabled();
  await expect(page.getByText(TERMS_REQUIRED)).toBeHidden();

  // A full page load of / follows; hold the session check there to see the routing screen.
  await page.evaluate(() => {
    (globalThis as unknown as { beforeSignUp: boolean }).beforeSignUp = true;
  });
  // The cold load asks who is signed in through /api/bootstrap (the entry sends it before React arrives); the
  // session endpoint is held too, for a refetch.
  const bootstrap = await holdRequests(page, '**/api/bootstrap');
  const session = await holdRequests(page, '**/api/auth/session');
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await expect(page.locator('main[aria-busy="true"]').getByRole('status')).toHaveText('Loading...');
  expect(await page.evaluate(() => (globalThis as unknown as { beforeSignUp?: boolean }).beforeSignUp)).toBeUndefined();
  await expectNoA11yViolations(page);
  await bootstrap.release();
  await session.release();

  await expect(page).toHaveURL(/\/client-wizard-1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
  await expect(page).toHaveTitle('How it works · Influence');
  for (const item of ['Create Campaign', 'Choose Influencers', 'Track & Pay']) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Next' }).click();

  // Each step is a new page: its heading takes focus (not <body>), the tab title follows.
  await expect(page).toHaveURL(/\/client-wizard-2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Safe & Secure Payments' })).toBeFocused();
  await expect(page).toHaveTitle('Safe & Secure Payments · Influence');
  for (const item of ['Secure payments', 'Payment on completion', 'Multiple payment methods']) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/client-wizard-1');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/client-wizard-3$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're All Set" })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/client-wizard-2');
  await expectNoA11yViolations(page);

  const completing = await holdRequests(page, '**/api/me/onboarding/complete');
  await page.getByRole('button', { name: 'Start Creating Campaigns' }).click();
  await expect(page.getByRole('button', { name: 'Completing...' })).toBeDisabled();
  await completing.release();

  await expect(toastItem(page, 'Welcome to the platform!')).toBeVisible();
  await expect(
    toastItem(page, 'Welcome to the platform!').getByText(
      "Your onboarding is complete. Let's create your first campaign!",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nino' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('an influencer needs the terms and a category, then onboards to /campaigns', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByRole('radio', { name: /I provide content services/ }).check();
  await expect(page.getByLabel('Company ID')).toHaveCount(0);
  await page.getByLabel('Email').fill(uniqueEmail('influencer-signup'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Name', { exact: true }).fill('Luka');
  await page.getByLabel('Last name').fill('Tsiklauri');

  const submit = page.getByRole('button', { name: 'Create account' });
  const blockers = page.locator('#register-blockers');
  await expect(submit).toBeDisabled();
  await expect(blockers.getByText(TERMS_REQUIRED)).toBeVisible();
  await expect(blockers.getByText(CATEGORY_REQUIRED)).toBeVisible();

  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(submit).toBeDisabled();
  await expect(blockers.getByText(TERMS_REQUIRED)).toBeHidden();
  await expect(blockers.getByText(CATEGORY_REQUIRED)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Gaming' }).check();
  await expect(submit).toBeEnabled();
  await expect(blockers).toBeEmpty();

  await page.getByRole('checkbox', { name: /I agree to the/ }).uncheck();
  await expect(submit).toBeDisabled();
  await expect(blockers.getByText(TERMS_REQUIRED)).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();

  await submit.click();
  await expect(page).toHaveURL(/\/influencer-wizard-1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your accounts' })).toBeVisible();
  // wizard-1 is the verification itself (issue 13): one card per platform, the same as Settings → Social Media.
  for (const item of ['Instagram', 'TikTok', 'YouTube']) {
    await expect(page.getByRole('region', { name: item, exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/influencer-wizard-2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Setup' })).toBeVisible();
  await expect(
    page.getByText('Tip: after each monthly payout, the bank transfer usually arrives within 24-48 hours.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/influencer-wizard-3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ready to Earn' })).toBeVisible();
  await expectNoA11yViolations(page);
  const completing = await holdRequests(page, '**/api/me/onboarding/complete');
  await page.getByRole('button', { name: 'Start Earning' }).click();
  await expect(page.getByRole('button', { name: 'Completing...' })).toBeDisabled();
  await completing.release();

  await expect(toastItem(page, 'Welcome to the platform!')).toBeVisible();
  await expect(
    toastItem(page, 'Welcome to the platform!').getByText(
      'Your onboarding is complete. Start exploring available campaigns!',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText('Browse available campaigns')).toBeVisible();
});

test('registering an existing email shows the server error on the email field', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(409, '/api/auth/register'));
  await page.goto('/auth?tab=register');
  const email = page.getByLabel('Email');
  await email.fill(DEMO.client);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Name', { exact: true }).fill('Nino');
  await page.getByLabel('Last name').fill('Beridze');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('An account with this email already exists');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
});

test('the demo client signs in to /home and stays signed in across a reload', async ({ page }) => {
  await signIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('empty fields are refused and a wrong password shows an Error toast with the server message', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(failedRequest(401, '/api/auth/sign-in'));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('You must provide either an email or phone number and a password', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('Email').fill(DEMO.client);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();

  const item = toastItem(page, 'Error');
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-variant', 'destructive');
  await expect(item.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The error belongs to the login screen: switching to Register clears it.
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(item).toHaveCount(0);
});

test('signing out from Settings ends the session at /auth', async ({ page, context, allowConsoleErrors }) => {
  // A badge's poll already on its way when the session ends comes back 401 (harmless; the browser logs it).
  allowConsoleErrors(
    failedRequest(401, '/api/chat/unread-count'),
    failedRequest(401, '/api/notifications/unread-count'),
  );
  await signInByApi(context, DEMO.client, DEMO.password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toastItem(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth$/);
});

test("on a phone, the auth screen's controls are at least 44 px tall", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'touch targets are a phone concern');
  await page.goto('/auth?tab=register');
  await page.getByRole('radio', { name: /I provide content services/ }).check();
  await expect(page.getByRole('checkbox', { name: 'Gaming' })).toBeVisible();
  const targets = [
    page.getByRole('tab', { name: 'Login' }),
    page.getByRole('tab', { name: 'Register' }),
    page.getByLabel('Email'),
    page.getByLabel('Password', { exact: true }),
    page.getByRole('button', { name: 'Show password' }),
    // The chip is the label around the (transparent) checkbox.
    page.locator('label').filter({ has: page.getByRole('checkbox', { name: 'Gaming' }) }),
    page.getByRole('button', { name: 'Create account' }),
  ];
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box?.height, `${target}`).toBeGreaterThanOrEqual(44);
    expect(box?.width, `${target}`).toBeGreaterThanOrEqual(44);
  }
  // The terms box is drawn 20 px; the (native, invisible) checkbox over it is the 44 px hit area.
  const terms = await page.getByRole('checkbox', { name: /I agree to the/ }).boundingBox();
  expect({ height: terms?.height, width: terms?.width }).toEqual({ height: 44, width: 44 });
  // The password toggle says which box it reveals, and which box that is.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute(
    'aria-controls',
    (await page.getByLabel('Password', { exact: true }).getAttribute('id'))!,
  );
});
