import { createServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { jobs, mailOutbox } from '../../db/schema.ts';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { DAY, fakeClock, MINUTE, SECOND } from '../../test/fake-clock.ts';
import { openTestDatabase, uniqueEmail } from '../../test/harness.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createMailer, MAIL_DELIVER, type Mailer, messageIdOf } from './mailer.ts';
import { longestAttemptMs, RFC_5321_TIMEOUTS, type SmtpTimeouts } from './smtp-relay.ts';

// Issue 21 §3 and decision 028: a slow relay, a relay that never answers the body, a sender killed mid-send.

/** What the relay does once it has a message's body: answer 250 ('accept'), say nothing ('never'), or refuse. */
type Answer = 'accept' | 'never' | { refuse: number };
type Received = { messageId: string; subject: string; to: string };

/**
 * A real SMTP receiver. `received` lists every body that arrived, answered or not: a relay that took the body may
 * deliver it even when its answer never reaches us, so that is the count of copies a person could get.
 */
async function startRelay(
  answer: (nth: number) => Answer | Promise<Answer>,
  opts: { onRcpt?: () => Promise<void>; login?: { user: string; pass: string } } = {},
) {
  const received: Received[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    authOptional: !opts.login,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const ok = auth.username === opts.login?.user && auth.password === opts.login?.pass;
      if (ok) logins.push(`${auth.method} ${auth.username}`);
      callback(ok ? null : new Error('Invalid credentials'), ok ? { user: auth.username } : undefined);
    },
    onRcptTo(_address, _session, callback) {
      (opts.onRcpt?.() ?? Promise.resolve()).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          received.push({
            messageId: mail.messageId ?? '',
            subject: mail.subject ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
          });
          const a = await answer(received.length);
          if (a === 'accept') callback();
          else if (a !== 'never') callback(Object.assign(new Error('Not now'), { responseCode: a.refuse }));
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    logins,
    url: `smtp://${opts.login ? `${opts.login.user}:${encodeURIComponent(opts.login.pass)}@` : ''}127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Short waits for the tests that wait for silence; the 35-second relay uses the RFC's. */
const SHORT: SmtpTimeouts = {
  connectMs: 2 * SECOND,
  greetingMs: 2 * SECOND,
  replyMs: 3 * SECOND,
  beforeBodyMs: 20 * SECOND,
};
const RESEND_AFTER = 30 * MINUTE;

describe('mail delivery with a slow or silent relay (decision 028)', () => {
  let database: Database;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    // A test's unfinished jobs would be run by the next test's runner, against that test's relay.
    await database.db.delete(jobs).where(inArray(jobs.status, ['queued', 'running']));
  });
  afterAll(() => database.close());

  /** A runner and a mailer of their own on the shared database, with the test's clock. */
  function setUp(smtpUrl: string, o: { timeouts?: Partial<SmtpTimeouts>; workerId?: string } = {}) {
    const clock = fakeClock(new Date());
    const runner = createJobRunner({ db: database.db, clock, retentionDays: false, workerId: o.workerId });
    closers.push(() => runner.stop());
    const mailer = createMailer({
      db: database.db,
      jobs: runner,
      smtpUrl,
      from: 'Influence <no-reply@influence.local>',
      smtpTimeouts: o.timeouts,
      resendAfterMs: RESEND_AFTER,
    });
    const runs = async (r: JobRunner = runner) => (await r.runDue()).filter((x) => x.kind === MAIL_DELIVER);
    return { clock, runner, mailer, runs };
  }

  async function sendOne(mailer: Mailer, subject = 'Confirm your email address') {
    const to = uniqueEmail('relay');
    await mailer.send({ to, subject, text: 'https://example.test/verify?token=x' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return row!;
  }
  const rowOf = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const jobOf = async (outboxId: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.kind, MAIL_DELIVER))).filter(
      (j) => (j.payload as { outboxId: string }).outboxId === outboxId,
    );

  async function relay(answer: (nth: number) => Answer | Promise<Answer>, opts?: Parameters<typeof startRelay>[1]) {
    const r = await startRelay(answer, opts);
    closers.push(r.close);
    return r;
  }

  it('a relay that takes 35 s to answer the end of the body receives the mail once (RFC timeouts)', async () => {
    const r = await relay(async (): Promise<Answer> => {
      await delay(35 * SECOND);
      return 'accept';
    });
    const { runner, mailer, runs, clock } = setUp(r.url);
    const mail = await sendOne(mailer);

    const run = runs();
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    // While the relay holds its answer: the attempt is on record, and its lease outlives the longest wait.
    const during = await rowOf(mail.id);
    expect(during).toMatchObject({ status: 'sending', attempts: 1 });
    expect(during.bodyStartedAt).toBeInstanceOf(Date);
    const [job] = await jobOf(mail.id);
    expect(job!.lockedUntil!.getTime() - clock().getTime()).toBeGreaterThan(longestAttemptMs(RFC_5321_TIMEOUTS));

    expect((await run).map((x) => x.outcome)).toEqual(['done']);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1, uncertainAttempts: 0, lastError: null });
    expect((await rowOf(mail.id)).relayResponse).toMatch(/^250 /);

    clock.advance(DAY); // every retry a timeout would have scheduled is long due
    expect(await runs(runner)).toEqual([]);
    expect(r.received).toEqual([expect.objectContaining({ messageId: messageIdOf(mail.id) })]);
  }, 60_000);

  describe('the relay takes the body and never answers', () => {
    it('is maybe sent, sent once more after the delay with the same Message-ID, then never again', async () => {
      const r = await relay(() => 'never');
      const { clock, mailer, runs } = setUp(r.url, { timeouts: SHORT });
      const mail = await sendOne(mailer);

      expect((await runs()).map((x) => x.outcome)).toEqual(['done']); // not the backoff's retry in 10 s
      const first = await rowOf(mail.id);
      expect(first).toMatchObject({ status: 'maybe_sent', attempts: 1, uncertainAttempts: 1 });
      expect(first.lastError).toMatch(/did not answer/);
      expect(first.resendAt!.getTime()).toBe(clock().getTime() + RESEND_AFTER);
      expect(r.received).toHaveLength(1);

      clock.advance(RESEND_AFTER - SECOND);
      expect(await runs()).toEqual([]);
      clock.advance(SECOND);
      expect((await runs()).map((x) => x.outcome)).toEqual(['done']);
      expect(r.received.map((m) => m.messageId)).toEqual([messageIdOf(mail.id), messageIdOf(mail.id)]);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'unconfirmed', attempts: 2, uncertainAttempts: 2 });

      clock.advance(7 * DAY);
      expect(await runs()).toEqual([]);
      expect(r.received).toHaveLength(2);
    });

    it('is sent once more, and a relay that answers this time makes it sent', async () => {
      const r = await relay((nth) => (nth === 1 ? 'never' : 'accept'));
      const { clock, mailer, runs } = setUp(r.url, { timeouts: SHORT });
      const mail = await sendOne(mailer);
      await runs();
      expect(await rowOf(mail.id)).toMatchObject({ status: 'maybe_sent' });

      clock.advance(RESEND_AFTER);
      expect((await runs()).map((x) => x.outcome)).toEqual(['done']);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 2, uncertainAttempts: 1, resendAt: null });
      clock.advance(7 * DAY);
      expect(await runs()).toEqual([]);
      expect(r.received.map((m) => m.messageId)).toEqual([messageIdOf(mail.id), messageIdOf(mail.id)]);
    });
  });

  describe('a sender killed in the middle of a delivery', () => {
    const LEASE = longestAttemptMs(RFC_5321_TIMEOUTS) + 5 * MINUTE;

    /** What a process killed during the attempt leaves: the job held by a runner that is gone, the row `sending`. */
    async function killedDuring(outboxId: string, o: { bodyStarted: boolean; now: Date }) {
      await database.db
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: 1,
          attemptStartedAt: o.now,
          bodyStartedAt: o.bodyStarted ? o.now : null,
          sentAt: null,
          relayResponse: null,
        })
        .where(eq(mailOutbox.id, outboxId));
      const [job] = await jobOf(outboxId);
      await database.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: 1,
          lockedBy: 'killed-runner',
          lockedUntil: new Date(o.now.getTime() + LEASE),
          finishedAt: null,
        })
        .where(eq(jobs.id, job!.id));
    }

    it('after the relay accepted and before the outbox said so: maybe sent, not sent again at once', async () => {
      const r = await relay(() => 'accept');
      const { clock, mailer, runs } = setUp(r.url);
      const mail = await sendOne(mailer);
      await runs(); // the relay accepts it…
      expect(r.received).toHaveLength(1);
      await killedDuring(mail.id, { bodyStarted: true, now: clock() }); // …and the process dies before recording it

      expect(await runs()).toEqual([]); // the dead runner's lease still holds
      clock.advance(LEASE + SECOND);
      expect((await runs()).map((x) => [x.outcome, x.attempt])).toEqual([['done', 2]]);
      const found = await rowOf(mail.id);
      expect(found).toMatchObject({ status: 'maybe_sent', uncertainAttempts: 1 });
      expect(found.lastError).toMatch(/recorded no answer/);
      expect(r.received).toHaveLength(1); // not blindly resent

      clock.advance(RESEND_AFTER);
      await runs();
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent' });
      // At least once: the second copy carries the first one's Message-ID.
      expect(r.received.map((m) => m.messageId)).toEqual([messageIdOf(mail.id), messageIdOf(mail.id)]);
      clock.advance(7 * DAY);
      expect(await runs()).toEqual([]);
    });

    it('before the body left: sent as soon as the lease runs out, with no delay (the relay cannot have it)', async () => {
      const r = await relay(() => 'accept');
      const { clock, mailer, runs } = setUp(r.url);
      const mail = await sendOne(mailer);
      await killedDuring(mail.id, { bodyStarted: false, now: clock() });

      clock.advance(LEASE + SECOND);
      expect((await runs()).map((x) => x.outcome)).toEqual(['done']);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 2, uncertainAttempts: 0 });
      expect(r.received).toHaveLength(1);
    });

    it('a runner that overran its lease sends no body once another runner has taken the mail', async () => {
      let holdFirst: (() => void) | undefined;
      let firstHeld: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        firstHeld = resolve;
      });
      // The first conversation stalls at RCPT (its runner frozen, say) until the test lets it go.
      const r = await relay(() => 'accept', {
        onRcpt: () => {
          if (holdFirst) return Promise.resolve();
          return new Promise<void>((resolve) => {
            holdFirst = resolve;
            firstHeld();
          });
        },
      });
      const a = setUp(r.url, { workerId: 'runner-a' });
      const mail = await sendOne(a.mailer);
      const runA = a.runs();
      await held;

      const b = setUp(r.url, { workerId: 'runner-b' });
      b.clock.advance(LEASE + SECOND);
      expect((await b.runs()).map((x) => [x.outcome, x.attempt])).toEqual([['done', 2]]);
      expect(r.received).toHaveLength(1);

      holdFirst!();
      expect((await runA).map((x) => x.outcome)).toEqual(['lost']); // its lease was taken; its body never left
      expect(r.received).toHaveLength(1);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
    });
  });

  describe('failures before the relay has the mail keep the usual retries', () => {
    it('a relay that refuses the connection: retried with backoff, not held as maybe sent', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as { port: number }).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const { clock, mailer, runs } = setUp(`smtp://127.0.0.1:${port}`, { timeouts: SHORT });
      const mail = await sendOne(mailer);

      const [first] = await runs();
      expect(first).toMatchObject({ outcome: 'retry', attempt: 1 });
      expect(first!.error).toMatch(/ECONNREFUSED/);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'queued', attempts: 1, uncertainAttempts: 0 });
      clock.advance(10 * SECOND); // the backoff's first step, not the half hour of a maybe-sent mail
      expect((await runs()).map((x) => [x.outcome, x.attempt])).toEqual([['retry', 2]]);
    });

    it('a relay that never greets: a timeout before the body, retried with backoff', async () => {
      const sockets = new Set<Socket>();
      const mute = createServer((socket) => sockets.add(socket)); // accepts and says nothing
      await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
      closers.push(
        () =>
          new Promise<void>((resolve) => {
            mute.close(() => resolve());
            for (const socket of sockets) socket.destroy();
          }),
      );
      const { port } = mute.address() as { port: number };
      const { mailer, runs } = setUp(`smtp://127.0.0.1:${port}`, { timeouts: { ...SHORT, greetingMs: 300 } });
      const mail = await sendOne(mailer);

      expect((await runs()).map((x) => x.outcome)).toEqual(['retry']);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'queued', uncertainAttempts: 0, bodyStartedAt: null });
    });

    it('a relay that answers the body with a refusal: it does not have the mail, retried with backoff', async () => {
      const r = await relay(() => ({ refuse: 451 }));
      const { mailer, runs } = setUp(r.url, { timeouts: SHORT });
      const mail = await sendOne(mailer);

      const [first] = await runs();
      expect(first).toMatchObject({ outcome: 'retry' });
      expect(first!.error).toMatch(/451/);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'queued', uncertainAttempts: 0 });
    });
  });

  it("logs in with SMTP_URL's credentials (and the method it names)", async () => {
    const r = await relay(() => 'accept', { login: { user: 'mailer', pass: 'p@ss:word' } });
    const { mailer, runs } = setUp(`${r.url}?authMethod=LOGIN`, { timeouts: SHORT });
    const mail = await sendOne(mailer);
    expect((await runs()).map((x) => x.outcome)).toEqual(['done']);
    expect(r.logins).toEqual(['LOGIN mailer']);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent' });
  });

  it('every change an attempt makes needs its fence: a superseded attempt changes nothing', async () => {
    const r = await relay(() => 'accept');
    const { mailer, clock } = setUp(r.url);
    const mail = await sendOne(mailer);
    const outbox = createMailOutboxRepository(database.db);
    const first = await outbox.claim(await rowOf(mail.id), clock());
    const second = await outbox.claim(await rowOf(mail.id), clock()); // a takeover: the body never started
    expect([first, second]).toEqual([1, 2]);
    expect(await outbox.startBody(mail.id, first!, clock())).toBe(false);
    await outbox.markNotSent(mail.id, first!, 'late', false);
    expect(await outbox.markMaybeSent(database.db, mail.id, first!, 'late', clock())).toBeNull();
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sending', attempts: 2, lastError: null });
    expect(await outbox.startBody(mail.id, second!, clock())).toBe(true);
    expect(await outbox.claim(await rowOf(mail.id), clock())).toBeNull(); // its body started: not taken again
  });
});
