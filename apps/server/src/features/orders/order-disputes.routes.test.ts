// Issue 23 §1: disputes through HTTP on the real database, the money through the bank emulator. Who may open,
// withdraw and decide one (the machine walk covers every state × caller; here the rules beyond the table), what each
// decision does with the money (the ledger, the bank's own books, reconciliation), the review window that stops and
// starts again, the chat, the mail, the escalation, and two requests that race.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, disputes, ledgerEntries, mailOutbox, messages, orders, payments } from '../../db/schema.ts';
import { payOnPage } from '../../emulators/bog/emulator-testing.ts';
import { DAY, fakeClock, HOUR, MINUTE } from '../../test/fake-clock.ts';
import { admin as adminOf, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow, VISA } from '../../test/order-flow.ts';

const clock = fakeClock('2026-11-24T08:00:00Z');
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
    person(t, 'client'),
  ]);
  admin = await adminOf(t);
  flow = orderFlow(t);
}, 60_000);
afterAll(() => t.close());

const parties = () => ({ client, influencer });
const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const openDispute = (orderId: string, who: { cookie: string }, body: unknown = DISPUTE) =>
  post(`/api/orders/${orderId}/open-dispute`, who.cookie, body);
const resolve = (orderId: string, how: 'release' | 'refund' | 'split', body: Record<string, unknown>) =>
  post(`/api/admin/orders/${orderId}/resolve-${how}`, admin.cookie, body);
const DISPUTE = { reason: 'not_as_agreed', description: 'The reel shows a different product' };
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const disputesOf = async (orderId: string, cookie: string) =>
  (await t.req({ url: `/api/orders/${orderId}/disputes`, cookie })).json().items;
const ledger = async (orderId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)))
    .map((e) => `${e.kind}:${e.amountMinor}`)
    .sort();
const mailsTo = async (to: string, subject: RegExp) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => subject.test(m.subject));
const chatLines = async (orderId: string) => {
  const [chat] = await t.db.select().from(chats).where(eq(chats.orderId, orderId));
  const lines = await t.db.select().from(messages).where(eq(messages.chatId, chat!.id));
  return { chat: chat!, lines: lines.map((m) => m.content) };
};
const atBank = async (orderId: string) => {
  const [hold] = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'preauth')));
  return Object.values(t.bank.emulator.store.state.orders).find((o) => o.id === hold!.providerOrderId)!;
};
const inReview = () => flow.submittedOrder({ ...parties(), budget: 200 });

describe('opening a dispute', () => {
  it('is for the order’s parties, after work started, with a reason and a description', async () => {
    const paid = await flow.paidOrder({ ...parties(), budget: 200 });
    // Before work starts the client cancels instead: no dispute.
    expect((await openDispute(paid.orderId, client)).statusCode).toBe(409);
    const { orderId } = await inReview();
    expect((await openDispute(orderId, stranger)).statusCode).toBe(404);
    expect((await openDispute(orderId, admin)).statusCode).toBe(403);
    const empty = await openDispute(orderId, client, { reason: 'because', description: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fieldErrors).toMatchObject({
      reason: ['Choose what went wrong'],
      description: ['Describe what happened'],
    });
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('stops the review window, keeps the hold, tells the other party and the admins, and brings support into the chat', async () => {
    const { orderId } = await inReview();
    const submitted = await orderRow(orderId);
    expect(submitted.reviewDeadlineAt).not.toBeNull();
    expect((await openDispute(orderId, client)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'disputed',
      workStatus: 'completed',
      reviewDeadlineAt: null,
    });
    // One open dispute per order: the second party cannot open another.
    expect((await openDispute(orderId, influencer)).statusCode).toBe(409);
    // The review window's end passes: nothing is approved, nothing captured.
    clock.advance(4 * DAY);
    await t.jobs.runDue();
    expect((await orderRow(orderId)).approvalStatus).toBe('pending');
    expect(await ledger(orderId)).toEqual(['hold:20000']);
    const { chat, lines } = await chatLines(orderId);
    expect(chat.supportRequestedAt).not.toBeNull();
    expect(lines.at(-1)).toMatch(/^Dispute opened by the client: Not what was agreed\. The reel shows/);
    expect(await mailsTo(influencer.email, /^A dispute was opened about/)).toHaveLength(1);
    expect(await mailsTo(admin.email, /^Dispute to decide/)).toHaveLength(1);
    const [seen] = await disputesOf(orderId, influencer.cookie);
    expect(seen).toMatchObject({ status: 'open', reason: 'not_as_agreed', openedBy: 'client', canWithdraw: false });
    expect((await disputesOf(orderId, client.cookie))[0].canWithdraw).toBe(true);
    expect((await t.req({ url: `/api/orders/${orderId}/disputes`, cookie: stranger.cookie })).statusCode).toBe(404);
    // The campaign page shows the stage, and no Approve while it is disputed.
    const detail = (await t.req({ url: `/api/campaigns/${submitted.campaignId}`, cookie: client.cookie })).json();
    expect(detail.order).toMatchObject({ stage: 'disputed', actions: [] });
    expect((await post(`/api/orders/${orderId}/approve`, client.cookie)).statusCode).toBe(409);
  });
});

describe('the mails in the reader’s language', () => {
  it('tells a party who reads Georgian each step in Georgian, and the admins in English', async () => {
    const georgian = await person(t, 'influencer');
    expect(
      (await t.req({ method: 'PUT', url: '/api/language', cookie: georgian.cookie, body: { language: 'ka' } }))
        .statusCode,
    ).toBe(200);
    const { orderId } = await flow.submittedOrder({ client, influencer: georgian, budget: 150 });
    expect((await openDispute(orderId, client)).statusCode).toBe(200);
    const [opened] = await mailsTo(georgian.email, /^დაიწყო დავა: „/);
    expect(opened?.text).toContain('შეთანხმებულს არ შეესაბამება');
    expect(opened?.text).toContain('The reel shows a different product');
    expect(await mailsTo(admin.email, /^Dispute to decide/)).not.toHaveLength(0);
    expect(
      (await resolve(orderId, 'split', { influencerAmountMinor: 9_000, decision: 'Most of it was delivered' }))
        .statusCode,
    ).toBe(200);
    const [decided] = await mailsTo(georgian.email, /^დავა გადაწყდა: „/);
    expect(decided?.text).toMatch(/90,00\s₾ ინფლუენსერს, 60,00\s₾ დაუბრუნდა დამკვეთს/);
    // The client chose no language: English, as before.
    expect(await mailsTo(client.email, /^The dispute about .* was decided/)).not.toHaveLength(0);
  });
});

describe('withdrawing it', () => {
  it('is for the party who opened it; the order goes back where it stood with a whole review window', async () => {
    const { orderId } = await inReview();
    expect((await openDispute(orderId, influencer)).statusCode).toBe(200);
    expect((await post(`/api/orders/${orderId}/withdraw-dispute`, client.cookie)).statusCode).toBe(403);
    expect((await post(`/api/orders/${orderId}/withdraw-dispute`, influencer.cookie)).statusCode).toBe(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'paid', workStatus: 'completed', approvalStatus: 'pending' });
    expect(row.reviewDeadlineAt!.getTime()).toBe(clock().getTime() + 3 * DAY);
    expect((await disputesOf(orderId, client.cookie))[0]).toMatchObject({ status: 'withdrawn', canWithdraw: false });
    expect(await mailsTo(client.email, /^The dispute about .* was withdrawn/)).not.toHaveLength(0);
    // The new window ends: approved automatically, the hold captured.
    clock.advance(3 * DAY + MINUTE);
    await t.jobs.runDue();
    expect((await orderRow(orderId)).approvalStatus).toBe('approved');
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
  });
});

describe('an admin decides', () => {
  it('for the influencer: the hold captured in full; both parties read the decision', async () => {
    const { orderId } = await inReview();
    await openDispute(orderId, client);
    expect((await resolve(orderId, 'release', { decision: '' })).statusCode).toBe(400);
    expect(
      (await post(`/api/admin/orders/${orderId}/resolve-release`, client.cookie, { decision: 'x' })).statusCode,
    ).toBe(403);
    expect((await resolve(orderId, 'release', { decision: 'The reel matches the brief.' })).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', approvalStatus: 'approved' });
    expect(await ledger(orderId)).toEqual(['capture:20000', 'hold:20000']);
    expect((await atBank(orderId)).transferMinor).toBe(20_000);
    for (const p of [client, influencer]) {
      expect((await disputesOf(orderId, p.cookie))[0]).toMatchObject({
        status: 'resolved',
        resolution: 'release',
        influencerAmountMinor: 20_000,
        clientAmountMinor: 0,
        decision: 'The reel matches the brief.',
      });
      expect(await mailsTo(p.email, /^The dispute about .* was decided/)).not.toHaveLength(0);
    }
    // Decided once: a second decision finds no dispute.
    expect((await resolve(orderId, 'refund', { decision: 'again' })).statusCode).toBe(409);
  });

  it('for the client: the whole hold released at the bank, the order refunded', async () => {
    const { orderId } = await inReview();
    await openDispute(orderId, influencer);
    expect((await resolve(orderId, 'refund', { decision: 'Not delivered as agreed.' })).statusCode).toBe(200);
    await t.bank.emulator.controls.callbacks.settled();
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await ledger(orderId)).toEqual(['hold:20000', 'release:20000']);
    const bank = await atBank(orderId);
    expect(bank.transferMinor).toBe(0);
    expect(bank.actions.map((a) => a.action)).toContain('cancel_authorize');
  });

  it('a split: the influencer’s part captured, the rest released (60/40), within the order’s amount', async () => {
    const { orderId } = await inReview();
    await openDispute(orderId, client);
    const split = (amount: unknown) =>
      resolve(orderId, 'split', { decision: 'Half of the stories are missing.', influencerAmountMinor: amount });
    expect((await split(20_000)).statusCode).toBe(400);
    expect((await split(0)).statusCode).toBe(400);
    expect((await split(12.5)).statusCode).toBe(400);
    expect((await split(12_000)).statusCode).toBe(200);
    await t.bank.emulator.controls.callbacks.settled();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', approvalStatus: 'approved' });
    expect(await ledger(orderId)).toEqual(['capture:12000', 'hold:20000', 'release:8000']);
    expect((await atBank(orderId)).transferMinor).toBe(12_000);
    const money = (await t.req({ url: `/api/admin/orders/${orderId}/money`, cookie: admin.cookie })).json();
    expect(money).toMatchObject({ heldMinor: 20_000, capturedMinor: 12_000, releasedMinor: 8_000, stillHeldMinor: 0 });
    expect((await disputesOf(orderId, influencer.cookie))[0]).toMatchObject({
      resolution: 'split',
      influencerAmountMinor: 12_000,
      clientAmountMinor: 8_000,
    });
  });

  it('leaves our books and the bank’s in agreement', async () => {
    const report = (await t.req({ url: '/api/admin/payments/reconciliation?limit=1000', cookie: admin.cookie })).json();
    expect(report.differences).toEqual([]);
  });
});

describe('two at once: one wins', () => {
  it('the client approves while the influencer opens a dispute', async () => {
    const { orderId } = await inReview();
    const [approved, disputed] = await Promise.all([
      post(`/api/orders/${orderId}/approve`, client.cookie),
      openDispute(orderId, influencer),
    ]);
    expect([approved.statusCode, disputed.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const row = await orderRow(orderId);
    if (approved.statusCode === 200) {
      expect(row).toMatchObject({ status: 'paid', approvalStatus: 'approved' });
      expect(await t.db.select().from(disputes).where(eq(disputes.orderId, orderId))).toHaveLength(0);
    } else {
      expect(row.status).toBe('disputed');
      expect(await ledger(orderId)).toEqual(['hold:20000']);
    }
  });

  it('an admin decides while the opener withdraws', async () => {
    const { orderId } = await inReview();
    await openDispute(orderId, client);
    const [decided, withdrawn] = await Promise.all([
      resolve(orderId, 'release', { decision: 'Delivered.' }),
      post(`/api/orders/${orderId}/withdraw-dispute`, client.cookie),
    ]);
    expect([decided.statusCode, withdrawn.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const [d] = await t.db.select().from(disputes).where(eq(disputes.orderId, orderId));
    expect(d!.status).toBe(decided.statusCode === 200 ? 'resolved' : 'withdrawn');
    expect(await ledger(orderId)).toEqual(
      decided.statusCode === 200 ? ['capture:20000', 'hold:20000'] : ['hold:20000'],
    );
  });

  it('two admins decide differently: one decision, one money movement', async () => {
    const { orderId } = await inReview();
    await openDispute(orderId, client);
    const answers = await Promise.all([
      resolve(orderId, 'release', { decision: 'Delivered.' }),
      resolve(orderId, 'refund', { decision: 'Not delivered.' }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(1);
    const kinds = (await ledger(orderId)).map((e) => e.split(':')[0]);
    expect(kinds.filter((k) => k !== 'hold')).toHaveLength(1);
  });
});

it('mails every admin once about a dispute that waits longer than DISPUTE_ESCALATION_DAYS', async () => {
  const { orderId } = await inReview();
  await openDispute(orderId, client);
  const escalated = () => mailsTo(admin.email, /^Dispute waiting 3\+ days/);
  const before = (await escalated()).length;
  clock.advance(2 * DAY);
  await t.jobs.runDue();
  await t.jobs.runDue();
  expect(await escalated()).toHaveLength(before);
  clock.advance(DAY + 2 * 60 * MINUTE);
  await t.jobs.ensureSchedules();
  await t.jobs.runDue();
  const after = (await escalated()).length;
  expect(after).toBeGreaterThan(before);
  clock.advance(2 * 60 * MINUTE);
  await t.jobs.runDue();
  expect(await escalated()).toHaveLength(after);
});

it('shows a stranger nothing of an order’s disputes, and a party nothing of the admins’ queue', async () => {
  const { orderId } = await inReview();
  expect((await t.req({ url: `/api/orders/${orderId}/disputes`, cookie: stranger.cookie })).statusCode).toBe(404);
  expect((await t.req({ url: `/api/admin/disputes`, cookie: client.cookie })).statusCode).toBe(403);
});

it('gives admins the queue (open first, oldest first, with its age) and each dispute with the order’s evidence', async () => {
  const older = await inReview();
  await openDispute(older.orderId, client);
  clock.advance(5 * 60 * MINUTE);
  const newer = await inReview();
  await openDispute(newer.orderId, influencer);
  const queue = (await t.req({ url: '/api/admin/disputes', cookie: admin.cookie })).json().items as {
    id: string;
    orderId: string;
    status: string;
    ageHours: number;
  }[];
  expect(queue.every((d) => d.status === 'open')).toBe(true);
  const at = (orderId: string) => queue.findIndex((d) => d.orderId === orderId);
  expect(at(older.orderId)).toBeLessThan(at(newer.orderId));
  expect(queue[at(older.orderId)]!.ageHours).toBe(5);
  const all = (await t.req({ url: '/api/admin/disputes?status=all', cookie: admin.cookie })).json().items;
  const firstClosed = all.findIndex((d: { status: string }) => d.status !== 'open');
  expect(all.slice(0, firstClosed).every((d: { status: string }) => d.status === 'open')).toBe(true);
  expect(all.slice(firstClosed).every((d: { status: string }) => d.status !== 'open')).toBe(true);
  const one = (
    await t.req({ url: `/api/admin/disputes/${queue[at(older.orderId)]!.id}`, cookie: admin.cookie })
  ).json();
  expect(one).toMatchObject({
    orderId: older.orderId,
    openedBy: 'client',
    proofUrl: 'https://instagram.com/p/reel-123',
    completionNotes: 'Posted at 19:00, 2 stories too',
    amountMinor: 20_000,
    chatId: expect.any(String),
  });
});

it('keeps the hold while disputed and renews it as ever: the client is asked, the new hold takes the old one’s place', async () => {
  const { orderId, holdId } = await inReview();
  await openDispute(orderId, influencer);
  clock.advance(28 * DAY + 2 * HOUR);
  await t.jobs.runDue();
  expect(await mailsTo(client.email, /^Please renew the payment hold for/)).not.toHaveLength(0);
  const renewal = await post(`/api/orders/${orderId}/payments`, client.cookie, { amountMinor: 20_000 });
  expect(renewal.statusCode).toBe(201);
  await payOnPage(t.bank.url, renewal.json().redirectUrl, { number: VISA });
  await t.bank.emulator.controls.callbacks.settled();
  await t.jobs.runDue();
  expect(await orderRow(orderId)).toMatchObject({ status: 'disputed', transactionId: renewal.json().id });
  expect((await t.db.select().from(payments).where(eq(payments.id, holdId)))[0]!.status).toBe('released');
});
