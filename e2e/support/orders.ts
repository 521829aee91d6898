// Orders made over HTTP, for journeys that start after hiring: a client's campaign, an influencer's application and
// the hire, and the bank's card page (the emulator's) filled in like a person would.
import type { APIRequestContext, Browser, BrowserContext, FrameLocator, Locator } from '@playwright/test';
import { payOnPage } from '../../apps/server/src/emulators/bog/emulator-testing.ts';
import { baseUrl, expect, requestOf } from './fixtures.ts';
import { registerByApi } from './journeys.ts';

const json = async (res: { status(): number; text(): Promise<string>; json(): Promise<unknown> }, what: string) => {
  if (res.status() >= 300) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};

/**
 * A hire: the client signed in on `client` creates a campaign, the influencer signed in on `influencer` applies and
 * the client accepts. Returns the campaign and the unpaid order.
 */
export async function hireByApi(
  client: APIRequestContext | BrowserContext,
  influencer: APIRequestContext | BrowserContext,
  o: { title?: string; budget?: number } = {},
): Promise<{ campaignId: string; orderId: string; chatId: string; title: string }> {
  const origin = baseUrl();
  const headers = { Origin: origin };
  const title = o.title ?? `Reel ${Math.random().toString(36).slice(2, 7)}`;
  const campaign = await json(
    await requestOf(client).post(`${origin}/api/campaigns`, {
      headers,
      data: { socials: ['instagram'], title, description: 'One Reel about our autumn menu.', budget: o.budget ?? 150 },
    }),
    'create campaign',
  );
  const applied = await json(
    await requestOf(influencer).post(`${origin}/api/campaigns/${campaign.id}/applications`, { headers }),
    'apply',
  );
  const accepted = await json(
    await requestOf(client).post(`${origin}/api/applications/${(applied.application as { id: string }).id}/accept`, {
      headers,
    }),
    'accept',
  );
  return {
    campaignId: campaign.id as string,
    orderId: (accepted.order as { id: string }).id,
    chatId: accepted.chatId as string,
    title,
  };
}

/** A fresh, onboarded person in their own phone-sized browser context. */
export async function personInOwnContext(browser: Browser, role: 'client' | 'influencer') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const account = await registerByApi(context, { role, onboarded: true });
  return { context, account, page: await context.newPage() };
}

/** The emulator's test cards (emulators/bog README). */
export const TEST_CARDS = {
  visa: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
} as const;

/** The bank's card page inside the payment dialog. */
export const bankFrame = (scope: Locator): FrameLocator =>
  scope.frameLocator('iframe[title="Bank of Georgia card payment"]');

/** Fills the bank's card form (labels as the bank's page has them) and pays. */
export async function payWithCardOnBankPage(frame: FrameLocator, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

/** The saved-card confirmation on the bank's page. */
export async function confirmSavedCardOnBankPage(frame: FrameLocator) {
  await expect(frame.getByRole('heading', { name: 'Pay with your saved card' })).toBeVisible();
  await frame.getByRole('button', { name: /^Pay / }).click();
}

/**
 * A hire carried to review over HTTP: paid on the bank's page (a hold), started, submitted. For journeys that begin
 * with work waiting for the brand's review.
 */
export async function submittedOrderByApi(
  client: BrowserContext,
  influencer: BrowserContext,
  o: { title?: string; budget?: number } = {},
): Promise<{ campaignId: string; orderId: string; chatId: string; title: string }> {
  const origin = baseUrl();
  const headers = { Origin: origin };
  const hired = await hireByApi(client, influencer, o);
  const payment = await json(
    await client.request.post(`${origin}/api/orders/${hired.orderId}/payments`, {
      headers,
      data: { amountMinor: (o.budget ?? 150) * 100, lang: 'en' },
    }),
    'start & pay',
  );
  const redirectUrl = payment.redirectUrl as string;
  await payOnPage(new URL(redirectUrl).origin, redirectUrl, { number: TEST_CARDS.visa.replaceAll(' ', '') });
  await expect
    .poll(async () => (await json(await client.request.get(`${origin}/api/payments/${payment.id}`), 'payment')).status)
    .toBe('held');
  await json(await influencer.request.post(`${origin}/api/orders/${hired.orderId}/start-work`, { headers }), 'start');
  await json(
    await influencer.request.post(`${origin}/api/orders/${hired.orderId}/submit-work`, {
      headers,
      data: { proofUrl: 'https://www.instagram.com/p/e2e-proof/', completionNotes: '' },
    }),
    'submit',
  );
  return hired;
}

/**
 * A hire carried to approval over HTTP: paid on the bank's page (a hold), started, submitted, approved (captured).
 * For journeys that begin after the work is done (payouts).
 */
export async function approvedOrderByApi(
  client: BrowserContext,
  influencer: BrowserContext,
  o: { title?: string; budget?: number } = {},
): Promise<{ campaignId: string; orderId: string; chatId: string; title: string }> {
  const hired = await submittedOrderByApi(client, influencer, o);
  const headers = { Origin: baseUrl() };
  await json(await client.request.post(`${baseUrl()}/api/orders/${hired.orderId}/approve`, { headers }), 'approve');
  return hired;
}
