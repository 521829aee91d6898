// Issue 26: the app in Georgian and English everywhere. Every route each role can open (and the signed-out ones), in
// ka and in en, on a 360 px wide phone: no horizontal overflow, nothing visible past the right edge, <html lang>, and
// axe, in one pass per route. Then journeys in Georgian throughout: registration, a brand's new campaign, Start & Pay
// on the bank's card page (in Georgian too) and a chat message.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { TEXT as BANK_TEXT } from '../../apps/server/src/emulators/bog/emulator-page-texts.ts';
import ka from '../../apps/web/src/locales/ka/translation.json' with { type: 'json' };
import { baseUrl, DEMO, expect, expectNoA11yViolations, signInByApi, test, uniqueEmail } from '../support/fixtures.ts';
import { PASSWORD, registerByApi, toastItem } from '../support/journeys.ts';
import { hireByApi, TEST_CARDS } from '../support/orders.ts';

test.describe.configure({ mode: 'parallel' });

type Lang = 'ka' | 'en';
type Role = 'signed-out' | 'client' | 'influencer' | 'admin';

/** This browser reads `lang`: the cookie the language switch sets (the demo accounts never chose one, so it decides). */
async function useLanguage(context: BrowserContext, lang: Lang) {
  await context.addCookies([{ name: 'influence.lang', value: lang, url: baseUrl() }]);
}

/** The first record's id in a list answer (`{ items: [...] }` or any other array field), or undefined. */
async function firstId(request: APIRequestContext, path: string, pick = (r: Record<string, unknown>) => r.id) {
  const res = await request.get(`${baseUrl()}${path}`);
  if (!res.ok()) return undefined;
  const body = (await res.json()) as Record<string, unknown>;
  const list = Object.values(body).find(Array.isArray) as Record<string, unknown>[] | undefined;
  const id = list?.[0] ? pick(list[0]) : undefined;
  return typeof id === 'string' ? id : undefined;
}

const SETTINGS = ['profile', 'security', 'payment', 'notifications', 'languages', 'help', 'account'];

/** Every route of apps/web/src/config/paths.ts this role can open, those with ids through seeded records. */
async function routesFor(role: Role, request: APIRequestContext): Promise<string[]> {
  if (role === 'signed-out') {
    return ['/', '/auth', '/auth?tab=register', '/terms-of-service', '/privacy-policy', '/no-such-page'];
  }
  if (role === 'admin') {
    const person = await firstId(request, '/api/admin/people');
    const order = await firstId(request, '/api/admin/orders');
    const dispute = await firstId(request, '/api/admin/disputes');
    const payout = await firstId(request, '/api/admin/payouts');
    return [
      '/admin',
      '/admin/people',
      ...(person ? [`/admin/people/${encodeURIComponent(person)}`] : []),
      '/admin/orders',
      ...(order ? [`/admin/orders/${order}`] : []),
      '/admin/money',
      '/admin/payouts',
      ...(payout ? [`/admin/payouts/${payout}`] : []),
      '/admin/support',
      '/admin/disputes',
      ...(dispute ? [`/admin/disputes/${dispute}`] : []),
      '/notifications',
      '/settings',
      '/settings?section=languages',
    ];
  }
  const campaign = await firstId(request, '/api/campaigns');
  const influencer = await firstId(request, '/api/influencers');
  const chat = await firstId(request, '/api/chats');
  return [
    '/home',
    '/influencers',
    ...(influencer ? [`/influencers/${influencer}`] : []),
    '/campaigns',
    ...(campaign ? [`/campaigns/${campaign}`] : []),
    '/orders',
    '/notifications',
    '/chat',
    ...(chat ? [`/chat?c=${chat}`] : []),
    '/settings',
    ...(role === 'influencer' ? ['/settings?section=socials'] : []),
    ...SETTINGS.map((s) => `/settings?section=${s}`),
  ];
}

/**
 * What sticks out past the right edge: the page's scroll width, and each visible element (outermost only) whose right
 * edge is past the viewport and that no clipping ancestor inside the viewport hides. Also the texts cut short with an
 * ellipsis, reported beside the test (a name in a list may be; a button or a heading may not).
 */
const MEASURE = `(() => {
  const vw = document.documentElement.clientWidth;
  const describe = (el) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '';
    const text = (el.innerText || el.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (cls ? '.' + cls : '') + ' right=' +
      Math.round(el.getBoundingClientRect().right) + (text ? ' "' + text + '"' : '');
  };
  const clippedInside = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible' && p.getBoundingClientRect().right <= vw + 1) return true;
      if (s.position === 'fixed') return false;
    }
    return false;
  };
  const offending = new Set();
  const truncated = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.opacity === '0') continue;
    if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1 && r.left < vw) truncated.push(describe(el));
    if (r.right <= vw + 1 || r.left >= vw) continue;
    if (clippedInside(el)) continue;
    offending.add(el);
  }
  const outermost = [...offending].filter((el) => !offending.has(el.parentElement));
  return {
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: vw,
    lang: document.documentElement.lang,
    offenders: outermost.slice(0, 12).map(describe),
    truncated: truncated.slice(0, 12),
  };
})()`;

type Measure = { scrollWidth: number; clientWidth: number; lang: string; offenders: string[]; truncated: string[] };

/** Opens `route` and checks it: <html lang>, overflow, axe. Returns the problems found, so one test lists them all. */
async function checkRoute(page: Page, route: string, lang: Lang): Promise<string[]> {
  await page.goto(route);
  // Its data is in (a spinner left would be measured instead of the screen).
  await page
    .locator('.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  const m = (await page.evaluate(MEASURE)) as Measure;
  const problems: string[] = [];
  if (m.lang !== lang) problems.push(`${route} [${lang}]: <html lang="${m.lang}">`);
  if (m.scrollWidth > m.clientWidth || m.offenders.length > 0) {
    problems.push(
      `${route} [${lang}]: scrollWidth ${m.scrollWidth} > ${m.clientWidth}; past the right edge:\n    ${m.offenders.join('\n    ')}`,
    );
  }
  if (m.truncated.length) {
    test.info().annotations.push({ type: 'truncated', description: `${route} [${lang}]: ${m.truncated.join(' | ')}` });
  }
  try {
    await expectNoA11yViolations(page);
  } catch (error) {
    problems.push(`${route} [${lang}]: ${(error as Error).message.split('\n\nExpected')[0]}`);
  }
  return problems;
}

const ACCOUNTS: Record<Exclude<Role, 'signed-out'>, string> = {
  client: DEMO.client,
  influencer: DEMO.influencer,
  admin: DEMO.admin,
};

test.describe('every route at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const role of ['signed-out', 'client', 'influencer', 'admin'] as const) {
    for (const lang of ['ka', 'en'] as const) {
      test(`${role} in ${lang}: no overflow, <html lang>, axe`, async ({ page, context }) => {
        // Up to 20 routes, each loaded and checked by axe (seconds each on a busy 2-core machine).
        test.setTimeout(360_000);
        if (role !== 'signed-out') await signInByApi(context, ACCOUNTS[role], DEMO.password);
        await useLanguage(context, lang);
        const routes = await routesFor(role, context.request);
        const problems: string[] = [];
        for (const route of routes) problems.push(...(await checkRoute(page, route, lang)));
        expect(problems, `${problems.length} problem(s) on ${routes.length} routes:\n${problems.join('\n')}`).toEqual(
          [],
        );
      });
    }
  }
});

/** A fresh, onboarded person whose browser (and so whose account) reads Georgian, on a phone. */
async function georgianPerson(browser: Browser, role: 'client' | 'influencer') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await useLanguage(context, 'ka');
  const account = await registerByApi(context, { role, onboarded: true });
  return { context, account, page: await context.newPage() };
}

test.describe('journeys in Georgian', () => {
  test('a new brand registers in Georgian and lands in the Georgian wizard', async ({ page, context }) => {
    await useLanguage(context, 'ka');
    await page.goto('/auth?tab=register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka');
    await expect(page.getByRole('tab', { name: ka.auth.tabs.register })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('radio', { name: new RegExp(ka.auth.register.roles.client.title) }).check();
    const email = uniqueEmail('ka-signup');
    await page.getByLabel(ka.auth.fields.email).fill(email);
    await page.getByLabel(ka.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(ka.auth.fields.name, { exact: true }).fill('ნინო');
    await page.getByLabel(ka.auth.fields.lastname).fill('ბერიძე');
    await page.getByLabel(ka.auth.fields.mobile).fill('+995 555 123 456');
    await page.getByLabel(ka.auth.fields.companyId).fill('404000111');
    const submit = page.getByRole('button', { name: ka.auth.register.submit });
    await expect(submit).toBeDisabled();
    await expect(page.getByText(ka.auth.register.termsRequired).first()).toBeVisible();
    await page.getByRole('checkbox', { name: /^ვეთანხმები/ }).check();
    await submit.click();

    await expect(page).toHaveURL(/\/client-wizard-1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka');
    await expect(page.getByText(ka.onboarding.client.howItWorks.title).first()).toBeVisible();
    // The account keeps the language it registered in (its mails and other browsers follow it).
    const session = (await (await context.request.get(`${baseUrl()}/api/auth/session`)).json()) as {
      user: { language: string | null };
    };
    expect(session.user.language).toBe('ka');
  });

  test('a brand creates a campaign in Georgian', async ({ page, context }) => {
    await useLanguage(context, 'ka');
    await registerByApi(context, { role: 'client', onboarded: true });
    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: ka.campaigns.title })).toBeVisible();
    await page.getByRole('button', { name: ka.campaigns.create }).first().click();
    const dialog = page.getByRole('dialog', { name: ka.campaigns.createDialog.title });
    await expect(dialog.getByText(ka.campaigns.createDialog.step1)).toBeVisible();
    await dialog.getByRole('radio', { name: 'TikTok' }).check();
    await dialog.getByRole('button', { name: ka.common.next }).click();
    await expect(dialog.getByText(ka.campaigns.createDialog.step2)).toBeVisible();
    const title = `ლიმონათის გაშვება ${Date.now().toString(36)}`;
    await dialog.getByLabel(ka.campaigns.fields.title, { exact: true }).fill(title);
    await dialog.getByLabel(ka.campaigns.fields.description, { exact: true }).fill('სამი TikTok ჩვენს ახალ ლიმონათზე.');
    await dialog.getByLabel(ka.campaigns.fields.budgetGel).fill('12500');
    await dialog.getByRole('button', { name: ka.campaigns.createDialog.submit }).click();

    // The toast, not Radix's live-region copy of it (the announcer holds the same words for a moment).
    await expect(toastItem(page, ka.campaigns.createDialog.success, ka.common.notifications)).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Money as Georgian writes it: the lari sign after the amount, a space between thousands.
    await expect(page.getByText('12 500,00 ₾').first()).toBeVisible();
    await expect(
      page.getByRole('heading', { name: ka.campaigns.applications.title.replace('{{count}}', '0') }),
    ).toBeVisible();
  });

  test('Start & Pay in Georgian: the bank’s card page speaks Georgian too', async ({ page, context, browser }) => {
    test.slow();
    await useLanguage(context, 'ka');
    await registerByApi(context, { role: 'client', onboarded: true });
    const influencer = await georgianPerson(browser, 'influencer');
    const hired = await hireByApi(context, influencer.context, { budget: 100 });
    await influencer.context.close();

    await page.goto(`/campaigns/${hired.campaignId}`);
    const panel = page.getByRole('region', { name: ka.payments.panelTitle });
    await panel.getByRole('button', { name: ka.payments.startAndPay.replace('{{amount}}', '100,00 ₾') }).click();
    const dialog = page.getByRole('dialog', { name: ka.payments.dialogTitle.replace('{{amount}}', '100,00 ₾') });

    // The order was made at the bank with Accept-Language: ka, so its own page (opened in full, no ?lang) is Georgian.
    const full = await dialog.getByRole('link', { name: ka.payments.frame.openInFull }).getAttribute('href');
    const bankPage = await (await context.request.get(full!)).text();
    expect(bankPage).toContain('<html lang="ka">');
    expect(bankPage).toContain(BANK_TEXT.ka.cardNumber);

    const frame = dialog.frameLocator(`iframe[title="${ka.payments.frame.title}"]`);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'ka');
    await frame.getByLabel(BANK_TEXT.ka.cardNumber).fill(TEST_CARDS.visa);
    await frame.getByLabel(BANK_TEXT.ka.expiry).fill('12/30');
    await frame.getByLabel(BANK_TEXT.ka.cvc).fill('123');
    await frame.getByRole('button', { name: /^გადახდა / }).click();
    await expect(page.getByText(ka.payments.paid).first()).toBeVisible();
    await expect(page.getByRole('region', { name: ka.payments.panelTitle })).toHaveCount(0);
  });

  test('a brand and an influencer exchange chat messages in Georgian', async ({ page, context, browser }) => {
    test.slow();
    await useLanguage(context, 'ka');
    await registerByApi(context, { role: 'client', onboarded: true });
    const influencer = await georgianPerson(browser, 'influencer');
    const hired = await hireByApi(context, influencer.context);

    await page.goto(`/chat?c=${hired.chatId}`);
    await expect(page.getByText(ka.chat.noMessages)).toBeVisible();
    const box = page.getByPlaceholder(ka.chat.placeholder);
    await box.fill('გამარჯობა! ბრიფი მზადაა.');
    await box.press('Enter');
    await expect(page.getByTestId('message-state').last()).toHaveText(new RegExp(`${ka.chat.sent}|${ka.chat.seen}`));

    const ip = influencer.page;
    await ip.goto(`/chat?c=${hired.chatId}`);
    // (The phone's chat list previews the last message too: the bubble is the last of the two.)
    await expect(ip.getByText('გამარჯობა! ბრიფი მზადაა.').last()).toBeVisible();
    const reply = ip.getByPlaceholder(ka.chat.placeholder);
    await reply.fill('მადლობა, ხვალ დავიწყებ.');
    await reply.press('Enter');
    await expect(page.getByText('მადლობა, ხვალ დავიწყებ.').last()).toBeVisible();
    await expect(page.getByTestId('message-state').first()).toHaveText(ka.chat.seen);
    await influencer.context.close();
  });
});
