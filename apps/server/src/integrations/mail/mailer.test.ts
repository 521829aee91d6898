import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { DAY, fakeClock, HOUR, SECOND } from '../../test/fake-clock.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';
import { createMailer, MAIL_DELIVER, SENT_MAIL_RETENTION_DAYS } from './mailer.ts';

type Received = { to: string; subject: string; text: string; messageId: string };

/** A real SMTP receiver (smtp-server + mailparser) on `port`, or any free port. */
async function startSmtp(port = 0) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
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
            messageId: mail.messageId ?? '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    inbox,
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const register = (t: TestApp, email: string) =>
  t.req({
    method: 'POST',
    url: '/api/auth/register',
    body: { role: 'client', email, password: 'secret-pass-1', name: 'Smtp', lastname: 'Person', acceptTerms: true },
  });

const outboxOf = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const clock = fakeClock(new Date());
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification mail through the outbox and a mail.deliver job', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(t, email)).statusCode).toBe(201);
    const [queued] = await outboxOf(t, email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });
    expect(smtp.inbox.find((m) => m.to === email)).toBeUndefined(); // nothing left inside the request

    const ran = await t.jobs.runDue();
    expect(ran.filter((r) => r.kind === MAIL_DELIVER).map((r) => r.outcome)).toEqual(['done']);
    await expect.poll(() => smtp.inbox.find((m) => m.to === email), { timeout: 5000 }).toBeDefined();
    const mail = smtp.inbox.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(mail.messageId).toBe(`<${queued!.id}@influence.mail>`);
    const [sent] = await outboxOf(t, email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);

    await t.jobs.runDue(); // a second run of the queue sends nothing twice
    expect(smtp.inbox.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('forgets sent mail after the retention, keeping what is not sent yet', async () => {
    const sent = uniqueEmail('sent');
    expect((await register(t, sent)).statusCode).toBe(201);
    await t.jobs.runDue();
    expect((await outboxOf(t, sent))[0]).toMatchObject({ status: 'sent' });

    clock.advance(SENT_MAIL_RETENTION_DAYS * DAY - HOUR);
    const waiting = uniqueEmail('waiting');
    expect((await register(t, waiting)).statusCode).toBe(201); // sent within the retention: kept
    clock.advance(2 * HOUR);
    await t.jobs.runDue();
    expect(await outboxOf(t, sent)).toHaveLength(0);
    expect(await outboxOf(t, waiting)).toHaveLength(1);
  });
});

describe('SMTP down, then back', () => {
  it('registers (201) while SMTP is unreachable, and the mail follows when it is back', async () => {
    const port = await freePort();
    const clock = fakeClock(new Date());
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { clock });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const email = uniqueEmail('down');
      const res = await register(t, email);
      expect(res.statusCode).toBe(201); // was 500, and the retry then got 409 EMAIL_TAKEN

      // Only the mail's runs: the minute-cron jobs (reconciliation and the like) fall due when the clock crosses a minute.
      const mailRuns = async () => (await t.jobs.runDue()).filter((r) => r.kind === MAIL_DELIVER);
      const [failed] = await mailRuns();
      expect(failed).toMatchObject({ kind: MAIL_DELIVER, outcome: 'retry' });
      expect(failed!.error).toMatch(/ECONNREFUSED/);
      const [row] = await outboxOf(t, email);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);

      smtp = await startSmtp(port);
      expect(await mailRuns()).toEqual([]); // not before its backoff
      clock.advance(10 * SECOND);
      expect((await mailRuns()).map((r) => [r.kind, r.outcome, r.attempt])).toEqual([[MAIL_DELIVER, 'done', 2]]);
      await expect.poll(() => smtp!.inbox.filter((m) => m.to === email).length, { timeout: 5000 }).toBe(1);
      expect((await outboxOf(t, email))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await t.close();
      await smtp?.close();
    }
  });
});

describe('the local mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists a mail at once, and still lists it once the job has marked it delivered', async () => {
    const email = uniqueEmail('local');
    expect((await register(t, email)).statusCode).toBe(201);
    const listed = async () =>
      (await t.req({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().items as { subject: string }[];
    expect((await listed()).map((m) => m.subject)).toEqual(['Confirm your email address']);

    const ran = (await t.jobs.runDue()).filter((r) => r.kind === MAIL_DELIVER);
    expect(ran.map((r) => r.outcome)).toEqual(['done']);
    expect((await outboxOf(t, email))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await listed()).map((m) => m.subject)).toEqual(['Confirm your email address']);
    const page = await t.req({ url: '/dev/mailbox' });
    expect(page.body).toContain(email);
  });

  it('writes the mail and its job in the caller transaction: both or neither', async () => {
    const mailer = createMailer({
      db: t.db,
      jobs: createJobRunner({ db: t.db, retentionDays: false }),
      smtpUrl: null,
      from: 'x@influence.local',
    });
    const kept = uniqueEmail('kept');
    const dropped = uniqueEmail('dropped');
    const deliveries = () => t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, MAIL_DELIVER));
    const before = (await deliveries()).length;
    await expect(
      t.db.transaction(async (tx) => {
        await mailer.send({ to: dropped, subject: 'Hold placed', text: 'x' }, { tx });
        throw new Error('the payment record failed');
      }),
    ).rejects.toThrow('the payment record failed');
    await t.db.transaction((tx) => mailer.send({ to: kept, subject: 'Hold placed', text: 'x' }, { tx }));

    expect(await outboxOf(t, dropped)).toHaveLength(0);
    const [row] = await outboxOf(t, kept);
    const after = await deliveries();
    expect(after).toHaveLength(before + 1); // the committed mail's job, not the rolled-back one's
    expect(after.map((d) => d.payload)).toContainEqual({ outboxId: row!.id });
  });
});
