// Playwright in Debian's Chromium (no browser download) against the real server that global-setup starts.
// Every spec runs on the phone-sized `mobile` project; tag a test `{ tag: '@desktop' }` to also run it at 1280x800.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from '../scripts/chromium.mjs';

const executablePath = findChromium();
if (!executablePath) throw new Error(CHROMIUM_MISSING);
const CI = !!process.env.CI;

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // CI's 2-core machine runs the server, its job runner and two browsers at once: journeys that take 9 s on
  // an idle machine have taken over 30 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    // global-setup sets E2E_BASE_URL before the workers start (or reuses one given by the caller).
    baseURL: process.env.E2E_BASE_URL,
    trace: 'on-first-retry',
    // The app's service worker (decision 040) would answer page loads itself, out of reach of page.route; the
    // journeys that are about it allow it (push.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // A fake camera for the chat's Take Photo (no prompt, a test pattern).
      args: [
        ...CHROMIUM_ARGS,
        '--disable-quic',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      grep: /@desktop/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
});
