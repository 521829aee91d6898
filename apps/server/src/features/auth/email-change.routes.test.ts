import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { createTestApp, ORIGIN, registerUser, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verifyLinkOf = (text: string) => /(http\S+verify-email\S+)/.exec(text)![1]!.replace(ORIGIN, '');
const undoLinkOf = (text: string) => /(http\S+email-change\/undo\S+)/.exec(text)![1]!.replace(ORIGIN, '');

async function lastMail(to: string, subject: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

async function askToChange(u: { cookie: string }, next: string) {
  const res = await t.req({
    method: 'PATCH',
    url: '/api/me/profile',
    cookie: u.cookie,
    body: { name: 'Nino', lastname: 'Beridze', mobile: '', email: next },
  });
  expect(res.json()).toMatchObject({ emailChangePending: true });
}

const pendingOf = async (cookie: string) => (await t.req({ url: '/api/me/email-change', cookie })).json();
const NOTICE = 'A change of your email address was requested';
const CONFIRM = 'Confirm your new email address';

describe('a pending e-mail change (issue 27)', () => {
  it('is shown until its link is opened, and the old address is told with a way to undo it', async () => {
    const u = await registerUser(t);
    expect(await pendingOf(u.cookie)).toEqual({ pendingEmail: null, requestedAt: null });
    const next = uniqueEmail('new');
    await askToChange(u, next);
    expect(await pendingOf(u.cookie)).toEqual({ pendingEmail: next, requestedAt: expect.any(String) });

    const notice = await lastMail(u.email, NOTICE);
    expect(notice!.text).toContain(next);
    expect(notice!.text).toContain('support@influence.ge');
    expect(notice!.html).toContain('Cancel the change');

    const opened = await t.req({ url: verifyLinkOf((await lastMail(next, CONFIRM))!.text), origin: null });
    expect(opened.headers.location).toBe('/auth#verified=email_change');
    expect(await pendingOf(u.cookie)).toEqual({ pendingEmail: null, requestedAt: null });

    // Undo after it happened: nothing to cancel, support is the way back (told in the app when signed in there).
    const late = await t.req({ url: undoLinkOf(notice!.text), origin: null });
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toMatch(/^\/auth#error=access_denied&error_code=email_already_changed/);
    const lateSignedIn = await t.req({ url: undoLinkOf(notice!.text), cookie: u.cookie, origin: null });
    expect(lateSignedIn.headers.location).toMatch(/^\/#error=access_denied&error_code=email_already_changed/);
    expect(decodeURIComponent(late.headers.location as string)).toContain('support@influence.ge');
  });

  it('the old address’s undo link cancels it: the new address’s link then changes nothing', async () => {
    const u = await registerUser(t);
    const next = uniqueEmail('taken-over');
    await askToChange(u, next);
    const notice = await lastMail(u.email, NOTICE);

    // Opened where its owner is signed in: the answer is shown in the app.
    const undone = await t.req({ url: undoLinkOf(notice!.text), cookie: u.cookie, origin: null });
    expect(undone.statusCode).toBe(302);
    expect(undone.headers.location).toBe('/#email_change=cancelled');
    // Opened again, signed out: still nothing pending, said on the sign-in page.
    const again = await t.req({ url: undoLinkOf(notice!.text), origin: null });
    expect(again.headers.location).toBe('/auth#email_change=cancelled');
    expect(undone.headers['set-cookie']).toBeUndefined();
    expect(await pendingOf(u.cookie)).toEqual({ pendingEmail: null, requestedAt: null });

    const opened = await t.req({ url: verifyLinkOf((await lastMail(next, CONFIRM))!.text), origin: null });
    expect(opened.headers.location).toMatch(/error_code=change_cancelled/);
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.email).toBe(u.email);
  });

  it('Resend sends the link again; Cancel takes it back; a forged or foreign undo link does nothing', async () => {
    const u = await registerUser(t);
    expect((await t.req({ method: 'POST', url: '/api/me/email-change/resend', cookie: u.cookie })).statusCode).toBe(
      409,
    );
    const next = uniqueEmail('again');
    await askToChange(u, next);
    const before = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, next));
    const resent = await t.req({ method: 'POST', url: '/api/me/email-change/resend', cookie: u.cookie });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ pendingEmail: next });
    const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, next));
    expect(after.length).toBe(before.length + 1);

    const canceled = await t.req({ method: 'DELETE', url: '/api/me/email-change', cookie: u.cookie });
    expect(canceled.json()).toEqual({ pendingEmail: null, requestedAt: null });
    const opened = await t.req({ url: verifyLinkOf((await lastMail(next, CONFIRM))!.text), origin: null });
    expect(opened.headers.location).toMatch(/error_code=change_cancelled/);
    expect((await t.req({ url: '/api/me', cookie: u.cookie })).json().user.email).toBe(u.email);

    const forged = await t.req({ url: '/api/auth/email-change/undo?token=not-a-token', origin: null });
    expect(forged.headers.location).toMatch(/error_code=undo_invalid/);
    // A change-email link is not an undo link (a different purpose, though signed with the same secret).
    const verifyToken = new URL(verifyLinkOf((await lastMail(next, CONFIRM))!.text), ORIGIN).searchParams.get('token');
    const wrong = await t.req({ url: `/api/auth/email-change/undo?token=${verifyToken}`, origin: null });
    expect(wrong.headers.location).toMatch(/error_code=undo_invalid/);

    expect((await t.req({ url: '/api/me/email-change' })).statusCode).toBe(401);
    expect((await t.req({ method: 'DELETE', url: '/api/me/email-change' })).statusCode).toBe(401);
  });
});
