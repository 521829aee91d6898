// Issue 27, everyday friction at 390×844 (the photo chat also at 1280×800): a conversation with photos opens at the
// newest message and stays there while the photos load and when a new one arrives; the list previews the last
// message; the open conversation has a level-one heading; the message box grows; a closed support chat stays
// readable; Back after adding a card; one loading screen after sign-up; the pending e-mail change; categories.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  baseUrl,
  DEMO,
  expect,
  expectNoA11yViolations,
  readMailbox,
  requestOf,
  signInByApi,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';
import { png } from '../support/images.ts';
import { openSection, PASSWORD, registerByApi, toastItem } from '../support/journeys.ts';
import { bankFrame, hireByApi, payWithCardOnBankPage, TEST_CARDS } from '../support/orders.ts';

async function post(target: APIRequestContext | BrowserContext, path: string, data?: unknown) {
  const res = await requestOf(target).post(`${baseUrl()}${path}`, { data, headers: { Origin: baseUrl() } });
  if (!res.ok()) throw new Error(`POST ${path}: HTTP ${res.status()} ${await res.text()}`);
  return res.json();
}

async function sendPhoto(target: BrowserContext, chatId: string, name: string, bytes: Buffer) {
  const res = await requestOf(target).post(
    `${baseUrl()}/api/chats/${chatId}/attachments?clientId=${crypto.randomUUID()}`,
    {
      headers: { Origin: baseUrl() },
      multipart: { file: { name, mimeType: 'image/png', buffer: bytes } },
    },
  );
  if (!res.ok()) throw new Error(`upload: HTTP ${res.status()} ${await res.text()}`);
  return res.json();
}

/** How far the message list is from its bottom once every image in it has loaded. */
async function gapBelowNewest(page: Page) {
  const list = page.getByRole('list', { name: 'Messages' });
  await expect
    .poll(() => list.evaluate((ol) => [...ol.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0)))
    .toBe(true);
  return list.evaluate((ol) => {
    const el = ol.parentElement!;
    return Math.round(el.scrollHeight - el.scrollTop - el.clientHeight);
  });
}

test('a chat with photos opens at the newest message and follows a new photo; the list previews it @desktop', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Tamta', lastname: 'Khurtsidze' });
  const title = `Supra photo story ${Date.now().toString(36)}`;
  const campaign = await post(context, '/api/campaigns', {
    socials: ['instagram'],
    title,
    description: 'Three photos from our supra and a caption each.',
    budget: 300,
  });
  const influencer = await browser.newContext();
  try {
    await registerByApi(influencer, { role: 'influencer', onboarded: true, name: 'Gvantsa', lastname: 'Beridze' });
    const applied = await post(influencer, `/api/campaigns/${campaign.id}/applications`);
    const { chatId } = await post(context, `/api/applications/${applied.application.id}/accept`);
    for (let i = 1; i <= 6; i++) {
      await post(influencer, `/api/chats/${chatId}/messages`, { clientId: crypto.randomUUID(), content: `Draft ${i}` });
    }
    await sendPhoto(influencer, chatId, 'supra-1.png', png(900, 1200, [200, 80, 60]));
    await sendPhoto(influencer, chatId, 'supra-2.png', png(1200, 900, [60, 120, 200]));
    await post(influencer, `/api/chats/${chatId}/messages`, { clientId: crypto.randomUUID(), content: 'Newest: ok?' });

    // The list previews the newest message with its time.
    await page.goto('/chat');
    const row = page
      .getByRole('region', { name: 'Your conversations' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(row.getByText('Newest: ok?')).toBeVisible();
    await expect(row.locator('time')).toBeVisible();
    await expectNoA11yViolations(page);

    // Opened: at the newest message once the photos have loaded (the boxes were reserved), with a page heading.
    await page.goto(`/chat?c=${chatId}`);
    const pane = page.getByRole('region', { name: 'Conversation with Gvantsa Beridze' });
    await expect(pane.getByText('Newest: ok?')).toBeVisible();
    expect(await gapBelowNewest(page)).toBeLessThanOrEqual(2);
    await expect(pane.getByText('Newest: ok?')).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(pane.getByText('300.00 GEL')).toBeInViewport();
    await expectNoA11yViolations(page);

    // A photo arrives live: it is shown whole, the view still at the bottom.
    await sendPhoto(influencer, chatId, 'supra-3.png', png(800, 1000, [80, 160, 90]));
    await expect(pane.getByRole('img', { name: 'supra-3.png' })).toBeVisible();
    expect(await gapBelowNewest(page)).toBeLessThanOrEqual(2);
    await expect(pane.getByRole('img', { name: 'supra-3.png' })).toBeInViewport({ ratio: 0.95 });

    // Scrolled up to read: a new message does not pull the reader down.
    await page.getByRole('list', { name: 'Messages' }).evaluate((ol) => {
      ol.parentElement!.scrollTop = 0;
    });
    await post(influencer, `/api/chats/${chatId}/messages`, { clientId: crypto.randomUUID(), content: 'One more' });
    await expect(pane.getByText('One more')).toBeAttached();
    await expect(pane.getByText('Draft 1')).toBeInViewport();
    await expect(page.getByRole('list', { name: 'Messages' })).toHaveAttribute('aria-label', 'Messages');
  } finally {
    await influencer.close();
  }
});

test('on a phone the message box grows to six lines and the amount stays in the header', async ({
  page,
  context,
  browser,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const influencer = await browser.newContext();
  try {
    await registerByApi(influencer, { role: 'influencer', onboarded: true, name: 'Levan', lastname: 'Abashidze' });
    const { chatId } = await hireByApi(context, influencer, {
      title: 'Autumn menu Reel with a title too long for a phone',
      budget: 1250,
    });
    await page.goto(`/chat?c=${chatId}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    /** How many lines of text the box shows without scrolling. */
    const rows = () =>
      box.evaluate((el) => {
        const s = el.ownerDocument.defaultView!.getComputedStyle(el);
        const inner = el.clientHeight - Number.parseFloat(s.paddingTop) - Number.parseFloat(s.paddingBottom);
        return Math.round(inner / Number.parseFloat(s.lineHeight));
      });
    expect(await rows()).toBe(1);

    // Eight lines typed (Shift+Enter breaks the line): the box grows to six of them, then scrolls inside itself.
    await box.click();
    for (let i = 1; i <= 8; i++) {
      await page.keyboard.type(`Line ${i}`);
      if (i === 3) expect(await rows()).toBe(3);
      if (i < 8) await page.keyboard.press('Shift+Enter');
    }
    expect(await rows()).toBe(6);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // One long line wraps inside the box instead of pushing Send off the screen.
    await box.fill(`${'A'.repeat(40)} a long word-less line then words that wrap across the narrow phone box`);
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
    expect(await rows()).toBeGreaterThan(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const header = page.getByRole('region', { name: 'Conversation with Levan Abashidze' }).locator('header');
    await expect(header.getByText('1,250.00 GEL')).toBeInViewport({ ratio: 1 });

    // Sent: the box is one line again.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(rows).toBe(1);
    await expectNoA11yViolations(page);
  } finally {
    await influencer.close();
  }
});

test('support closed by the admin stays readable under Admin Support; a new message starts a new chat', async ({
  page,
  context,
  browser,
}) => {
  await registerByApi(context, { role: 'influencer', onboarded: true, name: 'Ana', lastname: 'Gelashvili' });
  const admin = await browser.newContext();
  try {
    await signInByApi(admin, DEMO.admin, DEMO.password);
    await page.goto('/settings?section=admin-support');
    await page.getByRole('button', { name: 'Start chat' }).click();
    const pane = page.getByRole('region', { name: 'Conversation with Admin Support' });
    await pane.getByRole('textbox', { name: 'Message' }).fill('My payout has not arrived');
    await pane.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(pane.getByTestId('message')).toHaveCount(1);
    const { chatId } = await (await page.request.get('/api/support/chat')).json();

    // The admin answers and closes it: the person is told, and after the reset the conversation is in the list.
    await post(admin, `/api/chats/${chatId}/messages`, {
      clientId: crypto.randomUUID(),
      content: 'Sent today, sorry!',
    });
    await expect(pane.getByText('Sent today, sorry!')).toBeVisible();
    await post(admin, `/api/chats/${chatId}/close`);
    await expect(page.getByRole('status').filter({ hasText: 'Chat Closed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start chat' })).toBeVisible({ timeout: 5000 });
    const earlier = page.getByRole('region', { name: 'Earlier conversations' });
    await expect(earlier.getByRole('link', { name: /My payout has not arrived/ })).toBeVisible();
    await expectNoA11yViolations(page);

    // Opened: the whole conversation with the answer, read-only; Back returns to the list.
    await earlier.getByRole('link', { name: /My payout has not arrived/ }).click();
    await expect(pane.getByText('Sent today, sorry!')).toBeVisible();
    await expect(pane.getByText('This chat is closed. Messages can no longer be sent.')).toBeVisible();
    await expect(pane.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Start chat' })).toBeVisible();

    // A new message goes into a new chat; the closed one stays in the list.
    await page.getByRole('button', { name: 'Start chat' }).click();
    await pane.getByRole('textbox', { name: 'Message' }).fill('One more question');
    await pane.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(pane.getByTestId('message')).toHaveCount(1);
    const next = await (await page.request.get('/api/support/chat')).json();
    expect(next.chatId).not.toBe(chatId);
    await expect(earlier.getByRole('link')).toHaveCount(1);

    // The list's link also works as an address (a reload, a shared link): its back button stays in Settings.
    await page.goto(`/settings?section=admin-support&chat=${chatId}`);
    await expect(pane.getByText('Sent today, sorry!')).toBeVisible();
    await page.getByRole('button', { name: 'All support conversations' }).click();
    await expect(page).toHaveURL(/section=admin-support$/);
    await expect(page.getByRole('region', { name: 'Conversation with Admin Support' })).toBeVisible();
  } finally {
    await admin.close();
  }
});

test('after adding a card in Settings, the first Back leaves Payment Methods', async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  await page.goto('/home');
  await page.goto('/settings');
  await openSection(page, 'Payment Methods');
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await payWithCardOnBankPage(bankFrame(dialog), TEST_CARDS.visa);
  await expect(toastItem(page, 'Card added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
  await expectNoA11yViolations(page);

  // The bank's page posted its form inside the frame; that entry is not the person's to step over.
  await page.goBack();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test('after sign-up one loading screen shows: the splash stays until the wizard is there', async ({ page }) => {
  // Every frame: is the splash up, and is it fading out over the app's own 'Loading...' screen?
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };
      requestAnimationFrame(f: () => void): void;
      loadingSeen: { splash: boolean; overlap: boolean };
    };
    w.loadingSeen = { splash: false, overlap: false };
    const look = () => {
      const splash = w.document.querySelector('[data-testid="splash"]');
      if (splash) w.loadingSeen.splash = true;
      if (splash?.getAttribute('aria-hidden') === 'true' && w.document.querySelector('main[aria-busy="true"]')) {
        w.loadingSeen.overlap = true;
      }
      w.requestAnimationFrame(look);
    };
    w.requestAnimationFrame(look);
  });
  await page.goto('/auth?tab=register');
  await page.getByRole('radio', { name: /I provide content services/ }).check();
  await page.getByLabel('Email').fill(uniqueEmail('friction-signup'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Name', { exact: true }).fill('Salome');
  await page.getByLabel('Last name').fill('Lomidze');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('checkbox', { name: 'Gaming' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/influencer-wizard-1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your accounts' })).toBeVisible();
  await expect(page.getByTestId('splash')).toHaveCount(0);
  const seen = await page.evaluate(() => (globalThis as unknown as { loadingSeen: unknown }).loadingSeen);
  expect(seen).toEqual({ splash: true, overlap: false });
  await expectNoA11yViolations(page);
});

test('a pending e-mail change shows with Resend and Cancel; the old address can undo it', async ({
  page,
  context,
  browser,
}) => {
  const account = await registerByApi(context, {
    role: 'client',
    onboarded: true,
    name: 'Keti',
    lastname: 'Maisuradze',
  });
  const next = uniqueEmail('keti-new');
  await openSection(page, 'Profile Information');
  await page.getByLabel('Email').fill(next);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const pending = page.getByRole('status').filter({ hasText: `Waiting for confirmation of ${next}` });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(`Your email stays ${account.email}`);
  await expectNoA11yViolations(page);

  await pending.getByRole('button', { name: 'Resend link' }).click();
  await expect(toastItem(page, `Link sent again to ${next}`)).toBeVisible();
  await expect.poll(async () => (await readMailbox(page.request, next)).items.length).toBe(2);

  // The old address was told, with a link that cancels the change; opened there (signed out), it does.
  const notice = (await readMailbox(page.request, account.email)).items.find((m) =>
    m.subject.startsWith('A change of your email address'),
  );
  expect(notice?.text).toContain(next);
  const undo = /https?:\/\/\S+\/api\/auth\/email-change\/undo\S+/.exec(notice!.text)![0];
  const mailbox = await browser.newContext();
  try {
    const other = await mailbox.newPage();
    await other.goto(undo);
    await expect(other.getByText('The email change was cancelled')).toBeVisible();
    await expectNoA11yViolations(other);
  } finally {
    await mailbox.close();
  }
  await page.reload();
  await expect(page.getByText(`Waiting for confirmation of ${next}`)).toHaveCount(0);
  // The new address's link now changes nothing.
  const { verifyLink } = await readMailbox(page.request, next);
  await page.goto(verifyLink!);
  await expect(page.getByText('This email change was cancelled')).toBeVisible();

  // Asked again, then cancelled from the profile.
  await openSection(page, 'Profile Information');
  await page.getByLabel('Email').fill(next);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Cancel change' }).click();
  await expect(toastItem(page, 'Email change cancelled')).toBeVisible();
  await expect(page.getByText(`Waiting for confirmation of ${next}`)).toHaveCount(0);

  // The undo link opened where its owner is signed in: told in the app.
  const later = uniqueEmail('keti-later');
  await page.getByLabel('Email').fill(later);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Waiting for confirmation of ${later}`)).toBeVisible();
  let undoLater = '';
  await expect
    .poll(async () => {
      const mail = (await readMailbox(page.request, account.email)).items.find((m) => m.text.includes(later));
      undoLater = /https?:\/\/\S+\/api\/auth\/email-change\/undo\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return undoLater;
    })
    .not.toBe('');
  await page.goto(undoLater);
  await expect(toastItem(page, 'The email change was cancelled')).toBeVisible();
  await expect(page).not.toHaveURL(/email_change/);
});

test('the categories chosen at registration are ticked in Settings → Social Media', async ({ page, context }) => {
  await registerByApi(context, { role: 'influencer', onboarded: true });
  // registerByApi chooses the first offered category.
  const { items } = await (await page.request.get('/api/categories')).json();
  const chosen = (items as { name: string; offered: boolean }[]).find((c) => c.offered)!.name;
  await page.goto('/settings?section=socials');
  for (const platform of ['Instagram', 'TikTok', 'YouTube']) {
    const form = page.getByRole('form', { name: `Categories and prices on ${platform}` });
    await expect(form.getByRole('checkbox', { name: chosen })).toBeChecked();
    await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(1);
  }
  await expectNoA11yViolations(page);
});

test('an influencer’s per-platform categories appear on their profile', async ({ page, context, browser }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const influencer = await browser.newContext();
  try {
    await registerByApi(influencer, { role: 'influencer', onboarded: true, name: 'Mako', lastname: 'Jgenti' });
    const { items } = await (await page.request.get('/api/categories')).json();
    const offered = (items as { id: string; name: string; offered: boolean }[]).filter((c) => c.offered);
    const res = await requestOf(influencer).put(`${baseUrl()}/api/social/tiktok/settings`, {
      data: { categoryIds: [offered[2]!.id, offered[4]!.id], priceMin: 200, priceMax: 600 },
      headers: { Origin: baseUrl() },
    });
    expect(res.ok()).toBe(true);
    const me = await (await requestOf(influencer).get(`${baseUrl()}/api/me`)).json();

    await page.goto(`/influencers/${me.user.profileId}`);
    const onTikTok = page.getByRole('list', { name: 'Categories on TikTok' });
    await expect(onTikTok.getByRole('listitem')).toHaveCount(2);
    await expect(onTikTok).toContainText(offered[2]!.name);
    await expect(onTikTok).toContainText(offered[4]!.name);
    await expectNoA11yViolations(page);
  } finally {
    await influencer.close();
  }
});
