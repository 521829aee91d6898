// Issue 22 §1: the order machine, walked through HTTP. Every state the machine can reach (order-fixtures.ts finds
// them from its table) × every transition a person starts × every kind of caller, each answer checked against the
// table: allowed → 200, the state the table leads to, and one history row; refused → 403 (a role the machine does
// not list), 404 (not their order) or 409 (a state it does not start from), and nothing written. A state or a
// transition added to the table is walked here without new test code.
import { routeUrl } from '@app/shared/common/route';
import { orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { ORDER_TRANSITIONS, type OrderTransition } from '@app/shared/orders/order-machine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTransitions } from '../../db/schema.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';
import {
  orderFixtures,
  type Parties,
  reachableStates,
  stateKey,
  TRANSITION_BODIES,
} from '../../test/order-fixtures.ts';
import { nextState } from './order-transitions.ts';

type Caller = 'client' | 'influencer' | 'admin' | 'otherClient' | 'otherInfluencer';
const CALLERS: Caller[] = ['client', 'influencer', 'admin', 'otherClient', 'otherInfluencer'];
const roleOf = (c: Caller) => (c === 'otherClient' ? 'client' : c === 'otherInfluencer' ? 'influencer' : c);
const transitions = Object.keys(orderTransitionRoutes) as (keyof typeof orderTransitionRoutes)[];

/** What the table says a caller gets for a transition on an order in `state`. */
function expected(name: OrderTransition, state: ReturnType<typeof reachableStates>[number]['state'], caller: Caller) {
  const row = ORDER_TRANSITIONS[name] as {
    actor: readonly string[];
    from: { status: readonly string[]; work?: readonly string[]; approval?: readonly (string | null)[] };
  };
  if (!row.actor.includes(roleOf(caller))) return 403;
  if (caller === 'otherClient' || caller === 'otherInfluencer') return 404;
  const from = row.from;
  const starts =
    from.status.includes(state.status) &&
    (!from.work || from.work.includes(state.workStatus)) &&
    (!from.approval || from.approval.includes(state.approvalStatus));
  if (!starts) return 409;
  // Beyond the table: only the party who opened a dispute withdraws it (orderIn opens them as the client).
  if (name === 'withdrawDispute' && caller === 'influencer') return 403;
  // Answering or withdrawing a cancellation needs a proposal (none here; order-cancellations.routes.test.ts has them),
  // and cancelling after the deadline a deadline that passed (the walk's campaigns have none).
  if (['withdrawCancel', 'declineCancel', 'acceptCancel', 'cancelAfterDeadline'].includes(name)) return 409;
  return 200;
}

let t: TestApp;
let parties: Parties;
let cookies: Record<Caller, string>;
let fixtures: ReturnType<typeof orderFixtures>;
const states = reachableStates();

beforeAll(async () => {
  t = await createTestApp();
  const [client, influencer, otherClient, otherInfluencer] = await Promise.all([
    registerUser(t, 'client'),
    registerUser(t, 'influencer'),
    registerUser(t, 'client'),
    registerUser(t, 'influencer'),
  ]);
  const admin = await signInAdmin(t);
  parties = { client, influencer, admin: { cookie: admin, userId: '' } };
  cookies = {
    client: client.cookie,
    influencer: influencer.cookie,
    admin,
    otherClient: otherClient.cookie,
    otherInfluencer: otherInfluencer.cookie,
  };
  fixtures = orderFixtures(t);
}, 60_000);
afterAll(() => t.close());

const history = async (orderId: string) =>
  t.db.select().from(orderTransitions).where(eq(orderTransitions.orderId, orderId));

const call = (name: keyof typeof orderTransitionRoutes, orderId: string, caller: Caller) =>
  t.req({
    method: 'POST',
    url: routeUrl(orderTransitionRoutes[name], { id: orderId }),
    cookie: cookies[caller],
    body: TRANSITION_BODIES[name],
  });

describe('the order machine through HTTP', () => {
  it('reaches every state of its table from a new hire', () => {
    expect(states.map((s) => stateKey(s.state))).toContain('paid/completed/approved');
    expect(states.length).toBeGreaterThanOrEqual(9);
    for (const name of transitions) {
      const body = (orderTransitionRoutes[name] as { body?: unknown }).body;
      expect(body === undefined || name in TRANSITION_BODIES, `${name} needs a body in TRANSITION_BODIES`).toBe(true);
    }
  });

  for (const { state, path } of states) {
    it(`from ${stateKey(state)}: every transition × caller answers as the table says`, async () => {
      const refusedOn = await fixtures.orderIn(path, parties);
      expect(await fixtures.state(refusedOn.orderId)).toEqual(state);
      const before = (await history(refusedOn.orderId)).length;
      for (const name of transitions) {
        for (const caller of CALLERS) {
          const want = expected(name, state, caller);
          // An allowed transition changes the order: it gets an order of its own in this state.
          const orderId = want === 200 ? (await fixtures.orderIn(path, parties)).orderId : refusedOn.orderId;
          const rows = (await history(orderId)).length;
          const res = await call(name, orderId, caller);
          expect(res.statusCode, `${name} by ${caller} from ${stateKey(state)}: ${res.body}`).toBe(want);
          if (want === 200) {
            expect(await fixtures.state(orderId)).toEqual(nextState(name, state));
            const added = (await history(orderId)).slice(rows);
            expect(added.map((h) => [h.transition, h.actorRole])).toEqual([[name, roleOf(caller)]]);
          }
        }
      }
      // Nothing the refused calls asked for was written.
      expect(await fixtures.state(refusedOn.orderId)).toEqual(state);
      expect((await history(refusedOn.orderId)).length).toBe(before);
    }, 120_000);
  }
});
