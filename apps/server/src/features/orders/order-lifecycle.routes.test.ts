// Issue 10 §1-3: the work lifecycle through HTTP on the real database, the money through the bank emulator.
import { WORK_MESSAGES } from '@app/shared/orders/order.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignApplications, campaigns, ledgerEntries, mailOutbox, orders, payments } from '../../db/schema.ts';
import { payOnPage } from '../../emulators/bog/emulator-testing.ts';
import { DAY, fakeClock, HOUR, MINUTE } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';

const VISA = '4111111111111111';
/** Succeeds, then the bank refuses to confirm (capture) its hold. */
const REFUSED_LATER = '4000000000000341';

const clock = fakeClock('2026-11-24T08:00:00Z');
let t: TestApp;
type Person = { cookie: string; userId: string; email: string };
let client: Person;
let otherClient: Person;
let influencer: Person;
let otherInfluencer: Person;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = await registerUser(t, 'client');
  otherClient = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
  otherInfluencer = await registerUser(t, 'influencer');
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.bank.emulator.controls.callbacks.set({ dropNext: 0, duplicateNext: 0, failNext: 0, reorderNext: 0, delayMs: 0 });
});

const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const act = (orderId: string, what: string, cookie: string, body?: unknown) =>
  post(`/api/orders/${orderId}/${what}`, cookie, body);
const detail = (campaignId: string, cookie: string) => t.req({ url: `/api/campaigns/${campaignId}`, cookie });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const campaignStatus = async (id: string) =>
  (await t.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.s;
const ledger = async (orderId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)))
    .map((e) => `${e.kind}:${e.amountMinor}`)
    .sort();
const mailsTo = async (to: string, subject: string | RegExp) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
    typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
  );
const proof = { proofUrl: 'https://instagram.com/p/reel-123', completionNotes: 'Posted at 19:00, 2 stories too' };

/** Hire and pay (a hold on the card): the order is paid, work not started. */
async function paidOrder(o: { budget?: number; card?: string; who?: Person; by?: Person } = {}) {
  const who = o.who ?? client;
  const by = o.by ?? influencer;
  const created = await post('/api/campaigns', who.cookie, {
    socials: ['instagram'],
    title: `Lookbook ${Math.random().toString(36).slice(2, 6)}`,
    description: 'A carousel',
    budget: o.budget ?? 200,
    deadline: null,
  });
  const campaignId = created.json().id as string;
  const applied = await post(`/api/campaigns/${campaignId}/applications`, by.cookie);
  const accepted = await post(`/api/applications/${applied.json().application.id}/accept`, who.cookie);
  const orderId = accepted.json().order.id as string;
  const started = await post(`/api/orders/${orderId}/payments`, who.cookie, {
    amountMinor: (o.budget ?? 200) * 100,
    lang: 'en',
  });
  await payOnPage(t.bank.url, started.json().redirectUrl, { number: o.card ?? VISA });
  await t.bank.emulator.controls.callbacks.settled();
  expect((await orderRow(orderId)).status).toBe('paid');
  return { campaignId, orderId, holdId: started.json().id as string };
}

async function submitted(o: Parameters<typeof paidOrder>[0] = {}) {
  const order = await paidOrder(o);
  expect((await act(order.orderId, 'start-work', (o.by ?? influencer).cookie)).statusCode).toBe(200);
  expect((await act(order.orderId, 'submit-work', (o.by ?? influencer).cookie, proof)).statusCode).toBe(200);
  return order;
}

describe('the whole way: start, submit, reject with feedback, resubmit, approve (capture), rate', () => {
  it('reads the same stage for both parties on the campaign and on Orders at every step', async () => {
    const { campaignId, orderId, holdId } = await paidOrder({ budget: 300 });
    const stages = async () => {
      const asClient = (await detail(campaignId, client.cookie)).json();
      const asInfluencer = (await detail(campaignId, influencer.cookie)).json();
      const onOrders = (await t.req({ url: '/api/orders?limit=50', cookie: influencer.cookie }))
        .json()
        .items.find((i: { id: string }) => i.id === orderId);
      expect(asInfluencer.order.stage).toBe(asClient.order.stage);
      expect(onOrders.stage).toBe(asClient.order.stage);
      expect(asClient.displayStatus).toBe(asClient.order.stage);
      expect(asInfluencer.displayStatus).toBe(asClient.order.stage);
      // …and the chat's header, for both.
      for (const cookie of [client.cookie, influencer.cookie]) {
        const chat = (await t.req({ url: `/api/chats/${asClient.order.chatId}/messages?limit=1`, cookie })).json().chat;
        expect(chat.stage).toBe(asClient.order.stage);
      }
      return { stage: asClient.order.stage, client: asClient.order.actions, influencer: asInfluencer.order.actions };
    };
    expect(await stages()).toEqual({ stage: 'ready_to_start', client: ['cancel'], influencer: ['startWork'] });

    expect((await act(orderId, 'start-work', influencer.cookie)).statusCode).toBe(200);
    // Once work started, either party may open a dispute or propose to cancel (issue 23) until the work is approved.
    expect(await stages()).toEqual({
      stage: 'in_progress',
      client: ['openDispute', 'proposeCancel'],
      influencer: ['submitWork', 'openDispute', 'proposeCancel'],
    });
    expect(await mailsTo(client.email, /^Work has started on/)).toHaveLength(1);
    expect(await campaignStatus(campaignId)).toBe('in_progress');

    expect((await act(orderId, 'submit-work', influencer.cookie, proof)).statusCode).toBe(200);
    expect(await stages()).toEqual({
      stage: 'in_review',
      client: ['approve', 'rejectWork', 'openDispute', 'proposeCancel'],
      influencer: ['openDispute', 'proposeCancel'],
    });
    expect(await campaignStatus(campaignId)).toBe('completed');
    const review = (await detail(campaignId, client.cookie)).json().order;
    expect(review).toMatchObject({ proofUrl: proof.proofUrl, completionNotes: proof.completionNotes });
    expect(Date.parse(review.reviewDeadlineAt) - clock().getTime()).toBe(3 * DAY);

    const feedback = 'Please tag the store in the first slide';
    expect((await act(orderId, 'reject-work', client.cookie, { feedback })).statusCode).toBe(200);
    expect(await stages()).toEqual({
      stage: 'changes_requested',
      client: ['openDispute', 'proposeCancel'],
      influencer: ['submitWork', 'openDispute', 'proposeCancel'],
    });
    expect((await detail(campaignId, influencer.cookie)).json().order.approvalFeedback).toBe(feedback);
    expect((await mailsTo(influencer.email, /^Changes requested for/))[0]!.text).toContain(feedback);
    expect(await ledger(orderId)).toEqual(['hold:30000']); // nothing captured by a rejection

    expect((await act(orderId, 'submit-work', influencer.cookie, proof)).statusCode).toBe(200);
    expect((await act(orderId, 'approve', client.cookie)).statusCode).toBe(200);
    expect(await stages()).toEqual({ stage: 'approved', client: ['rate'], influencer: ['rate'] });
    expect(await campaignStatus(campaignId)).toBe('done');
    expect(await ledger(orderId)).toEqual(['capture:30000', 'hold:30000']);
    expect((await t.db.select().from(payments).where(eq(payments.id, holdId)))[0]!.status).toBe('captured');
    expect(await mailsTo(influencer.email, /^Your work for .* is approved$/)).toHaveLength(1);

    // Each rates the other once; the influencer's profile and the client's rating follow.
    expect((await act(orderId, 'rating', client.cookie, { rating: 4, comment: '  Great reel  ' })).json()).toEqual({
      rating: 4,
      comment: 'Great reel',
    });
    const twice = await act(orderId, 'rating', client.cookie, { rating: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_RATED');
    expect((await act(orderId, 'rating', influencer.cookie, { rating: 5, comment: '   ' })).json()).toEqual({
      rating: 5,
      comment: null,
    });
    expect(await stages()).toEqual({ stage: 'approved', client: [], influencer: [] });
    const me = (await t.req({ url: '/api/me', cookie: influencer.cookie })).json().user;
    const profile = (await t.req({ url: `/api/influencers/${me.profileId}`, cookie: client.cookie })).json();
    expect(profile.rating).toMatchObject({ count: 1, average: 4 });
    expect((await detail(campaignId, influencer.cookie)).json().clientRating).toEqual({ average: 5, count: 1 });
  });
});

describe('who may do what, and from which state', () => {
  it('refuses the wrong account for every transition, and changes nothing', async () => {
    const { orderId } = await paidOrder();
    expect((await act(orderId, 'start-work', otherInfluencer.cookie)).statusCode).toBe(404);
    expect((await act(orderId, 'start-work', client.cookie)).statusCode).toBe(403);
    expect((await act(orderId, 'start-work', admin)).statusCode).toBe(403);
    expect((await act(orderId, 'start-work', '')).statusCode).toBe(401);
    expect((await act(orderId, 'start-work', influencer.cookie)).statusCode).toBe(200);
    expect((await act(orderId, 'submit-work', otherInfluencer.cookie, proof)).statusCode).toBe(404);
    expect((await act(orderId, 'submit-work', client.cookie, proof)).statusCode).toBe(403);
    expect((await act(orderId, 'submit-work', influencer.cookie, proof)).statusCode).toBe(200);
    expect((await act(orderId, 'approve', otherClient.cookie)).statusCode).toBe(404);
    expect((await act(orderId, 'approve', influencer.cookie)).statusCode).toBe(403);
    expect((await act(orderId, 'reject-work', otherClient.cookie, { feedback: 'x' })).statusCode).toBe(404);
    expect((await act(orderId, 'cancel', otherClient.cookie)).statusCode).toBe(404);
    expect((await act(orderId, 'rating', otherClient.cookie, { rating: 3 })).statusCode).toBe(404);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ workStatus: 'completed', approvalStatus: 'pending' });
  });

  it('refuses every transition from a state it does not start from, with the spec’s words', async () => {
    const { orderId } = await paidOrder();
    const refused = async (what: string, cookie: string, body?: unknown) => {
      const res = await act(orderId, what, cookie, body);
      expect(res.statusCode, what).toBe(409);
      expect(res.json().error.message).toBe(WORK_MESSAGES.notUpdated);
    };
    await refused('submit-work', influencer.cookie, proof); // not started
    await refused('approve', client.cookie); // nothing delivered
    await refused('reject-work', client.cookie, { feedback: 'x' });
    expect((await act(orderId, 'start-work', influencer.cookie)).statusCode).toBe(200);
    await refused('start-work', influencer.cookie); // twice
    await refused('cancel', client.cookie); // work started: a dispute for an admin now
    const rate = await act(orderId, 'rating', client.cookie, { rating: 3 });
    expect(rate.statusCode).toBe(409);
    expect(rate.json().error.code).toBe('ORDER_NOT_APPROVED');
  });

  it('an unpaid order cannot be started', async () => {
    const created = await post('/api/campaigns', client.cookie, {
      socials: ['tiktok'],
      title: 'Unpaid',
      description: 'x',
      budget: 10,
      deadline: null,
    });
    const applied = await post(`/api/campaigns/${created.json().id}/applications`, influencer.cookie);
    const accepted = await post(`/api/applications/${applied.json().application.id}/accept`, client.cookie);
    const res = await act(accepted.json().order.id, 'start-work', influencer.cookie);
    expect(res.statusCode).toBe(409);
  });

  it('refuses bad proof, empty feedback and impossible ratings with their messages', async () => {
    const { orderId } = await paidOrder();
    await act(orderId, 'start-work', influencer.cookie);
    for (const proofUrl of ['', '   ', 'not a link', 'javascript:alert(1)', 'ftp://x.example/a']) {
      const res = await act(orderId, 'submit-work', influencer.cookie, { proofUrl });
      expect(res.statusCode, proofUrl).toBe(400);
      expect(res.json().error.details.fieldErrors.proofUrl[0]).toMatch(/link/);
    }
    expect((await act(orderId, 'submit-work', influencer.cookie, proof)).statusCode).toBe(200);
    const empty = await act(orderId, 'reject-work', client.cookie, { feedback: '   ' });
    expect(empty.json().error.details.fieldErrors.feedback).toEqual([WORK_MESSAGES.feedbackRequired]);
    expect((await act(orderId, 'approve', client.cookie)).statusCode).toBe(200);
    for (const rating of [0, 6, 2.5, '5']) {
      const res = await act(orderId, 'rating', client.cookie, { rating });
      expect(res.statusCode, String(rating)).toBe(400);
    }
  });
});

describe('approval captures the hold first', () => {
  it('concurrent approvals (two tabs, a replay) capture once', async () => {
    const { orderId, holdId } = await submitted();
    const results = await Promise.all([1, 2, 3].map(() => act(orderId, 'approve', client.cookie)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const captures = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.parentPaymentId, holdId), eq(payments.kind, 'capture')));
    expect(captures.map((c) => c.status)).toEqual(['succeeded']);
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
  });

  it('a capture the bank refuses blocks the approval with the spec’s message and changes nothing', async () => {
    const { orderId, campaignId } = await submitted({ card: REFUSED_LATER });
    const res = await act(orderId, 'approve', client.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'PAYMENT_CONFIRMATION_FAILED',
      message: WORK_MESSAGES.captureFailed,
    });
    expect(await orderRow(orderId)).toMatchObject({
      workStatus: 'completed',
      approvalStatus: 'pending',
      captureStartedAt: null,
    });
    expect(await campaignStatus(campaignId)).toBe('completed');
    expect(await ledger(orderId)).toEqual(['hold:20000']);
    // Nothing is stuck: the client may still send the work back.
    expect((await act(orderId, 'reject-work', client.cookie, { feedback: 'Redo' })).statusCode).toBe(200);
  });

  it('the bank unreachable: the same message, and nothing changes', async () => {
    const { orderId } = await submitted();
    t.bank.emulator.controls.failNext('approve', { kind: 'status', status: 503 }, 3);
    const res = await act(orderId, 'approve', client.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(WORK_MESSAGES.captureFailed);
    expect((await orderRow(orderId)).approvalStatus).toBe('pending');
  });

  it('approve and reject at once: one of them, never a capture with the work sent back', async () => {
    const { orderId } = await submitted();
    const [a, r] = await Promise.all([
      act(orderId, 'approve', client.cookie),
      act(orderId, 'reject-work', client.cookie, { feedback: 'x' }),
    ]);
    expect([a.statusCode, r.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const row = await orderRow(orderId);
    const captured = (await ledger(orderId)).some((e) => e.startsWith('capture:'));
    expect(captured).toBe(row.approvalStatus === 'approved');
    if (!captured) expect(row).toMatchObject({ workStatus: 'in_progress', approvalStatus: 'rejected' });
  });
});

describe('the review window', () => {
  it('reminds both a day before, then approves automatically and captures', async () => {
    const { orderId, campaignId } = await submitted();
    clock.advance(2 * DAY + HOUR);
    await t.jobs.runDue();
    expect(await mailsTo(client.email, /^Review ".*" by tomorrow$/)).not.toHaveLength(0);
    expect(await mailsTo(influencer.email, /is approved automatically tomorrow$/)).not.toHaveLength(0);
    expect((await orderRow(orderId)).approvalStatus).toBe('pending');
    clock.advance(DAY);
    await t.jobs.runDue();
    expect((await orderRow(orderId)).approvalStatus).toBe('approved');
    expect(await campaignStatus(campaignId)).toBe('done');
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
    expect(await mailsTo(client.email, /was approved automatically$/)).not.toHaveLength(0);
  });

  it('a rejection inside the window stops the automatic approval of that submission', async () => {
    const { orderId } = await submitted();
    expect((await act(orderId, 'reject-work', client.cookie, { feedback: 'More light' })).statusCode).toBe(200);
    clock.advance(4 * DAY);
    await t.jobs.runDue();
    expect(await orderRow(orderId)).toMatchObject({ workStatus: 'in_progress', approvalStatus: 'rejected' });
    expect(await ledger(orderId)).toEqual(['hold:20000']);
  });
});

describe('holds the bank would release (30 days)', () => {
  it('asks the client to renew two days before; a renewed hold replaces the old one, which is released', async () => {
    const { orderId, holdId } = await paidOrder();
    await act(orderId, 'start-work', influencer.cookie);
    clock.advance(28 * DAY + 2 * HOUR);
    await t.jobs.runDue();
    expect(await mailsTo(client.email, /^Please renew the payment hold for/)).not.toHaveLength(0);
    const amountMinor = (await orderRow(orderId)).amountMinor;
    const changed = await post(`/api/orders/${orderId}/payments`, client.cookie, { amountMinor: amountMinor + 100 });
    expect(changed.statusCode).toBe(400);
    const renewal = await post(`/api/orders/${orderId}/payments`, client.cookie, { amountMinor });
    expect(renewal.statusCode).toBe(201);
    await payOnPage(t.bank.url, renewal.json().redirectUrl, { number: VISA });
    await t.bank.emulator.controls.callbacks.settled();
    await t.jobs.runDue();
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'paid', transactionId: renewal.json().id, workStatus: 'in_progress' });
    expect((await t.db.select().from(payments).where(eq(payments.id, holdId)))[0]!.status).toBe('released');
  });

  it('without a renewal the lapse makes the order unpaid again and tells both; it never passes silently', async () => {
    const { orderId } = await paidOrder();
    await act(orderId, 'start-work', influencer.cookie);
    clock.advance(31 * DAY);
    t.bank.emulator.controls.callbacks.set({ dropNext: 5 }); // even with the bank's callback lost
    t.bank.emulator.controls.advanceClock(0);
    await t.jobs.runDue();
    await t.bank.emulator.controls.callbacks.settled();
    expect(await orderRow(orderId)).toMatchObject({ status: 'unpaid', transactionId: null, workStatus: 'in_progress' });
    expect(await mailsTo(client.email, /needs paying again$/)).not.toHaveLength(0);
    expect(await mailsTo(influencer.email, /^The payment for .* is on hold$/)).not.toHaveLength(0);
    expect(await ledger(orderId)).toEqual(['hold:20000', 'release:20000']);
  });
});

describe('cancellation', () => {
  it('before payment: the campaign reopens, the declined applicants can be hired again', async () => {
    const created = await post('/api/campaigns', client.cookie, {
      socials: ['youtube'],
      title: 'Rehire',
      description: 'x',
      budget: 50,
      deadline: null,
    });
    const campaignId = created.json().id as string;
    const a1 = (await post(`/api/campaigns/${campaignId}/applications`, influencer.cookie)).json().application.id;
    const a2 = (await post(`/api/campaigns/${campaignId}/applications`, otherInfluencer.cookie)).json().application.id;
    const hired = await post(`/api/applications/${a1}/accept`, client.cookie);
    const orderId = hired.json().order.id as string;
    expect((await act(orderId, 'cancel', client.cookie)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'canceled' });
    expect(await campaignStatus(campaignId)).toBe('open');
    const apps = await t.db.select().from(campaignApplications).where(eq(campaignApplications.campaignId, campaignId));
    expect(Object.fromEntries(apps.map((a) => [a.id, a.status]))).toEqual({ [a1]: 'rejected', [a2]: 'pending' });
    expect(await mailsTo(influencer.email, 'Rehire'.length ? /^"Rehire" was cancelled$/ : '')).toHaveLength(1);
    const rehire = await post(`/api/applications/${a2}/accept`, client.cookie);
    expect(rehire.statusCode).toBe(200);
    expect(rehire.json().order.id).not.toBe(orderId);
  });

  it('after payment, before work: the hold goes back to the card', async () => {
    const { orderId, holdId, campaignId } = await paidOrder();
    expect((await act(orderId, 'cancel', client.cookie)).statusCode).toBe(200);
    await t.jobs.runDue();
    expect((await t.db.select().from(payments).where(eq(payments.id, holdId)))[0]!.status).toBe('released');
    expect(await ledger(orderId)).toEqual(['hold:20000', 'release:20000']);
    expect(await campaignStatus(campaignId)).toBe('open');
    expect((await act(orderId, 'cancel', client.cookie)).statusCode).toBe(409);
  });
});

describe('disputes: an admin refunds', () => {
  it('all of a hold still on the card (work in progress): released, the order refunded', async () => {
    const { orderId, campaignId } = await paidOrder();
    await act(orderId, 'start-work', influencer.cookie);
    expect((await post(`/api/admin/orders/${orderId}/refund`, client.cookie, { reason: 'x' })).statusCode).toBe(403);
    const res = await post(`/api/admin/orders/${orderId}/refund`, admin, {
      reason: 'The influencer stopped answering',
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await campaignStatus(campaignId)).toBe('canceled');
    expect(await ledger(orderId)).toEqual(['hold:20000', 'release:20000']);
  });

  it('part of captured money through the bank’s refund, and not more than was paid', async () => {
    const { orderId } = await submitted();
    expect((await act(orderId, 'approve', client.cookie)).statusCode).toBe(200);
    const tooMuch = await post(`/api/admin/orders/${orderId}/refund`, admin, { amountMinor: 20_001, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    const res = await post(`/api/admin/orders/${orderId}/refund`, admin, {
      amountMinor: 6_000,
      reason: 'Two slides missing',
    });
    expect(res.statusCode).toBe(200);
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000', 'refund:6000']);
    expect((await orderRow(orderId)).status).toBe('refunded');
    const money = (await t.req({ url: `/api/admin/orders/${orderId}/money`, cookie: admin })).json();
    expect(money).toMatchObject({ heldMinor: 20_000, capturedMinor: 20_000, refundedMinor: 6_000, stillHeldMinor: 0 });
  });
});

it('the ledger and the bank agree after a capture, a release and a partial refund of its own', async () => {
  // Its own money paths (not the tests above: run alone it proves the same), then the reconciliation report.
  const captured = await submitted();
  expect((await act(captured.orderId, 'approve', client.cookie)).statusCode).toBe(200);
  const released = await paidOrder();
  expect((await act(released.orderId, 'cancel', client.cookie)).statusCode).toBe(200);
  const partly = await submitted();
  expect((await act(partly.orderId, 'approve', client.cookie)).statusCode).toBe(200);
  expect(
    (await post(`/api/admin/orders/${partly.orderId}/refund`, admin, { amountMinor: 5_000, reason: 'Late' }))
      .statusCode,
  ).toBe(200);
  clock.advance(10 * MINUTE);
  await t.jobs.runDue();
  expect(await ledger(captured.orderId)).toEqual(['capture:20000', 'hold:20000']);
  expect(await ledger(released.orderId)).toEqual(['hold:20000', 'release:20000']);
  const report = (await t.req({ url: '/api/admin/payments/reconciliation?limit=1000', cookie: admin })).json();
  expect(report.differences).toEqual([]);
});
