// Issue 13: an influencer verifies a YouTube channel by code (pasted into the emulator's fake channel description
// through /dev/social), chooses categories and a price range; a client then sees the verified mark, the count and
// the price on the directory card and the profile. The channel is made fresh here, so the numbers are this test's.
import type { Page } from '@playwright/test';
import { baseUrl, expect, expectNoA11yViolations, requestOf, test } from '../support/fixtures.ts';
import { failedRequest, registerByApi, toastItem } from '../support/journeys.ts';

const suffix = Math.random().toString(36).slice(2, 7);
const channel = `e2e-kitchen-${suffix}`;

const youtubeCard = (page: Page) => page.getByRole('region', { name: 'YouTube', exact: true });

test('an influencer verifies YouTube by code, sets categories and prices; a client sees them', async ({
  browser,
  context,
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(120_000);
  allowConsoleErrors(failedRequest(422, '/api/social/youtube/verify'));
  const origin = baseUrl();
  // The emulator's channel, as the platform would have it: made through the dev aid's JSON twin of its form.
  const made = await requestOf(context).post(`${origin}/api/dev/social/accounts`, {
    data: { platform: 'youtube', username: channel, title: `Kitchen ${suffix}`, followers: 48_250, videos: 120 },
    headers: { Origin: origin },
  });
  expect(made.status()).toBe(201);

  const influencer = await registerByApi(context, { role: 'influencer', onboarded: true, lastname: `Cook${suffix}` });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.goto('/settings?section=socials');
  await expect(page.getByRole('heading', { level: 1, name: 'Social Media' })).toBeVisible();
  const yt = youtubeCard(page);
  await expect(yt.getByText('Not verified')).toBeVisible();
  await expectNoA11yViolations(page);

  // Fetch: the channel as YouTube has it, and a code.
  await yt.getByLabel('YouTube handle or channel URL').fill(channel);
  await yt.getByRole('button', { name: 'Fetch' }).click();
  await expect(yt.getByText(`Kitchen ${suffix}`)).toBeVisible();
  await expect(yt.getByText('48.2K')).toBeVisible(); // YouTube rounds to three figures; K with one decimal
  await expect(yt.getByText('Pending')).toBeVisible();
  const code = (await yt.getByRole('status', { name: 'Your verification code' }).textContent())!.trim();
  expect(code).toMatch(/^INF-[A-Z2-9]{8}$/);
  await yt.getByRole('button', { name: 'Copy' }).click();
  await expect(toastItem(page, 'Copied!')).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(code);
  await expectNoA11yViolations(page);

  // Verify before the code is there: the spec's message, still pending.
  await yt.getByRole('button', { name: 'Verify YouTube' }).click();
  await expect(
    toastItem(
      page,
      'The verification code was not found in your channel description. Please make sure you added it correctly.',
    ),
  ).toBeVisible();
  await expect(yt.getByText('Pending')).toBeVisible();

  // The person pastes the code into the (emulated) channel description.
  const dev = await context.newPage();
  await dev.goto('/dev/social');
  await dev.getByLabel(`Channel description of @${channel}`).fill(`Recipes from Tbilisi. ${code}`);
  await dev.getByRole('button', { name: `Save @${channel}` }).click();
  await expect(dev.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expectNoA11yViolations(dev);
  await dev.close();

  await yt.getByRole('button', { name: 'Verify YouTube' }).click();
  await expect(toastItem(page, 'Your YouTube channel has been verified successfully')).toBeVisible();
  await expect(yt.getByText('Verified', { exact: true }).first()).toBeVisible();
  await expect(yt.getByRole('button', { name: 'Verified YouTube' })).toBeDisabled();

  // Categories (up to 3 of the first 8) and a price range, saved on the server.
  await yt.getByRole('checkbox', { name: 'Food & Cooking' }).click();
  await yt.getByRole('checkbox', { name: 'Travel & Lifestyle' }).click();
  const low = yt.getByRole('slider', { name: 'Lowest price on YouTube, GEL' });
  await low.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight'); // 100 → 150
  const high = yt.getByRole('slider', { name: 'Highest price on YouTube, GEL' });
  await high.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight'); // 400 → 500
  await expect(yt.getByText('150 – 500 GEL')).toBeVisible();
  await yt.getByRole('button', { name: 'Save YouTube settings' }).click();
  await expect(toastItem(page, 'YouTube categories and prices saved')).toBeVisible();
  await page.reload();
  await expect(youtubeCard(page).getByText('150 – 500 GEL')).toBeVisible();
  await expect(youtubeCard(page).getByRole('checkbox', { name: 'Food & Cooking' })).toBeChecked();

  // A client: the card and the profile show the verified mark, the count and the price.
  const clientContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await registerByApi(clientContext, { role: 'client', onboarded: true });
    const client = await clientContext.newPage();
    // Sorted by verified followers (other tests add unverified influencers in parallel, newest first).
    await client.goto('/influencers?sort=followers');
    await expect(client.getByRole('combobox', { name: 'Sort by' })).toHaveText('Most verified followers');
    await client.getByRole('combobox', { name: 'Verified followers' }).click();
    await client.getByRole('option', { name: '10K+' }).click();
    await expect(client).toHaveURL('/influencers?sort=followers&minFollowers=10000');
    const fullName = `${influencer.name} ${influencer.lastname}`;
    const card = client.getByRole('article', { name: fullName, exact: true });
    await expect(card.getByRole('listitem').filter({ hasText: 'YouTube' })).toHaveText('YouTube 48.2K Verified');
    await expect(card.getByText('from 150 GEL on YouTube')).toBeVisible();
    await expectNoA11yViolations(client);
    await card.getByRole('link', { name: `View Profile: ${fullName}` }).click();
    const socials = client.getByRole('region', { name: 'Social media presence' });
    const row = socials.getByRole('listitem').filter({ hasText: 'YouTube' });
    await expect(row).toContainText(`@${channel}`);
    await expect(row).toContainText('Verified account');
    await expect(row).toContainText('48.2K');
    await expect(row).toContainText('150–500 GEL');
    await expectNoA11yViolations(client);
  } finally {
    await clientContext.close();
  }
});
