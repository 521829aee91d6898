// Issue 23 §2: cancellation by agreement after work started and cancellation after the deadline, through HTTP on the
// real database, the money through the bank emulator. The machine walk covers every state × caller of the table; here
// the rules beyond it (who proposed, one open proposal, the amount, the deadline), the money of each ending (ledger,
// the bank's books, reconciliation), the chat, the mail, the notification centre, the reminder job and a race.
import { BUSINESS_TIME_ZONE, businessToday, wallClock } from '@app/shared/common/dates';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaigns,
  cancelProposals,
  chats,
  ledgerEntries,
  mailOutbox,
  messages,
  notifications,
  orders,
  orderTransitions,
  payments,
  users,
} from '../../db/schema.ts';
import { DAY, fakeClock, HOUR, MINUTE } from '../../test/fake-clock.ts';
import { admin as adminOf, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow, PROOF } from '../../test/order-flow.ts';

// The campaigns feature reads the real date (a deadline cannot be in the past): the test's clock starts there.
const clock = fakeClock(new Date());
let t: TestApp;
let client: Person;
let influencer: Person;
let stranger: Person;
let admin: Awaited<ReturnType<typeof adminOf>>;
let flow: ReturnType<typeof orderFlow>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  [client, influencer, stranger] = await Promise.all([
    person(t, 'client'),
    person(t, 'influencer'),
    person(t, 'influencer'),
  ]);
  admin = await adminOf(t);
  flow = orderFlow(t);
}, 60_000);
afterAll(() => t.close());

const post = (url: string, who: { cookie: string }, body?: unknown) =>
  t.req({ method: 'POST', url, cookie: who.cookie, body });
const propose = (orderId: string, who: { cookie: string }, influencerAmountMinor: unknown) =>
  post(`/api/orders/${orderId}/propose-cancel`, who, { influencerAmountMinor });
const answer = (orderId: string, who: { cookie: string }, how: 'accept' | 'decline' | 'withdraw') =>
  post(`/api/orders/${orderId}/${how}-cancel`, who);
const proposalsOf = async (orderId: string, who: { cookie: string }) =>
  (await t.req({ url: `/api/orders/${orderId}/cancel-proposals`, cookie: who.cookie })).json().items;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ledger = async (orderId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)))
    .map((e) => `${e.kind}:${e.amountMinor}`)
    .sort();
const history = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, orderId))
      .orderBy(asc(orderTransitions.createdAt), asc(orderTransitions.id))
  ).map((h) => `${h.transition}:${h.actorRole}`);
const mailsTo = async (to: string, subject: RegExp) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => subject.test(m.subject));
const noticesOf = async (userId: string, subject: RegExp) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
    subject.test(n.subject),
  );
const chatLines = async (orderId: string) => {
  const [chat] = await t.db.select().from(chats).where(eq(chats.orderId, orderId));
  return (await t.db.select().from(messages).where(eq(messages.chatId, chat!.id))).map((m) => m.content);
};
const atBank = async (orderId: string) => {
  const [hold] = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'preauth')));
  return Object.values(t.bank.emulator.store.state.orders).find((o) => o.id === hold!.providerOrderId)!;
};
/** 100 GEL, paid, the influencer at work. */
const working = async (deadline: string | null = null) => {
  const o = await flow.paidOrder({ client, influencer, budget: 100, deadline });
  expect((await post(`/api/orders/${o.orderId}/start-work`, influencer)).statusCode).toBe(200);
  return o;
};
/** Drains the release jobs and the bank's callbacks. */
const settleBank = async () => {
  await t.jobs.runDue();
  await t.bank.emulator.controls.callbacks.settled();
};

describe('proposing a cancellation', () => {
  it('is for the order’s parties once work started, with a part below the order’s amount', async () => {
    const paid = await flow.paidOrder({ client, influencer, budget: 100 });
    // Before work starts the client simply cancels: nothing to agree on.
    expect((await propose(paid.orderId, client, 0)).statusCode).toBe(409);
    const { orderId } = await working();
    expect((await propose(orderId, stranger, 0)).statusCode).toBe(404);
    expect((await propose(orderId, admin, 0)).statusCode).toBe(403);
    for (const bad of [-1, 12.5, '40']) expect((await propose(orderId, client, bad)).statusCode).toBe(400);
    const tooMuch = await propose(orderId, client, 10_000);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.details.fieldErrors.influencerAmountMinor[0]).toMatch(/less than 100\.00 GEL/);
    expect(await t.db.select().from(cancelProposals).where(eq(cancelProposals.orderId, orderId))).toHaveLength(0);
  });

  it('records it, tells the other party (chat, mail, centre) and allows one open proposal at a time', async () => {
    const { orderId } = await working();
    expect((await propose(orderId, client, 4_000)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', workStatus: 'in_progress' });
    expect((await history(orderId)).at(-1)).toBe('proposeCancel:client');
    expect((await chatLines(orderId)).at(-1)).toBe(
      'Cancellation proposed by the client: 40.00 GEL to the influencer for the work done, 60.00 GEL back to the client’s card.',
    );
    expect(await mailsTo(influencer.email, /proposes to cancel/)).not.toHaveLength(0);
    expect(await noticesOf(influencer.userId, /proposes to cancel/)).not.toHaveLength(0);
    expect((await proposalsOf(orderId, influencer))[0]).toMatchObject({
      status: 'open',
      proposedBy: 'client',
      influencerAmountMinor: 4_000,
      clientAmountMinor: 6_000,
      canAnswer: true,
      canWithdraw: false,
    });
    expect((await proposalsOf(orderId, client))[0]).toMatchObject({ canAnswer: false, canWithdraw: true });
    expect((await t.req({ url: `/api/orders/${orderId}/cancel-proposals`, cookie: stranger.cookie })).statusCode).toBe(
      404,
    );
    for (const who of [client, influencer]) {
      const again = await propose(orderId, who, 0);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('CANCEL_PROPOSAL_OPEN');
    }
  });
  it('mails the other party in their language', async () => {
    const { orderId } = await working();
    await t.db.update(users).set({ language: 'ka' }).where(eq(users.id, influencer.userId));
    try {
      await propose(orderId, client, 4_000);
      const [mail] = await mailsTo(influencer.email, /^გაუქმების შეთავაზება: „/);
      expect(mail!.text).toMatch(/40,00\s₾ ინფლუენსერს შესრულებული სამუშაოსთვის/);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, influencer.userId));
    }
  });
});

describe('answering it', () => {
  it('declined by the other party (not the proposer): the order goes on, and a new proposal may follow', async () => {
    const { orderId } = await working();
    await propose(orderId, influencer, 2_500);
    expect((await answer(orderId, influencer, 'decline')).statusCode).toBe(403);
    expect((await answer(orderId, stranger, 'decline')).statusCode).toBe(404);
    expect((await answer(orderId, client, 'decline')).statusCode).toBe(200);
    expect((await proposalsOf(orderId, influencer))[0]).toMatchObject({ status: 'declined', canWithdraw: false });
    expect(await mailsTo(influencer.email, /declined to cancel/)).not.toHaveLength(0);
    expect((await chatLines(orderId)).at(-1)).toBe('Cancellation proposal declined by the client. The order goes on.');
    expect((await answer(orderId, client, 'accept')).json().error.code).toBe('NO_CANCEL_PROPOSAL');
    expect((await propose(orderId, client, 0)).statusCode).toBe(200);
    expect(await ledger(orderId)).toEqual(['hold:10000']);
  });

  it('withdrawn by the proposer only', async () => {
    const { orderId } = await working();
    await propose(orderId, client, 1_000);
    expect((await answer(orderId, influencer, 'withdraw')).statusCode).toBe(403);
    expect((await answer(orderId, client, 'withdraw')).statusCode).toBe(200);
    expect((await proposalsOf(orderId, client))[0].status).toBe('withdrawn');
    expect(await mailsTo(influencer.email, /proposal for .* was withdrawn/)).not.toHaveLength(0);
    expect((await history(orderId)).slice(-2)).toEqual(['proposeCancel:client', 'withdrawCancel:client']);
    expect((await answer(orderId, client, 'withdraw')).statusCode).toBe(409);
  });

  it('accepted with a part for the work: 40 GEL of 100 captured, 60 released, paid out as approved work', async () => {
    const { orderId } = await working();
    await propose(orderId, client, 4_000);
    expect((await answer(orderId, client, 'accept')).statusCode).toBe(403);
    expect((await answer(orderId, stranger, 'accept')).statusCode).toBe(404);
    expect((await answer(orderId, influencer, 'accept')).statusCode).toBe(200);
    await settleBank();
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      workStatus: 'completed',
      approvalStatus: 'approved',
      cancelClaimedAt: null,
    });
    expect(await ledger(orderId)).toEqual(['capture:4000', 'hold:10000', 'release:6000']);
    expect((await atBank(orderId)).transferMinor).toBe(4_000);
    const money = (await t.req({ url: `/api/admin/orders/${orderId}/money`, cookie: admin.cookie })).json();
    expect(money).toMatchObject({ heldMinor: 10_000, capturedMinor: 4_000, releasedMinor: 6_000, stillHeldMinor: 0 });
    expect((await history(orderId)).slice(-2)).toEqual(['proposeCancel:client', 'cancelWithPayment:influencer']);
    for (const p of [client, influencer]) {
      expect((await proposalsOf(orderId, p))[0]).toMatchObject({ status: 'accepted', canAnswer: false });
    }
    expect(await mailsTo(client.email, /was cancelled by agreement/)).not.toHaveLength(0);
    expect(await noticesOf(client.userId, /was cancelled by agreement/)).not.toHaveLength(0);
    expect((await chatLines(orderId)).at(-1)).toBe(
      'Cancelled by agreement (accepted by the influencer): 40.00 GEL to the influencer for the work done, 60.00 GEL back to the client’s card.',
    );
    expect((await answer(orderId, influencer, 'accept')).statusCode).toBe(409);
  });

  it('accepted with nothing for the work: cancelled, the whole hold released, the campaign open again', async () => {
    const { orderId, campaignId } = await flow.submittedOrder({ client, influencer, budget: 100 });
    await propose(orderId, influencer, 0);
    expect((await answer(orderId, client, 'accept')).statusCode).toBe(200);
    await settleBank();
    expect(await orderRow(orderId)).toMatchObject({ status: 'canceled', reviewDeadlineAt: null });
    expect(await ledger(orderId)).toEqual(['hold:10000', 'release:10000']);
    const bank = await atBank(orderId);
    expect(bank.transferMinor).toBe(0);
    expect(bank.actions.map((a) => a.action)).toContain('cancel_authorize');
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign!.status).toBe('open');
    expect((await history(orderId)).at(-1)).toBe('acceptCancel:client');
    expect(await mailsTo(influencer.email, /was cancelled by agreement/)).not.toHaveLength(0);
    // The review window's end finds nothing to approve.
    clock.advance(4 * DAY);
    await t.jobs.runDue();
    expect((await orderRow(orderId)).status).toBe('canceled');
  });

  it('is void once the order moves on: a submission, a dispute', async () => {
    const { orderId } = await working();
    await propose(orderId, client, 3_000);
    await post(`/api/orders/${orderId}/submit-work`, influencer, PROOF);
    expect((await proposalsOf(orderId, client))[0].status).toBe('void');
    expect((await answer(orderId, influencer, 'accept')).json().error.code).toBe('NO_CANCEL_PROPOSAL');
    await propose(orderId, influencer, 5_000);
    const disputed = await post(`/api/orders/${orderId}/open-dispute`, client, {
      reason: 'quality',
      description: 'Blurry',
    });
    expect(disputed.statusCode).toBe(200);
    expect((await proposalsOf(orderId, client))[0].status).toBe('void');
    expect((await answer(orderId, client, 'accept')).statusCode).toBe(409);
    expect(await ledger(orderId)).toEqual(['hold:10000']);
  });

  it('cannot be proposed once approved', async () => {
    const { orderId } = await flow.approvedOrder({ client, influencer, budget: 100 });
    expect((await propose(orderId, influencer, 0)).statusCode).toBe(409);
  });

  it('the client approves while accepting the influencer’s proposal: one wins, the bank moves money once', async () => {
    const { orderId } = await flow.submittedOrder({ client, influencer, budget: 100 });
    await propose(orderId, influencer, 4_000);
    const [approved, accepted] = await Promise.all([
      post(`/api/orders/${orderId}/approve`, client),
      answer(orderId, client, 'accept'),
    ]);
    expect([approved.statusCode, accepted.statusCode].filter((s) => s === 200)).toHaveLength(1);
    await settleBank();
    const kinds = (await ledger(orderId)).filter((e) => e.startsWith('capture'));
    expect(kinds).toEqual([approved.statusCode === 200 ? 'capture:10000' : 'capture:4000']);
    expect((await orderRow(orderId)).approvalStatus).toBe('approved');
  });
});

describe('while the bank moves the money', () => {
  it('a capture the bank cannot take changes nothing: the proposal stays open and may be accepted again', async () => {
    const { orderId } = await working();
    await propose(orderId, client, 4_000);
    t.bank.emulator.controls.failNext('approve', { kind: 'status', status: 503 }, 3);
    const failed = await answer(orderId, influencer, 'accept');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('CANCEL_PAYMENT_FAILED');
    expect((await orderRow(orderId)).cancelClaimedAt).toBeNull();
    expect((await proposalsOf(orderId, influencer))[0]).toMatchObject({ status: 'open', canAnswer: true });
    expect(await ledger(orderId)).toEqual(['hold:10000']);
    expect((await answer(orderId, influencer, 'accept')).statusCode).toBe(200);
    await settleBank();
    expect(await ledger(orderId)).toEqual(['capture:4000', 'hold:10000', 'release:6000']);
  });

  it('nothing else applies to the order under an acceptance’s claim, and the sweep finishes a claim left behind', async () => {
    const { orderId } = await flow.submittedOrder({ client, influencer, budget: 100 });
    await propose(orderId, influencer, 4_000);
    // An acceptance whose request died after its claim, before the bank was asked.
    await t.db
      .update(cancelProposals)
      .set({ closedByUserId: client.userId })
      .where(and(eq(cancelProposals.orderId, orderId), eq(cancelProposals.status, 'open')));
    await t.db.update(orders).set({ cancelClaimedAt: clock() }).where(eq(orders.id, orderId));
    for (const refused of [
      await post(`/api/orders/${orderId}/approve`, client),
      await post(`/api/orders/${orderId}/open-dispute`, influencer, { reason: 'other', description: 'Changed mind' }),
      await answer(orderId, influencer, 'withdraw'),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CANCEL_IN_PROGRESS');
    }
    expect((await proposalsOf(orderId, client))[0]).toMatchObject({ status: 'open', canAnswer: false });
    clock.advance(6 * MINUTE);
    await t.jobs.ensureSchedules();
    await t.jobs.runDue();
    await settleBank();
    expect(await orderRow(orderId)).toMatchObject({ approvalStatus: 'approved', cancelClaimedAt: null });
    expect(await ledger(orderId)).toEqual(['capture:4000', 'hold:10000', 'release:6000']);
    expect((await history(orderId)).at(-1)).toBe('cancelWithPayment:client');
  });
});

describe('the campaign’s deadline', () => {
  const setDeadline = (campaignId: string, day: string) =>
    t.db.update(campaigns).set({ deadline: day }).where(eq(campaigns.id, campaignId));

  it('reminds both parties once, the day before, while the work is not submitted', async () => {
    // The hourly job runs within the next three hours: they start at 09:00 in Tbilisi, so that "tomorrow" is the same
    // day throughout, whatever the hour the suite runs (started at 23:xx in Tbilisi, its first run was already on the
    // deadline's day, and the test failed between 19:00 and 20:00 UTC).
    const { hour, minute } = wallClock(clock(), BUSINESS_TIME_ZONE);
    const minutesTo9 = (9 * 60 - (hour * 60 + minute) + 24 * 60) % (24 * 60);
    clock.advance(minutesTo9 * MINUTE);
    const tomorrow = businessToday(new Date(clock().getTime() + DAY));
    const { orderId } = await working(tomorrow);
    const reminded = async () =>
      [
        ...(await mailsTo(client.email, /deadline of .* is tomorrow/)),
        ...(await mailsTo(influencer.email, /deadline of .* is tomorrow/)),
      ].filter((m) => m.text?.includes(tomorrow) || m.html?.includes(tomorrow));
    for (let i = 0; i < 3; i++) {
      clock.advance(HOUR + 1);
      await t.jobs.ensureSchedules();
      await t.jobs.runDue();
    }
    expect(await reminded()).toHaveLength(2);
    expect((await orderRow(orderId)).deadlineRemindedAt).not.toBeNull();
  });

  it('lets the client cancel with the whole hold back once it passed with nothing submitted, not before', async () => {
    const today = businessToday(clock());
    const { orderId, campaignId } = await working(today);
    const early = await post(`/api/orders/${orderId}/cancel-after-deadline`, client);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('DEADLINE_NOT_PASSED');
    await setDeadline(campaignId, '2020-01-01');
    const detail = (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: client.cookie })).json();
    expect(detail.order.actions).toContain('cancelAfterDeadline');
    expect((await post(`/api/orders/${orderId}/cancel-after-deadline`, influencer)).statusCode).toBe(403);
    expect((await post(`/api/orders/${orderId}/cancel-after-deadline`, admin)).statusCode).toBe(403);
    expect((await post(`/api/orders/${orderId}/cancel-after-deadline`, client)).statusCode).toBe(200);
    await settleBank();
    expect((await orderRow(orderId)).status).toBe('canceled');
    expect(await ledger(orderId)).toEqual(['hold:10000', 'release:10000']);
    expect((await history(orderId)).at(-1)).toBe('cancelAfterDeadline:client');
    expect(await mailsTo(influencer.email, /was cancelled after its deadline/)).not.toHaveLength(0);
    expect((await chatLines(orderId)).at(-1)).toMatch(/^Cancelled by the client after the deadline passed/);
  });

  it('is refused once work was submitted, even if sent back', async () => {
    const { orderId, campaignId } = await flow.submittedOrder({ client, influencer, budget: 100 });
    await setDeadline(campaignId, '2020-01-01');
    const submitted = await post(`/api/orders/${orderId}/cancel-after-deadline`, client);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().error.code).toBe('WORK_SUBMITTED');
    await post(`/api/orders/${orderId}/reject-work`, client, { feedback: 'Show the logo please' });
    expect((await post(`/api/orders/${orderId}/cancel-after-deadline`, client)).json().error.code).toBe(
      'WORK_SUBMITTED',
    );
    const detail = (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: client.cookie })).json();
    expect(detail.order.actions).not.toContain('cancelAfterDeadline');
  });
});

it('leaves our books and the bank’s in agreement', async () => {
  await settleBank();
  const report = (await t.req({ url: '/api/admin/payments/reconciliation?limit=1000', cookie: admin.cookie })).json();
  expect(report.differences).toEqual([]);
});
