// Spec §2 Chat (list and conversation), §4 (accepting an application creates the order and the chat; read state),
// §6 (a chat is seen by its two parties), §8 'Failed to send message'. Issue 12 §2: live delivery, unread counts,
// read receipts and typing, between two browsers.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { baseUrl, expect, expectNoA11yViolations, requestOf, test } from '../support/fixtures.ts';
import { registerByApi, toastItem } from '../support/journeys.ts';

async function post(target: APIRequestContext | BrowserContext, path: string, data?: unknown) {
  const res = await requestOf(target).post(`${baseUrl()}${path}`, { data, headers: { Origin: baseUrl() } });
  if (!res.ok()) throw new Error(`POST ${path}: HTTP ${res.status()} ${await res.text()}`);
  return res.json();
}

const conversations = (page: Page) => page.getByRole('region', { name: 'Your conversations' }).getByRole('listitem');
const conversation = (page: Page, campaignTitle: string) => conversations(page).filter({ hasText: campaignTitle });
const pane = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });
const bubbles = (page: Page) => page.getByTestId('message');
const chatBadge = (page: Page) => page.getByTestId('unread-badge');
/** A real 1×1 PNG (the server judges the type by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('client and influencer chat live: counts, badge, receipts, typing, and a failed send gives the text back', async ({
  page,
  context,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The send cut off on purpose below (and its one retry with the same message id).
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
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
    await registerByApi(influencerContext, { role: 'influencer', onboarded: true, name: 'Sopho', lastname: 'Nozadze' });
    const applied = await post(influencerContext, `/api/campaigns/${campaign.id}/applications`);
    const decided = await post(context, `/api/applications/${applied.application.id}/accept`);
    expect(decided.chatId).toEqual(expect.any(String));

    // The client's list: the influencer, the campaign, the order's amount and the count.
    await page.reload();
    const clientRow = conversation(page, title);
    await expect(clientRow.getByRole('heading', { name: 'Sopho Nozadze' })).toBeVisible();
    await expect(clientRow.getByText('450.00 GEL')).toBeVisible();
    await expect(page.getByTestId('chat-count')).toHaveText('1 chat');
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      await expect(page.getByRole('heading', { name: 'Select a chat to start messaging' })).toBeVisible();
    }
    await expectNoA11yViolations(page);

    // The influencer waits on the list (a phone: the list is the whole screen, with the start date).
    const ip = await influencerContext.newPage();
    await ip.goto('/chat');
    const influencerRow = conversation(ip, title);
    await expect(influencerRow.getByRole('heading', { name: 'Keti Maisuradze' })).toBeVisible();
    await expect(influencerRow.getByText(/^Started /)).toBeVisible();
    await expect(chatBadge(ip)).toHaveCount(0);

    // The client opens the conversation: the empty state, then a message sent with Enter.
    await clientRow.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?c=${decided.chatId}$`));
    const clientPane = pane(page, 'Sopho Nozadze');
    await expect(clientPane.getByRole('heading', { name: 'No messages yet. Start the conversation!' })).toBeVisible();
    await expect(clientPane.getByText(`${title} · 450.00 GEL`)).toBeVisible();
    await expectNoA11yViolations(page);
    const clientBox = clientPane.getByPlaceholder('Type a message...');
    await expect(clientPane.getByRole('button', { name: 'Send' })).toBeDisabled();
    await clientBox.fill('Gamarjoba! The brief is at https://example.com/brief');
    await clientBox.press('Enter');
    await expect(bubbles(page)).toHaveCount(1);
    await expect(clientBox).toHaveValue('');
    await expect(bubbles(page).first().getByRole('link', { name: 'https://example.com/brief' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(bubbles(page).first().getByTestId('message-state')).toHaveText('Sent');

    // Live on the influencer's screen, without a reload: the row's count and the tab badge.
    await expect(influencerRow.getByText('1 new message')).toBeVisible();
    await expect(chatBadge(ip)).toHaveText('1');

    // Opening it reads it: the badge goes, and the client sees the receipt.
    await influencerRow.getByRole('link').click();
    const influencerPane = pane(ip, 'Keti Maisuradze');
    await expect(influencerPane.getByText('Gamarjoba! The brief is at')).toBeVisible();
    await expect(chatBadge(ip)).toHaveCount(0);
    await expect(bubbles(page).first().getByTestId('message-state')).toHaveText('Seen');
    await expectNoA11yViolations(ip);

    // Typing shows on the other side; Shift+Enter breaks the line, Enter sends.
    const influencerBox = influencerPane.getByPlaceholder('Type a message...');
    await influencerBox.pressSequentially('Friday works');
    await expect(clientPane.getByText('Sopho is typing…')).toBeVisible();
    await influencerBox.press('Shift+Enter');
    await influencerBox.pressSequentially('Drafts on Saturday');
    await expect(influencerBox).toHaveValue('Friday works\nDrafts on Saturday');
    await influencerBox.press('Enter');
    await expect(bubbles(page)).toHaveCount(2);
    await expect(bubbles(page).nth(1)).toContainText('Friday works\nDrafts on Saturday');
    // The client has the chat open: it is read at once, so no badge rises.
    await expect(bubbles(ip).nth(1).getByTestId('message-state')).toHaveText('Seen');
    await expect(chatBadge(page)).toHaveCount(0);

    // An emoji goes in where the cursor is (the picker: 8 columns, data from our own origin).
    await influencerBox.fill('Thanks!');
    await influencerBox.press('Home');
    await influencerPane.getByRole('button', { name: 'Insert emoji' }).click();
    const picker = ip.getByRole('dialog');
    await expect(picker.getByRole('gridcell').first()).toBeVisible();
    await expect(picker.getByRole('row').first().getByRole('gridcell')).toHaveCount(8);
    await expectNoA11yViolations(ip);
    const emoji = (await picker.getByRole('gridcell').first().textContent()) ?? '';
    await picker.getByRole('gridcell').first().click();
    await expect(influencerBox).toHaveValue(`${emoji}Thanks!`);
    await influencerBox.press('Enter');
    await expect(bubbles(page)).toHaveCount(3);

    // An image: progress while it uploads, then inline on both screens; only the chat's parties can fetch it.
    await page.route('**/attachments?*', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await clientPane
      .getByTestId('attach-input')
      .setInputFiles({ name: 'moodboard.png', mimeType: 'image/png', buffer: PNG });
    // Nothing goes before the person says so: a preview with a caption, Send or Cancel (issue 27).
    const preview = page.getByRole('dialog', { name: 'Send this photo?' });
    await expect(preview.getByRole('img', { name: 'moodboard.png' })).toBeVisible();
    await expectNoA11yViolations(page);
    await preview.getByRole('textbox', { name: /Caption/ }).fill('The moodboard');
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(clientPane.getByRole('progressbar', { name: 'Uploading moodboard.png' })).toBeVisible();
    await expect(clientPane.getByRole('img', { name: 'moodboard.png' })).toBeVisible();
    await expect(influencerPane.getByRole('img', { name: 'moodboard.png' })).toBeVisible();
    await expect(bubbles(ip).last()).toContainText('The moodboard');
    await page.unroute('**/attachments?*');
    await expect(bubbles(page)).toHaveCount(4);

    // Take Photo: the camera's picture goes as a JPEG (Chromium's fake camera here).
    await clientPane.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take Photo' });
    await expect(camera.getByText('Loading camera...')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await camera.getByRole('button', { name: 'Capture Photo' }).click();
    await expect(camera).toHaveCount(0);
    await page.getByRole('dialog', { name: 'Send this photo?' }).getByRole('button', { name: 'Send' }).click();
    await expect(influencerPane.getByRole('img', { name: /^photo-\d+\.jpg$/ })).toBeVisible();
    await expect(bubbles(page)).toHaveCount(5);

    // A send that cannot reach the server: 'Failed to send message', and the text is back in the box.
    await page.route('**/api/chats/*/messages', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await clientBox.fill('This one will fail');
    await clientBox.press('Enter');
    await expect(toastItem(page, 'Failed to send message')).toBeVisible();
    await expect(clientBox).toHaveValue('This one will fail');
    await expect(bubbles(page)).toHaveCount(5);
    await page.unroute('**/api/chats/*/messages');
    await clientPane.getByRole('button', { name: 'Send' }).click();
    await expect(bubbles(page)).toHaveCount(6);
    await expect(bubbles(ip)).toHaveCount(6);

    // A reload keeps the open conversation; Back on a phone returns to the list; the campaign link leads to it.
    await ip.reload();
    await expect(bubbles(ip)).toHaveCount(6);
    await influencerPane.getByRole('link', { name: 'Back to chats' }).click();
    await expect(ip).toHaveURL(/\/chat$/);
    await influencerRow.getByRole('link').click();
    await influencerPane.getByRole('link', { name: title, exact: true }).click();
    await expect(ip).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
  } finally {
    await influencerContext.close();
  }
});
