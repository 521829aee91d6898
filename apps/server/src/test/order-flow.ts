// An order carried through its life over HTTP, the money through the test bank: for tests that need an order in a
// given state (paid, submitted, approved and captured) without repeating the steps.
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema.ts';
import { payOnPage } from '../emulators/bog/emulator-testing.ts';
import type { TestApp } from './harness.ts';

export type Person = { cookie: string; userId: string; email: string };
export const VISA = '4111111111111111';
export const PROOF = {
  proofUrl: 'https://instagram.com/p/reel-123',
  completionNotes: 'Posted at 19:00, 2 stories too',
};

export function orderFlow(t: TestApp) {
  const post = async (url: string, cookie: string, body?: unknown) => {
    const res = await t.req({ method: 'POST', url, cookie, body });
    if (res.statusCode >= 300) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** Hire and pay (a hold on the card): the order is paid, work not started. */
  async function paidOrder(o: {
    client: Person;
    influencer: Person;
    budget?: number;
    card?: string;
    /** The campaign's deadline (yyyy-MM-dd, today or later), none by default. */
    deadline?: string | null;
  }) {
    const budget = o.budget ?? 200;
    const campaign = await post('/api/campaigns', o.client.cookie, {
      socials: ['instagram'],
      title: `Lookbook ${Math.random().toString(36).slice(2, 6)}`,
      description: 'A carousel',
      budget,
      deadline: o.deadline ?? null,
    });
    const applied = await post(`/api/campaigns/${campaign.id}/applications`, o.influencer.cookie);
    const accepted = await post(`/api/applications/${applied.application.id}/accept`, o.client.cookie);
    const orderId = accepted.order.id as string;
    const started = await post(`/api/orders/${orderId}/payments`, o.client.cookie, {
      amountMinor: budget * 100,
      lang: 'en',
    });
    await payOnPage(t.bank.url, started.redirectUrl, { number: o.card ?? VISA });
    await t.bank.emulator.controls.callbacks.settled();
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (row?.status !== 'paid') throw new Error(`order ${orderId} is ${row?.status}, not paid`);
    return { campaignId: campaign.id as string, orderId, holdId: started.id as string };
  }

  /** Paid, started and submitted: waiting for the client's review. */
  async function submittedOrder(o: Parameters<typeof paidOrder>[0]) {
    const order = await paidOrder(o);
    await post(`/api/orders/${order.orderId}/start-work`, o.influencer.cookie);
    await post(`/api/orders/${order.orderId}/submit-work`, o.influencer.cookie, PROOF);
    return order;
  }

  /** Approved by the client: the hold captured, the campaign done. */
  async function approvedOrder(o: Parameters<typeof paidOrder>[0]) {
    const order = await submittedOrder(o);
    await post(`/api/orders/${order.orderId}/approve`, o.client.cookie);
    return order;
  }

  return { paidOrder, submittedOrder, approvedOrder };
}
