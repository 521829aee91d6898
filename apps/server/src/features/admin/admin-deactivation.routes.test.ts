// Issue 23 §2: an admin closes an account whatever is open. Each of that person's orders with work under way and money
// held becomes a dispute the server opens in the admin's name (reason account_closed), through the order machine: the
// hold is kept, the review window stops, support joins the chat, the party who stays is mailed and sees on the order
// that the other has left. The owner's own deactivation is still refused while such an order is open.
import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminActions,
  chats,
  disputes,
  mailOutbox,
  messages,
  orders,
  orderTransitions,
  payments,
} from '../../db/schema.ts';
import { admin as adminOf, type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow } from '../../test/order-flow.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let flow: ReturnType<typeof orderFlow>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
  flow = orderFlow(t);
}, 60_000);
afterAll(() => t.close());

const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const holdOf = async (orderId: string) =>
  (
    await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'preauth')))
  )[0]?.status;
const orderSeenBy = async (campaignId: string, p: Person) =>
  (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: p.cookie })).json().order;

describe('an admin deactivates a party with open orders', () => {
  it('turns each held order with work under way into a dispute, keeps the hold, and tells the party who stays', async () => {
    const [client, influencer] = await Promise.all([
      person(t, 'client', { name: 'Tamar', lastname: 'Kvaratskhelia' }),
      person(t, 'influencer', { name: 'Nino', lastname: 'Beridze' }),
    ]);
    const inReview = await flow.submittedOrder({ client, influencer, budget: 150 });
    const working = await flow.paidOrder({ client, influencer, budget: 80 });
    await post(`/api/orders/${working.orderId}/start-work`, influencer.cookie);
    const notStarted = await flow.paidOrder({ client, influencer, budget: 60 });
    expect((await orderRow(inReview.orderId)).reviewDeadlineAt).not.toBeNull();
    // The influencer sees nothing amiss yet.
    expect(await orderSeenBy(inReview.campaignId, influencer)).toMatchObject({ counterpartDeactivated: false });

    const res = await post(`/api/admin/people/${client.userId}/deactivate`, admin.cookie, {
      reason: 'Chargeback fraud reported by the bank',
    });
    expect(res.statusCode).toBe(200);

    for (const { orderId } of [inReview, working]) {
      const row = await orderRow(orderId);
      expect(row).toMatchObject({ status: 'disputed', reviewDeadlineAt: null });
      expect(await holdOf(orderId)).toBe('held');
      const [d] = await t.db.select().from(disputes).where(eq(disputes.orderId, orderId));
      expect(d).toMatchObject({
        status: 'open',
        openedByRole: 'admin',
        openedByUserId: admin.userId,
        reason: 'account_closed',
      });
      // The machine's history names the admin and why.
      const [step] = await t.db
        .select()
        .from(orderTransitions)
        .where(and(eq(orderTransitions.orderId, orderId), eq(orderTransitions.transition, 'openDispute')));
      expect(step).toMatchObject({ actorRole: 'admin', actorUserId: admin.userId, reason: 'Account deactivated' });
      // Support joined the chat, which says what happened.
      const [chat] = await t.db.select().from(chats).where(eq(chats.orderId, orderId));
      expect(chat!.supportRequestedAt).not.toBeNull();
      const lines = await t.db.select().from(messages).where(eq(messages.chatId, chat!.id));
      expect(lines.map((m) => m.content).join('\n')).toContain('Tamar has left Influence');
    }
    // Work not started yet is no dispute: there is nothing to judge, so the order is cancelled in the admin's name,
    // its hold released and the influencer told why.
    expect((await orderRow(notStarted.orderId)).status).toBe('canceled');
    const [cancelStep] = await t.db
      .select()
      .from(orderTransitions)
      .where(and(eq(orderTransitions.orderId, notStarted.orderId), eq(orderTransitions.transition, 'cancel')));
    expect(cancelStep).toMatchObject({ actorRole: 'admin', actorUserId: admin.userId });
    expect(cancelStep!.reason).toContain('Chargeback fraud');
    await vi.waitFor(
      async () => {
        await t.jobs.runDue();
        expect(await holdOf(notStarted.orderId)).toBe('released');
      },
      { timeout: 10_000, interval: 200 },
    );

    // The influencer sees that the brand has left, on the order and in their mail; the dispute is not theirs to withdraw.
    expect(await orderSeenBy(inReview.campaignId, influencer)).toMatchObject({
      status: 'disputed',
      counterpartDeactivated: true,
    });
    const listed = (await t.req({ url: '/api/orders', cookie: influencer.cookie })).json().items as {
      id: string;
      counterpartDeactivated: boolean;
    }[];
    expect(listed.find((o) => o.id === inReview.orderId)).toMatchObject({ counterpartDeactivated: true });
    const theirs = (await t.req({ url: `/api/orders/${inReview.orderId}/disputes`, cookie: influencer.cookie })).json();
    expect(theirs.items[0]).toMatchObject({ reason: 'account_closed', openedBy: 'admin', canWithdraw: false });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, influencer.email));
    expect(mails.filter((m) => m.subject === 'Tamar has left Influence')).toHaveLength(2);
    expect(mails.filter((m) => m.subject.endsWith('was cancelled: Tamar has left Influence'))).toHaveLength(1);
    const toAdmins = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email));
    expect(toAdmins.some((m) => m.subject.includes('(account closed)'))).toBe(true);

    // The console's history keeps the admin's reason and how many orders became disputes; the account is closed.
    const [action] = await t.db.select().from(adminActions).where(eq(adminActions.userId, client.userId));
    expect(action).toMatchObject({ action: 'deactivate', details: { disputedOrders: 2, canceledOrders: 1 } });
    expect((await t.req({ url: '/api/me', cookie: client.cookie })).statusCode).toBe(401);

    // An admin decides it like any dispute: the influencer is paid for the work in review.
    const decided = await post(`/api/admin/orders/${inReview.orderId}/resolve-release`, admin.cookie, {
      decision: 'The work was delivered before the brand left',
    });
    expect(decided.statusCode).toBe(200);
    expect((await orderRow(inReview.orderId)).approvalStatus).toBe('approved');
  });

  it('shows the brand that a deactivated influencer has left', async () => {
    const [client, influencer] = await Promise.all([person(t, 'client'), person(t, 'influencer')]);
    const order = await flow.submittedOrder({ client, influencer, budget: 100 });
    expect(
      (await post(`/api/admin/people/${influencer.userId}/deactivate`, admin.cookie, { reason: 'Asked by mail' }))
        .statusCode,
    ).toBe(200);
    expect(await orderSeenBy(order.campaignId, client)).toMatchObject({
      status: 'disputed',
      counterpartDeactivated: true,
      actions: [],
    });
    expect(await orderSeenBy(order.campaignId, admin as unknown as Person)).toMatchObject({
      counterpartDeactivated: true,
    });
  });

  it('cancels an influencer’s hired, unstarted orders: the brand’s hold goes back and the campaign reopens', async () => {
    const [client, influencer] = await Promise.all([
      person(t, 'client'),
      person(t, 'influencer', { name: 'Levan', lastname: 'Gelashvili' }),
    ]);
    const paid = await flow.paidOrder({ client, influencer, budget: 70 });
    const res = await post(`/api/admin/people/${influencer.userId}/deactivate`, admin.cookie, {
      reason: 'Asked by mail',
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(paid.orderId)).status).toBe('canceled');
    const campaign = (await t.req({ url: `/api/campaigns/${paid.campaignId}`, cookie: client.cookie })).json();
    expect(campaign.status).toBe('open');
    const toBrand = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email));
    const told = toBrand.find((m) => m.subject.endsWith('was cancelled: Levan has left Influence'));
    expect(told?.text).toContain('open again');
    const [action] = await t.db.select().from(adminActions).where(eq(adminActions.userId, influencer.userId));
    expect(action).toMatchObject({ action: 'deactivate', details: { canceledOrders: 1 } });
  });

  it('still refuses the owner’s own deactivation while such an order is open', async () => {
    const [client, influencer] = await Promise.all([person(t, 'client'), person(t, 'influencer')]);
    await flow.submittedOrder({ client, influencer, budget: 100 });
    const self = await post('/api/me/deactivate', influencer.cookie, { confirmation: DEACTIVATION_PHRASE });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
  });
});
