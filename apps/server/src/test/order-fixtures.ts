// Orders in any state of the order machine, reached the way the product reaches them (issue 22 §5: `orderIn`). Every
// state the machine can reach is found from its table (a breadth-first walk from a new hire), with the path of
// transitions that leads there; `orderIn` plays that path: a person's transition through its HTTP route as a person
// allowed to start it, the hold through the bank emulator's card page, any other step of the server's own through
// the machine's executor. A state added to the table is reachable here without new code.

import { routeUrl } from '@app/shared/common/route';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { ORDER_TRANSITIONS, type OrderState, type OrderTransition } from '@app/shared/orders/order-machine';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema.ts';
import { payOnPage } from '../emulators/bog/emulator-testing.ts';
import { createCampaignsRepository } from '../features/campaigns/campaigns.repository.ts';
import { createOrderTransitionsRepository } from '../features/orders/order-transitions.repository.ts';
import { createOrderTransitions, nextState, SYSTEM } from '../features/orders/order-transitions.ts';
import type { TestApp } from './harness.ts';
import { PROOF, VISA } from './order-flow.ts';

export type Party = { cookie: string; userId: string };
export type Parties = { client: Party; influencer: Party; admin: Party };

/** The body each person's transition is sent with (a transition whose contract takes one must be listed). */
export const TRANSITION_BODIES: Partial<Record<OrderTransition, unknown>> = {
  submitWork: PROOF,
  rejectWork: { feedback: 'Please show the product in the first three seconds' },
  refund: { reason: 'Settled after reviewing both sides' },
  openDispute: { reason: 'not_as_agreed', description: 'The reel shows another product' },
  resolveRelease: { decision: 'The work matches the brief' },
  resolveRefund: { decision: 'The work was not delivered' },
  // Every walk's order is 120 GEL: 50 GEL to the influencer, the rest back to the client.
  resolveSplit: { decision: 'Half of the work was delivered', influencerAmountMinor: 5000 },
  proposeCancel: { influencerAmountMinor: 5000 },
};

export const INITIAL: OrderState = { status: 'unpaid', workStatus: 'not_started', approvalStatus: null };
export const stateKey = (s: OrderState) => `${s.status}/${s.workStatus}/${s.approvalStatus ?? 'null'}`;

const names = Object.keys(ORDER_TRANSITIONS) as OrderTransition[];
const canStart = (name: OrderTransition, s: OrderState) => {
  const { from } = ORDER_TRANSITIONS[name] as {
    from: { status: readonly string[]; work?: readonly string[]; approval?: readonly (string | null)[] };
  };
  return (
    from.status.includes(s.status) &&
    (!from.work || from.work.includes(s.workStatus)) &&
    (!from.approval || from.approval.includes(s.approvalStatus))
  );
};

/** Every state the machine reaches from a new hire, each with the shortest path of transitions to it. */
export function reachableStates(): { state: OrderState; path: OrderTransition[] }[] {
  const seen = new Map<string, { state: OrderState; path: OrderTransition[] }>([
    [stateKey(INITIAL), { state: INITIAL, path: [] }],
  ]);
  const queue = [seen.get(stateKey(INITIAL))!];
  while (queue.length) {
    const at = queue.shift()!;
    for (const name of names) {
      if (!canStart(name, at.state)) continue;
      const next = nextState(name, at.state);
      if (seen.has(stateKey(next))) continue;
      const entry = { state: next, path: [...at.path, name] };
      seen.set(stateKey(next), entry);
      queue.push(entry);
    }
  }
  return [...seen.values()];
}

/** A person allowed to start `name`, of the three parties. */
function starter(name: OrderTransition, p: Parties): Party | null {
  const actor = (ORDER_TRANSITIONS[name].actor as readonly string[]).find((a) => a !== 'system');
  return actor === 'client' ? p.client : actor === 'influencer' ? p.influencer : actor === 'admin' ? p.admin : null;
}

export function orderFixtures(t: TestApp) {
  const machine = createOrderTransitions({
    repo: createOrderTransitionsRepository(),
    campaigns: createCampaignsRepository(t.db),
    clock: t.jobs.clock,
    // The fixtures put orders in a state directly; nobody is told of it.
    told: async () => {},
  });
  let n = 0;

  const post = async (url: string, cookie: string, body?: unknown) => {
    const res = await t.req({ method: 'POST', url, cookie, body });
    if (res.statusCode >= 300) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  async function state(orderId: string): Promise<OrderState> {
    const [row] = await t.db
      .select({ status: orders.status, workStatus: orders.workStatus, approvalStatus: orders.approvalStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row as OrderState;
  }

  /** A new hire between the parties (its own campaign), then the path's steps. */
  async function orderIn(path: readonly OrderTransition[], p: Parties, budget = 120) {
    const campaign = await post('/api/campaigns', p.client.cookie, {
      socials: ['instagram'],
      title: `Machine walk ${++n}`,
      description: 'A reel',
      budget,
      deadline: null,
    });
    const applied = await post(`/api/campaigns/${campaign.id}/applications`, p.influencer.cookie);
    const accepted = await post(`/api/applications/${applied.application.id}/accept`, p.client.cookie);
    const orderId = accepted.order.id as string;
    for (const step of path) await play(step, orderId, p);
    return { orderId, campaignId: campaign.id as string };
  }

  async function play(step: OrderTransition, orderId: string, p: Parties) {
    if (step === 'pay') {
      const [row] = await t.db.select({ amountMinor: orders.amountMinor }).from(orders).where(eq(orders.id, orderId));
      const started = await post(`/api/orders/${orderId}/payments`, p.client.cookie, {
        amountMinor: row!.amountMinor,
        lang: 'en',
      });
      await payOnPage(t.bank.url, started.redirectUrl, { number: VISA });
      await t.bank.emulator.controls.callbacks.settled();
      if ((await state(orderId)).status !== 'paid') throw new Error(`order ${orderId} was not paid`);
      return;
    }
    if (step === 'acceptCancel') {
      // An agreement needs a proposal by the other party first (nothing for the work: a plain cancellation).
      const propose = routeUrl(orderTransitionRoutes.proposeCancel, { id: orderId });
      await post(propose, p.influencer.cookie, { influencerAmountMinor: 0 });
      await post(routeUrl(orderTransitionRoutes.acceptCancel, { id: orderId }), p.client.cookie);
      return;
    }
    const route = orderTransitionRoutes[step as keyof typeof orderTransitionRoutes];
    const who = starter(step, p);
    if (route && who) {
      await post(routeUrl(route, { id: orderId }), who.cookie, TRANSITION_BODIES[step]);
      return;
    }
    // A step of the server's own with no person behind it (a lapsed hold): through the machine's executor.
    await t.db.transaction((tx) =>
      machine.apply(tx, step, orderId, SYSTEM, step === 'lapse' ? { set: { transactionId: null } } : {}),
    );
  }

  return { orderIn, state, machine };
}
