// Issue 25 §3 (decision 039): the influencer submits a video of their verified YouTube channel as proof; the brand
// sees "Verified post on @channel, published …" with its counts on the campaign page and in the review dialog, and
// support sees the same on the admin console's order page, while a video of another channel is marked as not on the
// influencer's verified account.

import { payOnPage } from '../../apps/server/src/emulators/bog/emulator-testing.ts';
import { baseUrl, DEMO, expect, expectNoA11yViolations, requestOf, signInByApi, test } from '../support/fixtures.ts';
import { registerByApi, toastItem } from '../support/journeys.ts';
import { bankFrame, confirmSavedCardOnBankPage, hireByApi, personInOwnContext } from '../support/orders.ts';

const suffix = Math.random().toString(36).slice(2, 7);
const channel = `e2e-proof-${suffix}`;

test('the brand sees the verified-post mark on a proof from the influencer’s own channel', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const origin = baseUrl();
  const headers = { Origin: origin };
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Tamar', lastname: 'Proof' });
  const influencer = await personInOwnContext(browser, 'influencer');
  const api = requestOf(influencer.context);

  // The influencer's channel on the emulated YouTube, verified by code through the API.
  const dev = requestOf(context);
  expect(
    (
      await dev.post(`${origin}/api/dev/social/accounts`, {
        headers,
        data: { platform: 'youtube', username: channel, title: `Proof ${suffix}`, followers: 5_000 },
      })
    ).status(),
  ).toBe(201);
  const fetched = await api.post(`${origin}/api/social/youtube/fetch`, { headers, data: { handle: channel } });
  expect(fetched.status()).toBe(200);
  const code = ((await fetched.json()) as { account: { code: string } }).account.code;
  await dev.post(`${origin}/api/dev/social/accounts`, {
    headers,
    data: { platform: 'youtube', username: channel, bio: `Hi ${code}` },
  });
  expect((await api.post(`${origin}/api/social/youtube/verify`, { headers })).status()).toBe(200);
  // A video on that channel, published on a known day, with counts.
  const video = await dev.post(`${origin}/api/dev/social/posts`, {
    headers,
    data: {
      platform: 'youtube',
      username: channel,
      publishedAt: '2026-11-20T12:00:00Z',
      views: 12_345,
      likes: 678,
      comments: 9,
    },
  });
  expect(video.status()).toBe(201);
  const { url } = (await video.json()) as { url: string };

  // Hired and paid (a hold on a saved card), started.
  const started = await dev.post(`${origin}/api/saved-cards`, { headers, data: { lang: 'en' } });
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  await payOnPage(new URL(redirectUrl).origin, redirectUrl, { number: '4111111111111111' });
  await expect
    .poll(
      async () => ((await (await dev.get(`${origin}/api/saved-cards`)).json()) as { items: unknown[] }).items.length,
    )
    .toBe(1);
  const hired = await hireByApi(context, influencer.context, { budget: 120 });
  const campaignUrl = `/campaigns/${hired.campaignId}`;
  await page.goto(campaignUrl);
  await page.getByRole('button', { name: 'Start & Pay 120.00 GEL' }).click();
  await confirmSavedCardOnBankPage(bankFrame(page.getByRole('dialog', { name: 'Pay 120.00 GEL' })));
  await expect(toastItem(page, 'Payment confirmed')).toBeVisible();

  // The influencer submits the video's link in the app.
  const inf = influencer.page;
  await inf.goto(campaignUrl);
  await inf.getByRole('button', { name: 'Start Work' }).click();
  await expect(toastItem(inf, 'Work started')).toBeVisible();
  await inf.getByRole('button', { name: 'Submit Work' }).click();
  const submit = inf.getByRole('dialog', { name: 'Submit your work' });
  await submit.getByLabel('Proof of work (link)').fill(url);
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(toastItem(inf, 'Work submitted')).toBeVisible();

  // The brand sees the mark on the campaign page and in the review dialog.
  await page.reload();
  const mark = page.getByTestId('proof-check').first();
  await expect(mark).toContainText(`Verified post on @${channel}, published Nov 20, 2026`);
  await expect(mark).toContainText('12,345 views · 678 likes · 9 comments');
  await page.getByRole('button', { name: 'Review & Approve' }).click();
  const review = page.getByRole('dialog', { name: 'Review the work' });
  await expect(review.getByText(`Verified post on @${channel}, published Nov 20, 2026`)).toBeVisible();
  await expectNoA11yViolations(page);

  // Support, asked about this proof, sees the same mark on the console's order page.
  const support = await browser.newContext();
  await signInByApi(support, DEMO.admin, DEMO.password);
  const admin = await support.newPage();
  await admin.goto(`/admin/orders/${hired.orderId}`);
  const adminMark = admin.getByTestId('proof-check');
  await expect(adminMark).toContainText(`Verified post on @${channel}, published Nov 20, 2026`);
  await expect(adminMark).toContainText('12,345 views · 678 likes · 9 comments');
  await expectNoA11yViolations(admin);
  await support.close();
  await review.getByRole('button', { name: 'Request changes' }).click();
  await review.getByLabel('What should change?').fill('Please post it on your own channel.');
  await review.getByRole('button', { name: 'Send back' }).click();
  await expect(toastItem(page, 'Changes requested')).toBeVisible();

  // Submitted again with someone else's video: the brand is warned.
  const other = await dev.post(`${origin}/api/dev/social/posts`, {
    headers,
    data: { platform: 'youtube', username: 'tbilisi-eats' },
  });
  const otherUrl = ((await other.json()) as { url: string }).url;
  await inf.reload();
  await inf.getByRole('button', { name: 'Submit the work again' }).click();
  const again = inf.getByRole('dialog', { name: 'Submit your work' });
  await again.getByLabel('Proof of work (link)').fill(otherUrl);
  await again.getByRole('button', { name: 'Submit' }).click();
  await expect(toastItem(inf, 'Work submitted')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('proof-check').first()).toContainText(
    "This link is not on the influencer's verified account",
  );
  await expectNoA11yViolations(page);
});
