// What every spec imports instead of @playwright/test: a `test` whose pages fail on unexpected console errors,
// plus helpers for accessibility, signing in, fresh accounts and the dev mailbox.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../apps/server/src/db/seed.ts';

export { expect };

/** Seeded on the server's first start (the server's own list): verified and onboarded. */
export const DEMO = { ...DEMO_ACCOUNTS, password: DEMO_PASSWORD } as const;

type ConsoleGuardFixtures = {
  /** Option: console errors this file or describe block expects, `test.use({ allowedConsoleErrors: [/.../] })`. */
  allowedConsoleErrors: RegExp[];
  /** Allows more console errors from inside one test: `allowConsoleErrors(failedRequest(409, '/api/auth/register'))`. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleAllowList: RegExp[];
};

/**
 * Pages arrive rendered by the server and come alive when the browser has hydrated them (the app marks <html
 * data-live>); a click or a keystroke before that reaches markup without React behind it, as it would for a person
 * quicker than their phone. So every navigation a test makes (goto, reload, back, forward), on any page of any
 * context, returns once the app's page is live; a page that is not the app's (the mailbox, the bank's card page)
 * returns as before.
 */
function navigationsWaitUntilLive(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<string, unknown> & { [patchedMark]?: true };
  if (proto[patchedMark]) return;
  proto[patchedMark] = true;
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = proto[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      await this.waitForFunction(
        () => {
          // (No DOM types in this project: the page's document, as far as this check needs it.)
          const doc = (globalThis as unknown as { document: LiveCheck }).document;
          return !doc.getElementById('root') || doc.documentElement.hasAttribute('data-live');
        },
        undefined,
        { timeout: 20_000 },
      );
      return response;
    };
  }
}
const patchedMark = Symbol('navigationsWaitUntilLive');
/** The push offer counts as answered ("not now"), as for a person who has seen it (push-offer.tsx's key). */
const PUSH_ANSWERED =
  "try { localStorage.getItem('influence.push-offered') ?? localStorage.setItem('influence.push-offered', 'no') } catch {}";
type LiveCheck = {
  getElementById(id: string): unknown;
  documentElement: { hasAttribute(name: string): boolean };
};

type WorkerFixtures = { liveNavigations: undefined };

export const test = base.extend<ConsoleGuardFixtures, WorkerFixtures>({
  // Once per worker, before any test: pages made from a context a test opens itself navigate the same way.
  liveNavigations: [
    async ({ browser }, use) => {
      // Contexts a test opens itself: the person has already answered the push offer (decision 040), which would
      // otherwise cover the top of the screen after their first message or order step. push.spec.ts asks anew.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(PUSH_ANSWERED);
        return context;
      };
      const page = await browser.newPage();
      navigationsWaitUntilLive(page);
      await page.close();
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  allowedConsoleErrors: [[], { option: true }],
  consoleAllowList: async ({ allowedConsoleErrors }, use) => {
    await use([...allowedConsoleErrors]);
  },
  allowConsoleErrors: async ({ consoleAllowList }, use) => {
    await use((...patterns) => {
      consoleAllowList.push(...patterns);
    });
  },
  // Any console.error or uncaught page error on any page of the context fails the test, unless allow-listed.
  context: async ({ context, consoleAllowList }, use) => {
    context.on('page', navigationsWaitUntilLive);
    // push.spec.ts is about the offer: its own browser asks anew (the cookie tells the init script so).
    await context.addInitScript(PUSH_ANSWERED);
    const seen: string[] = [];
    context.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const { url, lineNumber } = msg.location();
      seen.push(`console.error: ${msg.text()}${url ? `  (${url}:${lineNumber})` : ''}`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      seen.push(`pageerror: ${error.stack ?? error.message}`);
    });
    await use(context);
    const unexpected = seen.filter((line) => !consoleAllowList.some((re) => re.test(line)));
    if (unexpected.length > 0) {
      throw new Error(
        `${unexpected.length} unexpected console error(s); if the test expects one, allow it with allowConsoleErrors(/…/):\n` +
          unexpected.map((line) => `  - ${line}`).join('\n'),
      );
    }
  },
});

/** Runs axe on the page as it is now; fails on serious or critical violations, listing each readably. */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  // Only the violations in full: the passes' and the inapplicable rules' nodes cost seconds to gather on a long page.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  await test
    .info()
    .attach('axe-results.json', { body: JSON.stringify(results, null, 2), contentType: 'application/json' });

  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      …and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  expect(blocking.length, `serious/critical accessibility violations on ${page.url()}:\n${report}`).toBe(0);
}

/** The server that global-setup started (or that E2E_BASE_URL named). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts (its global setup sets it)');
  return url;
}

/** The HTTP client to use: a BrowserContext's own (its pages then share the cookies it gets), or the one given. */
export const requestOf = (target: APIRequestContext | BrowserContext): APIRequestContext =>
  'newPage' in target ? target.request : target;

/** Signs in through the login form at /auth and waits until the app has navigated away from it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/**
 * Signs in over HTTP; with a BrowserContext its pages share the session cookie. The Origin header is required:
 * the server refuses cookie-setting writes from any other origin.
 */
export async function signInByApi(
  target: APIRequestContext | BrowserContext,
  email: string,
  password: string,
): Promise<unknown> {
  const request = requestOf(target);
  const origin = baseUrl();
  const res = await request.post(`${origin}/api/auth/sign-in`, {
    data: { email, password },
    headers: { Origin: origin },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: HTTP ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A fresh address per call, so tests can sign up without colliding (also across retries and workers). */
export function uniqueEmail(prefix = 'user'): string {
  const slug = prefix.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${slug}-${stamp}@e2e.test`;
}

export type MailItem = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

/** The dev mailbox for one recipient, newest first, and the verification link of the newest mail that has one. */
export async function readMailbox(
  request: APIRequestContext,
  to: string,
): Promise<{ items: MailItem[]; verifyLink: string | undefined }> {
  const res = await request.get(`${baseUrl()}/api/dev/mailbox`, { params: { to } });
  if (!res.ok()) throw new Error(`GET /api/dev/mailbox?to=${to} failed: HTTP ${res.status()} ${await res.text()}`);
  const { items } = (await res.json()) as { items: MailItem[] };
  const verifyLink = items.map(findVerifyLink).find(Boolean);
  return { items, verifyLink };
}

/** Polls the mailbox until a verification link for `to` arrives. */
export async function waitForVerifyLink(request: APIRequestContext, to: string, timeout = 15_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await readMailbox(request, to)).verifyLink;
        return link;
      },
      { message: `a verification mail to ${to}`, timeout },
    )
    .toBeTruthy();
  return link!;
}

function findVerifyLink(mail: MailItem): string | undefined {
  const urls = `${mail.text ?? ''}\n${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return urls
    .map((u) => u.replace(/&amp;/g, '&').replace(/[.,;:)\]]+$/, ''))
    .find((u) => u.includes('/api/auth/verify-email'));
}
