// Issue 21 §6: the e-mail change mailed a link, with the sender's chosen name in it, to any address without limit,
// and resend-verification was limited per caller address only (ten addresses, ten times the mail). Both are now
// limited per recipient (together) and the change also per person.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { createTestApp, registerUser, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
});
afterAll(() => t.close());

const patchEmail = (cookie: string, email: string) =>
  t.req({
    method: 'PATCH',
    url: '/api/me/profile',
    cookie,
    body: { name: 'Test', lastname: 'Person', mobile: '', email },
  });
// From a new caller address each time: the per-address limit (3 a minute) is not what stops it.
const resend = (email: string, i: number) =>
  t.req({
    method: 'POST',
    url: '/api/auth/resend-verification',
    remoteAddress: `198.51.100.${i + 1}`,
    body: { email },
  });
const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

describe('mail to an address the caller chooses', () => {
  it('one person asks for at most 5 e-mail changes an hour', async () => {
    const u = await registerUser(t);
    const targets = Array.from({ length: 6 }, () => uniqueEmail('target'));
    const statuses = [];
    for (const to of targets) statuses.push((await patchEmail(u.cookie, to)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await patchEmail(u.cookie, uniqueEmail('target'));
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^You have asked to change your email too many times\. Please wait 60 minutes/),
    });
    expect(await mailsTo(targets[5]!)).toBe(0);
    expect(await mailsTo(targets[4]!)).toBe(1);
    // Keeping the address (no mail) is not counted against the person.
    expect((await patchEmail(u.cookie, u.email)).statusCode).toBe(200);
  });

  it('one inbox gets at most 5 such mails an hour, from any number of senders and resends together', async () => {
    const victim = uniqueEmail('victim');
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const statuses = [];
    for (const cookie of [a.cookie, a.cookie, b.cookie]) statuses.push((await patchEmail(cookie, victim)).statusCode);
    for (let i = 0; i < 2; i++) statuses.push((await resend(victim, i)).statusCode);
    statuses.push((await patchEmail(b.cookie, victim)).statusCode);
    statuses.push((await resend(victim, 9)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await mailsTo(victim)).toBe(3); // the resends found no account at that address: nothing sent
  });

  it('resend is limited per recipient whatever the caller address, and answers alike for unknown addresses', async () => {
    const u = await registerUser(t); // its sign-up mail is not counted
    const ghost = uniqueEmail('ghost');
    const mine = [];
    const theirs = [];
    for (let i = 0; i < 6; i++) {
      mine.push((await resend(u.email, i)).statusCode);
      theirs.push((await resend(ghost, i + 10)).statusCode);
    }
    expect(mine).toEqual([200, 200, 200, 200, 200, 429]);
    expect(theirs).toEqual(mine);
    const refused = await resend(u.email, 30);
    expect(refused.json().error.message).toMatch(/^Too many emails have been sent to this address\. Please wait/);
    expect(await mailsTo(u.email)).toBe(1 + 5);
  });
});
