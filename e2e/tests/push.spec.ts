// Issue 24 §4 in Chromium: the offer of push comes after a first message (ours before the browser's), and a
// subscribed browser receives a push for a new message and shows it.
//
// How the push reaches the browser (decision 040): headless Chromium has no way to the browsers' push services
// (FCM), so the device subscribes at a local push service that speaks the protocol (web-push-testing, started here on
// a free port) and the page hands that subscription to the app as the app does (PUT /api/push/subscription). The
// server then encrypts and signs the push for that service like for any other; the test reads what the service
// received and hands it to the page's service worker with the DevTools command ServiceWorker.deliverPushMessage —
// the browser's own push event — and reads the notification the worker showed (registration.getNotifications()).
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { baseUrl, expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { registerByApi } from '../support/journeys.ts';
import { hireByApi, personInOwnContext } from '../support/orders.ts';

test.use({ serviceWorkers: 'allow' });

type Device = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

const require = createRequire(import.meta.url);

async function startPushService() {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
  const Server = require('web-push-testing/src/server.js');
  const server = new Server(new PushApiModel(), port);
  // Its "Server running on port …" line is not the test's output.
  const log = console.log;
  console.log = () => {};
  server.startServer();
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await expect.poll(async () => (await post('/status', {}).catch(() => null))?.status).toBe(200);
  console.log = log;
  return {
    post,
    close: () => new Promise<void>((r) => server._server.close(() => r())),
  };
}

test('a subscribed browser gets a push for a new message and shows it as a notification', async ({ browser }) => {
  test.slow();
  const origin = baseUrl();
  const service = await startPushService();
  const brand = await personInOwnContext(browser, 'client');
  const creator = await personInOwnContext(browser, 'influencer');
  await creator.context.grantPermissions(['notifications'], { origin });
  const hired = await hireByApi(brand.context, creator.context);
  const page = creator.page;

  // The service worker is registered once the page has loaded and is idle.
  await page.goto('/settings');
  // (Evaluated as text: the e2e project has no DOM types.)
  const scope = await page.evaluate('navigator.serviceWorker.ready.then((r) => r.scope)');
  expect(scope).toBe(`${origin}/`);

  // This device subscribes (at the local push service) and the page gives the subscription to the app.
  const { publicKey } = (await (await creator.context.request.get(`${origin}/api/push/key`)).json()) as {
    publicKey: string;
  };
  const subscribed = await service.post('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey });
  const device = ((await subscribed.json()) as { data: Device }).data;
  const saved = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/push/subscription', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { endpoint: device.endpoint, keys: device.keys },
  );
  expect(saved).toBe(200);

  // The brand writes; the server's push job encrypts and sends it to the device's push service.
  const sent = await brand.context.request.post(`${origin}/api/chats/${hired.chatId}/messages`, {
    headers: { Origin: origin },
    data: { clientId: crypto.randomUUID(), content: 'Here is the brief for the reel' },
  });
  expect(sent.status()).toBe(201);
  let pushed: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await service.post('/get-notifications', { clientHash: device.clientHash });
        pushed = ((await res.json()) as { data: { messages: string[] } }).data.messages;
        return pushed.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  expect(JSON.parse(pushed[0]!)).toMatchObject({
    title: 'New message',
    body: 'Here is the brief for the reel',
    link: `/chat?c=${hired.chatId}`,
  });

  // The push event in the browser: its service worker shows the notification.
  const cdp = await creator.context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: pushed[0]!,
  });
  await expect
    .poll(async () =>
      page.evaluate(
        `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
          all.map((n) => ({ title: n.title, body: n.body, link: n.data.link })))`,
      ),
    )
    .toEqual([{ title: 'New message', body: 'Here is the brief for the reel', link: `/chat?c=${hired.chatId}` }]);

  await brand.context.close();
  await creator.context.close();
  await service.close();
});

test('the offer of push comes after the first message, ours before the browser’s, and “Not now” is kept; offline is said @desktop', async ({
  page,
  context,
  browser,
}) => {
  const brand = await personInOwnContext(browser, 'client');
  await registerByApi(context, { role: 'influencer', onboarded: true });
  const hired = await hireByApi(brand.context, context);
  // This browser has not answered the offer yet (the fixtures answer it for every other journey): forget that answer
  // once, on the first page this tab opens.
  await context.addInitScript(
    "try { if (!sessionStorage.getItem('e2e-offer-reset')) { localStorage.removeItem('influence.push-offered'); sessionStorage.setItem('e2e-offer-reset', '1') } } catch {}",
  );

  // Not on first load.
  await page.goto(`/chat?c=${hired.chatId}`);
  const box = page.getByPlaceholder('Type a message...');
  await expect(box).toBeVisible();
  const offer = page.getByRole('dialog', { name: 'Get told when something happens?' });
  await expect(offer).toHaveCount(0);
  // Offered only where push can work: once the service worker is there (registered when the page is idle).
  await page.evaluate('navigator.serviceWorker.ready');

  await box.fill('Hello! Happy to work on this.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(offer).toBeVisible();
  // It does not take the focus: a person typing the next message keeps typing (an Enter would otherwise say yes).
  await expect(box).toBeFocused();
  await expectNoA11yViolations(page);
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);

  // Asked once per device.
  await box.fill('One more thing');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('One more thing', { exact: true })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  // Settings → Notifications: push per kind, for chat messages, and this device's switch (not asked yet: off).
  const device = page.getByRole('checkbox', { name: 'Push notifications on this device' });
  await expect(device).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('checkbox', { name: 'Order: Push' })).toHaveAttribute('aria-checked', 'true');
  await expectNoA11yViolations(page);

  // Offline: the open screen says so; a page opened then is the service worker's offline page, in en and ka.
  await page.evaluate('navigator.serviceWorker.ready');
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ინტერნეტთან კავშირი არ არის' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.context().setOffline(false);
  await brand.context.close();
});
