// Spec §2 (campaign list, create-campaign modal, campaign detail, orders), §4 (application and tracker states),
// §5 (campaign validation), §8 (campaign messages). Fresh accounts wherever a count or an empty list is asserted:
// the demo seed has campaigns of its own.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { baseUrl, expect, expectNoA11yViolations, requestOf, test } from '../support/fixtures.ts';
import { failedRequest, registerByApi, toastItem } from '../support/journeys.ts';

test.describe.configure({ mode: 'parallel' });

type Created = { id: string; title: string };

/** A campaign created over HTTP by the client signed in on `target`. */
async function createCampaignByApi(
  target: APIRequestContext | BrowserContext,
  patch: Partial<{ title: string; description: string; budget: number; socials: [string] }> = {},
): Promise<Created> {
  const title = patch.title ?? `Campaign ${Math.random().toString(36).slice(2, 8)}`;
  const res = await requestOf(target).post(`${baseUrl()}/api/campaigns`, {
    data: { socials: ['instagram'], description: 'Two Reels about our new lemonade.', budget: 500, ...patch, title },
    headers: { Origin: baseUrl() },
  });
  if (res.status() !== 201) throw new Error(`create campaign: HTTP ${res.status()} ${await res.text()}`);
  return { id: ((await res.json()) as { id: string }).id, title };
}

/** The signed-in person's profile id (an influencer's id for invitations). */
async function profileIdOf(target: APIRequestContext | BrowserContext): Promise<string> {
  const res = await requestOf(target).get(`${baseUrl()}/api/auth/session`);
  return ((await res.json()) as { user: { profileId: string } }).user.profileId;
}

/** A second person in their own browser context (own cookies), signed up fresh. */
async function newPerson(browser: import('@playwright/test').Browser, role: 'client' | 'influencer') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const account = await registerByApi(context, {
    role,
    onboarded: true,
    name: role === 'client' ? 'Levan' : 'Salome',
    lastname: role === 'client' ? 'Jikia' : 'Jorjadze',
  });
  return { context, account, page: await context.newPage() };
}

const card = (page: Page, title: string) => page.getByRole('link', { name: title, exact: true });

test('a client creates a campaign in two steps; an influencer applies once; the client hires them; the order waits for payment', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await registerByApi(context, { role: 'client', onboarded: true, name: 'Nata', lastname: 'Kobakhidze' });
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No campaigns created yet' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Step 1: a network is required.
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await expect(dialog.getByText('Step 1 of 2: choose a social network')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Please select a social network', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('radio', { name: 'TikTok' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 2: title and description are required; Back keeps the choice.
  await expect(dialog.getByText('Step 2 of 2: campaign details')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Please fill in all required fields', { exact: true })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('radio', { name: 'TikTok' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();

  const title = `Lemonade launch ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Three TikToks about our new lemonade, filmed by the Tbilisi Sea.');
  await dialog.getByLabel('Budget (GEL)').fill('750');
  await dialog.getByLabel(/Upload requirements link/).fill('https://example.com/brief');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toastItem(page, 'Campaign created successfully!')).toContainText(
    'Your campaign is now live and visible to influencers.',
  );
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('750.00 GEL').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applications (0)' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Upload requirements/ })).toHaveAttribute('rel', /noopener/);
  await expectNoA11yViolations(page);

  // The influencer finds it, applies once; the button stays Applied after a reload.
  const influencer = await newPerson(browser, 'influencer');
  const ip = influencer.page;
  await ip.goto('/campaigns?platform=tiktok');
  await expect(card(ip, title)).toBeVisible();
  await expectNoA11yViolations(ip);
  await card(ip, title).click();
  await expect(ip.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ip.getByText('Nata Kobakhidze')).toBeVisible();
  await ip.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(ip.getByRole('button', { name: 'Applied' })).toBeDisabled();
  await expect(toastItem(ip, 'Application Sent')).toBeVisible();
  await ip.reload();
  await expect(ip.getByRole('button', { name: 'Applied' })).toBeDisabled();
  await expect(ip.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
  await expectNoA11yViolations(ip);
  // The server refuses a second application too.
  const again = await ip.request.post(`${baseUrl()}/api/campaigns/${campaignUrl.split('/').pop()}/applications`, {
    headers: { Origin: baseUrl() },
  });
  expect(again.status()).toBe(409);
  await ip.goto('/campaigns');
  await expect(card(ip, title).locator('xpath=ancestor::article').getByText('Applied', { exact: true })).toBeVisible();

  // The client sees the applicant and hires them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Applications (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Salome Jorjadze' })).toHaveAttribute(
    'href',
    /\/influencers\/[0-9a-f-]{36}$/,
  );
  await page.getByRole('button', { name: 'Accept Salome Jorjadze' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hire Salome Jorjadze?' });
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Accept and hire' }).click();
  await expect(toastItem(page, 'Application accepted')).toBeVisible();
  const hired = page.getByRole('region', { name: 'Hired influencer' });
  await expect(hired.getByText('Payment Pending')).toBeVisible();
  await expect(hired.getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', /^\/chat\?c=[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The influencer's orders show it, unpaid.
  await ip.goto('/orders');
  const order = ip.getByRole('listitem').filter({ has: ip.getByRole('link', { name: title }) });
  await expect(order.getByText('Payment Pending')).toBeVisible();
  await expect(order.getByText('750.00 GEL')).toBeVisible();
  await expect(order.getByText('Nata Kobakhidze')).toBeVisible();
  await expectNoA11yViolations(ip);
  await order.getByRole('link', { name: title }).click();
  await expect(ip.getByText("You were hired — waiting for the client's payment")).toBeVisible();
  await influencer.context.close();
});

test('the platform filter lives in the URL, survives a reload and Back, and says when nothing matches', async ({
  page,
  context,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const campaign = await createCampaignByApi(context, { socials: ['instagram'] });
  await page.goto('/campaigns');
  await expect(card(page, campaign.title)).toBeVisible();
  await expect(page.getByText('0 applicants')).toBeVisible();

  const filter = page.getByRole('navigation', { name: 'Filter by platform' });
  await filter.getByRole('link', { name: 'TikTok' }).click();
  await expect(page).toHaveURL(/\/campaigns\?platform=tiktok$/);
  await expect(page.getByRole('heading', { name: 'No campaigns found for TikTok' })).toBeVisible();
  await expect(filter.getByRole('link', { name: 'TikTok' })).toHaveAttribute('aria-current', 'true');
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No campaigns found for TikTok' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(card(page, campaign.title)).toBeVisible();
  await filter.getByRole('link', { name: 'Instagram' }).click();
  await expect(card(page, campaign.title)).toBeVisible();
  await page.getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test("/campaigns?create=1 (Home's 'Ready to Start?') opens the modal once", async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  await page.goto('/campaigns?create=1');
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No campaigns created yet' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('fresh accounts see the empty states: a client has no campaigns, an influencer no orders', async ({
  page,
  context,
  browser,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'No campaigns created yet' })).toBeVisible();
  await expect(page.getByText('Manage your marketing campaigns')).toBeVisible();

  const influencer = await newPerson(browser, 'influencer');
  await influencer.page.goto('/orders');
  await expect(influencer.page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expectNoA11yViolations(influencer.page);
  await influencer.page.goto('/campaigns');
  await expect(influencer.page.getByText('Browse available campaigns')).toBeVisible();
  await expect(influencer.page.getByRole('button', { name: 'Create Campaign' })).toHaveCount(0);
  await influencer.context.close();
});

test("an invitation shows on the influencer's Campaigns; Apply there is one step and Decline removes it", async ({
  page,
  context,
  browser,
}) => {
  const client = await newPerson(browser, 'client');
  const invited = await createCampaignByApi(client.context, { title: `Invited ${Date.now().toString(36)}` });
  const declined = await createCampaignByApi(client.context, { title: `Declined ${Date.now().toString(36)}` });

  await registerByApi(context, { role: 'influencer', onboarded: true });
  const influencerId = await profileIdOf(context);
  for (const campaign of [invited, declined]) {
    const res = await client.context.request.post(`${baseUrl()}/api/invitations`, {
      data: { campaignId: campaign.id, influencerId, message: `Join ${campaign.title}, please!` },
      headers: { Origin: baseUrl() },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/campaigns');
  const invitations = page.getByRole('region', { name: /Invitations for you/ });
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await expect(invitations.getByText(`Join ${invited.title}, please!`)).toBeVisible();
  await expect(invitations.getByText('Levan Jikia invited you').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await invitations.getByRole('button', { name: `Decline ${declined.title}` }).click();
  const ask = page.getByRole('alertdialog', { name: `Decline the invitation to “${declined.title}”?` });
  await expect(ask).toContainText('It leaves your invitations and cannot be brought back.');
  await expectNoA11yViolations(page);
  await ask.getByRole('button', { name: 'Decline invitation' }).click();
  await expect(toastItem(page, 'Invitation declined')).toBeVisible();
  await expect(invitations.getByRole('listitem')).toHaveCount(1);

  await invitations.getByRole('button', { name: `Apply to ${invited.title}` }).click();
  await expect(toastItem(page, 'Application Sent')).toBeVisible();
  await expect(page.getByRole('region', { name: /Invitations for you/ })).toHaveCount(0);
  const invitedCard = card(page, invited.title).locator('xpath=ancestor::article');
  await expect(invitedCard.getByText('Applied', { exact: true })).toBeVisible();
  await expect(invitedCard.getByText('Invited', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: /Invitations for you/ })).toHaveCount(0);

  // The client sees the applicant on the campaign.
  await client.page.goto(`/campaigns/${invited.id}`);
  await expect(client.page.getByRole('heading', { name: 'Applications (1)' })).toBeVisible();
  await client.context.close();
});

test('the owner deletes a campaign after confirming; it is gone for good', async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const campaign = await createCampaignByApi(context);
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.title })).toBeVisible();

  await page.getByRole('button', { name: 'Delete campaign' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete campaign?' });
  await expect(confirm).toContainText('Are you sure you want to delete this campaign? This action cannot be undone.');
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: campaign.title })).toBeVisible();

  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastItem(page, 'Campaign deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'No campaigns created yet' })).toBeVisible();
  const gone = await context.request.get(`${baseUrl()}/api/campaigns/${campaign.id}`);
  expect(gone.status()).toBe(404);
});

test("an unknown or malformed campaign id shows 'Campaign Not Found'", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  const unknown = '3f2b8c1e-9a4d-4e6b-8c2f-1d5e7a9b0c3d';
  allowConsoleErrors(failedRequest(404, `/api/campaigns/${unknown}`), failedRequest(400, '/api/campaigns/not-an-id'));
  await registerByApi(context, { role: 'influencer', onboarded: true });
  for (const id of [unknown, 'not-an-id']) {
    await page.goto(`/campaigns/${id}`);
    await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Back to Campaigns' }).last().click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('the list is one column on a phone and a grid on a desktop', { tag: '@desktop' }, async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const a = await createCampaignByApi(context, { title: 'Layout one' });
  await createCampaignByApi(context, { title: 'Layout two' });
  await page.goto('/campaigns');
  const box = (title: string) => card(page, title).locator('xpath=ancestor::article').boundingBox();
  const [newer, older] = [await box('Layout two'), await box('Layout one')];
  if (!newer || !older) throw new Error('both cards are on screen');
  if (test.info().project.name === 'desktop') {
    expect(Math.abs(newer.y - older.y), 'side by side').toBeLessThan(2);
  } else {
    expect(Math.abs(newer.x - older.x), 'one column').toBeLessThan(2);
    expect(older.y).toBeGreaterThan(newer.y + newer.height);
  }
  await expectNoA11yViolations(page);
  await page.goto(`/campaigns/${a.id}`);
  await expect(page.getByRole('region', { name: 'Progress' })).toBeVisible();
  await expectNoA11yViolations(page);
});

// Issue 14: the feed an influencer can search, sort and filter by budget; Reject asks first; toasts belong to their
// screen; no 0 GEL campaign.

/** The titles of the cards in the list, in order. */
const cardTitles = (page: Page) =>
  page.getByRole('region', { name: 'Campaign list' }).getByRole('heading', { level: 3 });

test('an influencer searches, sorts and filters the feed by budget; a reload and Back keep each step', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const brand = await newPerson(browser, 'client');
  const word = `Zanzi${Date.now().toString(36)}`;
  const inDays = (days: number) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const post = (title: string, budget: number, deadline: string | null) =>
    brand.context.request.post(`${baseUrl()}/api/campaigns`, {
      data: { socials: ['instagram'], title, description: 'Two reels about our tea.', budget, deadline },
      headers: { Origin: baseUrl() },
    });
  for (const [title, budget, deadline] of [
    [`${word} lemonade`, 300, inDays(3)],
    [`${word} coffee`, 900, inDays(10)],
    [`${word} tea`, 50, null],
  ] as const) {
    expect((await post(title, budget, deadline)).status()).toBe(201);
  }
  await registerByApi(context, { role: 'influencer', onboarded: true });
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

  // Search: a word's beginning is enough; the address follows.
  const search = page.getByRole('searchbox', { name: 'Search campaigns' });
  const prefix = word.slice(0, -2).toLowerCase();
  await search.fill(prefix);
  await expect(page).toHaveURL(new RegExp(`/campaigns\\?q=${prefix}$`));
  await expect(cardTitles(page)).toHaveText([`${word} tea`, `${word} coffee`, `${word} lemonade`]);
  await search.blur();
  await expectNoA11yViolations(page);

  // Sort: highest budget first, then soonest deadline (the one without a deadline last).
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Highest budget' }).click();
  await expect(page).toHaveURL(/sort=budget/);
  await expect(cardTitles(page)).toHaveText([`${word} coffee`, `${word} lemonade`, `${word} tea`]);
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Soonest deadline' }).click();
  await expect(cardTitles(page)).toHaveText([`${word} lemonade`, `${word} coffee`, `${word} tea`]);
  await expect(page).toHaveURL(/sort=deadline/);

  // Budget: letters are refused with the rule, a number applies on Enter.
  const min = page.getByRole('textbox', { name: 'Minimum budget (GEL)' });
  await min.fill('abc');
  await min.press('Enter');
  await expect(page.getByText('Minimum budget must be a number of GEL', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await min.fill('100');
  await min.press('Enter');
  await expect(page).toHaveURL(/minBudget=100/);
  await expect(cardTitles(page)).toHaveText([`${word} lemonade`, `${word} coffee`]);

  // A reload keeps all of it, boxes included.
  await page.reload();
  await expect(cardTitles(page)).toHaveText([`${word} lemonade`, `${word} coffee`]);
  await expect(search).toHaveValue(prefix);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Soonest deadline');
  await expect(min).toHaveValue('100');

  // Back undoes one step at a time, down to the list before the search (not one letter at a time).
  await page.goBack();
  await expect(page).not.toHaveURL(/minBudget/);
  await expect(cardTitles(page)).toHaveText([`${word} lemonade`, `${word} coffee`, `${word} tea`]);
  await expect(min).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/sort=budget/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Highest budget');
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Newest');
  await expect(cardTitles(page)).toHaveText([`${word} tea`, `${word} coffee`, `${word} lemonade`]);
  await page.goBack();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(search).toHaveValue('');

  // A link with a value the list does not know shows the list without it, and says so.
  await page.goto(`/campaigns?q=${word}&sort=cheapest&minBudget=lots`);
  await expect(
    page.getByText(
      'This link has filters that were not recognised, so they are not applied: sort “cheapest”, minimum budget “lots”.',
    ),
  ).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(3);
  await expectNoA11yViolations(page);
  await brand.context.close();
});

test('the client searches their own campaigns', { tag: '@desktop' }, async ({ page, context }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const summer = await createCampaignByApi(context, { title: 'Summer lemonade', description: 'Reels by the sea.' });
  await createCampaignByApi(context, { title: 'Winter coats', description: 'A try-on haul.' });
  await page.goto('/campaigns');
  await expect(cardTitles(page)).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('sea');
  await expect(cardTitles(page)).toHaveText([summer.title]);
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('nothing like it');
  await expect(page.getByRole('heading', { name: 'No campaigns match “nothing like it”' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Clear search and filters' }).click();
  await expect(cardTitles(page)).toHaveCount(2);
});

test("a budget of 'abc', none or 0 GEL is refused under the field, and by the server", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await dialog.getByRole('radio', { name: 'Instagram' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title').fill('Budget rules');
  await dialog.getByLabel('Description').fill('Checking what a budget may be.');
  const budget = dialog.getByLabel('Budget (GEL)');
  for (const [text, message] of [
    ['abc', 'Budget must be a number'],
    ['', 'Enter a budget'],
    ['0', 'Budget must be at least 1 GEL'],
  ] as const) {
    await budget.fill(text);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
  }
  await expectNoA11yViolations(page);
  await expect(page).toHaveURL(/\/campaigns$/);

  // The server refuses the same, whatever sends it.
  allowConsoleErrors(failedRequest(400, '/api/campaigns'));
  for (const value of [0, 'abc', null]) {
    const res = await context.request.post(`${baseUrl()}/api/campaigns`, {
      data: { socials: ['instagram'], title: 'Direct', description: 'Over HTTP', budget: value },
      headers: { Origin: baseUrl() },
    });
    expect(res.status()).toBe(400);
    const { error } = (await res.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(error.details.fieldErrors.budget?.[0]).toMatch(
      /^(Budget must be (a number|at least 1 GEL)|Enter a budget)$/,
    );
  }

  await budget.fill('1');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByText('1.00 GEL').first()).toBeVisible();
});

test('Reject asks first, names the applicant, and Cancel changes nothing', async ({ page, context, browser }) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const campaign = await createCampaignByApi(context);
  const applicant = await newPerson(browser, 'influencer');
  const applied = await applicant.context.request.post(`${baseUrl()}/api/campaigns/${campaign.id}/applications`, {
    headers: { Origin: baseUrl() },
  });
  expect(applied.status()).toBe(201);

  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole('button', { name: 'Reject Salome Jorjadze' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Reject Salome Jorjadze?' });
  await expect(ask).toContainText('Salome Jorjadze will see that they were not selected.');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reject Salome Jorjadze' })).toBeEnabled();

  await page.getByRole('button', { name: 'Reject Salome Jorjadze' }).click();
  await ask.getByRole('button', { name: 'Reject application' }).click();
  await expect(toastItem(page, 'Application rejected')).toBeVisible();
  await expect(page.getByText('Not selected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject Salome Jorjadze' })).toHaveCount(0);
  await applicant.context.close();
});

test('a toast belongs to its screen: it goes on navigation, and on a phone sits above the tabs, clear of the title', async ({
  page,
  context,
}) => {
  await registerByApi(context, { role: 'client', onboarded: true });
  const campaign = await createCampaignByApi(context);
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();

  // The toast reports the navigation it comes with (back to the list), so it is there on the list.
  const toast = toastItem(page, 'Campaign deleted');
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(toast).toBeVisible();
  // A pointer over the toast pauses its 5-second timer (Radix), so a slow machine measures it before it goes.
  await toast.hover();
  const box = await toast.boundingBox();
  const title = await page.getByRole('heading', { level: 1, name: 'Campaigns' }).boundingBox();
  const tabs = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  if (!title || !tabs || !box) throw new Error('title, tabs and toast are on screen');
  expect(box.y, 'below the page title').toBeGreaterThanOrEqual(title.y + title.height);
  if (test.info().project.name === 'mobile') {
    expect(box.y + box.height, 'above the bottom tabs').toBeLessThanOrEqual(tabs.y);
  }

  // Leaving the list clears it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(toast).toHaveCount(0);
});
