// Spec §2 Chat (the conversation list), §4 (accepting an application creates the order and the chat), §6 (a chat
// is seen by its two parties). Messaging itself is a later issue: the list says so and links to the campaign.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { baseUrl, expect, expectNoA11yViolations, requestOf, test } from '../support/fixtures.ts';
import { registerByApi } from '../support/journeys.ts';

async function post(target: APIRequestContext | BrowserContext, path: string, data?: unknown) {
  const res = await requestOf(target).post(`${baseUrl()}${path}`, { data, headers: { Origin: baseUrl() } });
  if (!res.ok()) throw new Error(`POST ${path}: HTTP ${res.status()} ${await res.text()}`);
  return res.json();
}

const conversations = (page: Page) => page.getByRole('region', { name: 'Your conversations' }).getByRole('listitem');

/** The row of the conversation about `campaignTitle`. */
const conversation = (page: Page, campaignTitle: string) =>
  conversations(page).filter({ has: page.getByRole('link', { name: campaignTitle, exact: true }) });

test('accepting an application opens a conversation that both parties see on /chat', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Keti', lastname: 'Maisuradze' });
  // Before any hire: the empty state, with the way to create a campaign.
  await page.goto('/chat');
  await expect(
    page.getByRole('heading', { name: 'No chats yet. Chats will appear here when orders are created.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute('href', '/campaigns');

  const title = `Churchkhela tasting ${Date.now().toString(36)}`;
  const campaign = await post(context, '/api/campaigns', {
    socials: ['instagram'],
    title,
    description: 'A Reel from our churchkhela workshop in Kakheti.',
    budget: 450,
  });

  const influencerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await registerByApi(influencerContext, {
      role: 'influencer',
      onboarded: true,
      name: 'Sopho',
      lastname: 'Nozadze',
    });
    const applied = await post(influencerContext, `/api/campaigns/${campaign.id}/applications`);
    const decided = await post(context, `/api/applications/${applied.application.id}/accept`);
    expect(decided.chatId).toEqual(expect.any(String));

    // The client sees the influencer, the campaign and the honest note about messaging.
    await page.reload();
    const clientRow = conversation(page, title);
    await expect(clientRow.getByRole('heading', { name: 'Sopho Nozadze' })).toBeVisible();
    await expect(clientRow.getByText(/^Started /)).toBeVisible();
    await expect(clientRow.getByText('Closed', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/^Messaging is coming soon\./)).toBeVisible();
    await expect(conversations(page)).toHaveCount(1);
    await expectNoA11yViolations(page);

    // The influencer sees the client, and the campaign link leads to the order's campaign.
    const ip = await influencerContext.newPage();
    await ip.goto('/chat');
    const influencerRow = conversation(ip, title);
    await expect(influencerRow.getByRole('heading', { name: 'Keti Maisuradze' })).toBeVisible();
    await expect(conversations(ip)).toHaveCount(1);
    await expectNoA11yViolations(ip);
    await influencerRow.getByRole('link', { name: title, exact: true }).click();
    await expect(ip).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
    await expect(ip.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await influencerContext.close();
  }
});
