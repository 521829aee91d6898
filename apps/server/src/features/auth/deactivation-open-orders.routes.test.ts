// Issue 23 §2: a person cannot leave with an open order. An influencer with work in progress, submitted or disputed
// and a client with a held payment are refused with the list of orders to finish or cancel first; once the orders are
// settled they may go.
import { OPEN_ORDERS_MESSAGE } from '@app/shared/auth/auth.schemas';
import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow } from '../../test/order-flow.ts';

let t: TestApp;
let flow: ReturnType<typeof orderFlow>;
beforeAll(async () => {
  t = await createTestApp();
  flow = orderFlow(t);
}, 60_000);
afterAll(() => t.close());

const deactivate = (p: Person) =>
  t.req({ method: 'POST', url: '/api/me/deactivate', cookie: p.cookie, body: { confirmation: DEACTIVATION_PHRASE } });
const post = (url: string, p: Person, body?: unknown) => t.req({ method: 'POST', url, cookie: p.cookie, body });

it('refuses an influencer with an order in review and a client with a held payment, listing the orders', async () => {
  const [client, influencer] = await Promise.all([person(t, 'client'), person(t, 'influencer')]);
  const order = await flow.submittedOrder({ client, influencer, budget: 1500 });
  for (const p of [influencer, client]) {
    const res = await deactivate(p);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ACCOUNT_HAS_OPEN_ORDERS',
      message: OPEN_ORDERS_MESSAGE,
      details: { orders: [{ id: order.orderId, campaignId: order.campaignId, stage: 'in_review' }] },
    });
    // Still signed in: nothing was deactivated.
    expect((await t.req({ url: '/api/me', cookie: p.cookie })).statusCode).toBe(200);
  }
  // Disputed is open too.
  expect(
    (await post(`/api/orders/${order.orderId}/open-dispute`, influencer, { reason: 'other', description: 'x' }))
      .statusCode,
  ).toBe(200);
  expect((await deactivate(influencer)).json().error.details.orders[0].stage).toBe('disputed');
});

it('lets them go once the work is approved and the payment captured', async () => {
  const [client, influencer] = await Promise.all([person(t, 'client'), person(t, 'influencer')]);
  await flow.approvedOrder({ client, influencer });
  expect((await deactivate(influencer)).statusCode).toBe(200);
  expect((await deactivate(client)).statusCode).toBe(200);
});

it('lets an influencer whose hire has not started go (the brand may cancel it), but not its client', async () => {
  const [client, influencer] = await Promise.all([person(t, 'client'), person(t, 'influencer')]);
  await flow.paidOrder({ client, influencer });
  expect((await deactivate(client)).statusCode).toBe(409);
  expect((await deactivate(influencer)).statusCode).toBe(200);
});
