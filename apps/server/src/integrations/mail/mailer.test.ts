import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

type Received = { to: string; subject: string; text: string };
const inbox: Received[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('delivers the verification mail over real SMTP when SMTP_URL is set', async () => {
  const email = uniqueEmail('smtp');
  const res = await t.req({
    method: 'POST',
    url: '/api/auth/register',
    body: { role: 'client', email, password: 'secret-pass-1', name: 'Smtp', lastname: 'Person', acceptTerms: true },
  });
  expect(res.statusCode).toBe(201);
  await expect.poll(() => inbox.find((m) => m.to === email), { timeout: 5000 }).toBeDefined();
  const mail = inbox.find((m) => m.to === email)!;
  expect(mail.subject).toBe('Confirm your email address');
  expect(mail.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
});
