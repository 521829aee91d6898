// Issue 8.2: a page on another port of the same host is same-site, so the browser sends our Lax session cookie with
// its requests; the server must still refuse its writes, however the path is spelled.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, expect, test } from '../support/fixtures.ts';
import { registerByApi } from '../support/journeys.ts';

/** A tiny "attacker" site on another port of 127.0.0.1, serving one page. */
async function serveAttackerPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

test('a page on another port cannot make a signed-in client accept an applicant', async ({
  page,
  context,
  playwright,
  allowConsoleErrors,
}) => {
  const origin = baseUrl();
  // The victim: a client signed in in this browser, with one applicant waiting.
  await registerByApi(context, { role: 'client', onboarded: true });
  const created = await context.request.post(`${origin}/api/campaigns`, {
    headers: { Origin: origin },
    data: { socials: ['instagram'], title: 'Target', description: 'One reel', budget: 300, deadline: null },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;
  const applicant = await playwright.request.newContext();
  await registerByApi(applicant, { role: 'influencer', onboarded: true });
  const applied = await applicant.post(`${origin}/api/campaigns/${campaignId}/applications`, {
    headers: { Origin: origin },
  });
  expect(applied.status()).toBe(201);
  const applicationId = ((await applied.json()) as { application: { id: string } }).application.id;
  await applicant.dispose();

  const targets = [
    `${origin}/%61pi/applications/${applicationId}/accept`,
    `${origin}//api/applications/${applicationId}/accept`,
    `${origin}/api/applications/${applicationId}/accept`,
  ];
  const attacker = await serveAttackerPage(`<!doctype html><html lang="en"><head><title>win a prize</title></head>
<body><h1>Congratulations</h1><script>
  Promise.allSettled(${JSON.stringify(targets)}.map((url) =>
    fetch(url, { method: 'POST', credentials: 'include', mode: 'no-cors' })))
    .then(() => { document.title = 'done'; });
</script></body></html>`);
  allowConsoleErrors(/Failed to load resource/);
  try {
    await page.goto(attacker.url);
    await expect(page).toHaveTitle('done');
  } finally {
    await attacker.close();
  }

  const detail = await context.request.get(`${origin}/api/campaigns/${campaignId}`);
  const body = (await detail.json()) as { applications: { status: string }[]; order: unknown };
  expect(body.applications.map((a) => a.status)).toEqual(['pending']);
  expect(body.order).toBeNull();
});
