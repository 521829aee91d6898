// Spec §2 (auth screen's expired-verification notice), §2 Settings (Verified / Not Verified), §5 and §8 (resend).
import { SignJWT } from 'jose';
import { baseUrl, expect, expectNoA11yViolations, readMailbox, test, waitForVerifyLink } from '../support/fixtures.ts';
import { openSection, registerByApi, toastItem } from '../support/journeys.ts';
import { AUTH_SECRET } from '../support/server.ts';

test.describe.configure({ mode: 'parallel' });

/** A verification token like the server's, but one that expired an hour ago. */
async function expiredToken(email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 25 * 3600)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(AUTH_SECRET));
}

test('the verification mail confirms the address in the browser that registered; elsewhere it asks to sign in', async ({
  page,
  context,
  browser,
}) => {
  const account = await registerByApi(context, { onboarded: true });
  await openSection(page, 'Profile Information');
  await expect(page.getByText('Not Verified', { exact: true })).toBeVisible();

  await waitForVerifyLink(context.request, account.email);
  const { items } = await readMailbox(context.request, account.email);
  expect(items[0]?.text).toContain('The link is valid for 24 hours.');
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();
  await expectNoA11yViolations(page);
  const mail = page.getByRole('article').filter({ hasText: account.email }).first();
  await expect(mail.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  const link = await mail.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ }).getAttribute('href');

  // Opened in another browser (a forwarded mail, a shared inbox), the link confirms but signs nobody in.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link!);
    await expect(other).toHaveURL(/\/auth$/);
    await expect(other.getByRole('status')).toHaveText('Your email address is confirmed. Sign in to continue.');
    await expectNoA11yViolations(other);
    const session = await elsewhere.request.get(`${baseUrl()}/api/auth/session`);
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  } finally {
    await elsewhere.close();
  }

  // In the browser that registered, the person stays signed in and the profile says Verified.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/home$/);
  // …and is told so, as a signed-out browser is (issue 27).
  await expect(toastItem(page, 'Your e-mail is verified')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.name}` })).toBeVisible();
  await openSection(page, 'Profile Information');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Not Verified', { exact: true })).toHaveCount(0);
});

test('an expired link explains itself and the resend form sends a new mail', async ({ page, request }) => {
  const account = await registerByApi(request);
  await waitForVerifyLink(request, account.email);
  const mailsBefore = (await readMailbox(request, account.email)).items.length;

  await page.goto(`/api/auth/verify-email?token=${await expiredToken(account.email)}`);
  await expect(page).toHaveURL(/\/auth$/); // the error travelled in the hash, which is cleared once read
  const notice = page.getByRole('alert').filter({ hasText: 'Your verification link has expired.' });
  await expect(notice).toHaveText(
    /^Your verification link has expired\. Please request a new verification email below\./,
  );
  await expectNoA11yViolations(page);

  const field = notice.getByLabel('Send the new link to');
  const send = notice.getByRole('button', { name: 'Send verification email' });
  await send.click();
  await expect(notice.getByText('Please enter your email address', { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(account.email);
  await send.click();
  await expect(toastItem(page, 'Verification email sent')).toBeVisible();
  await expect(
    toastItem(page, 'Verification email sent').getByText('Please check your email for the new verification link.'),
  ).toBeVisible();
  await expect
    .poll(async () => (await readMailbox(request, account.email)).items.length, { message: 'a second mail' })
    .toBe(mailsBefore + 1);
});

test('an invalid link shows its own description with the resend form, and clears the hash', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-real-token');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('alert')).toContainText(
    'This verification link is not valid. Please request a new verification email below.',
  );
  await expect(page.getByLabel('Send the new link to')).toBeVisible();
});
