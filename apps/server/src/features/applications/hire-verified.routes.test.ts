// Issue 23 §2: a confirmed e-mail address before an influencer is hired (accept and invite answer 409 and change
// nothing) and before a payout batch includes them (their earnings wait for a later run), through HTTP.
import { ERROR_CODES } from '@app/shared/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignApplications, campaignInvitations, chats, mailOutbox, orders, users } from '../../db/schema.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, signInAdmin, type TestApp } from '../../test/harness.ts';
import { orderFlow } from '../../test/order-flow.ts';

let t: TestApp;
let client: Person;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  client = await person(t, 'client');
  admin = await signInAdmin(t);
}, 60_000);
afterAll(() => t.close());

const post = (url: string, cookie: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const campaign = async () =>
  (
    await post('/api/campaigns', client.cookie, {
      socials: ['instagram'],
      title: `Reel ${Math.random().toString(36).slice(2, 7)}`,
      description: 'One reel',
      budget: 100,
      deadline: null,
    })
  ).json().id as string;

/** Opens the verification link the sign-up mailed, as the influencer would. */
async function confirm(p: Person) {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.email));
  const link = mails.map((m) => /(http\S+verify-email\S+)/.exec(m.text)?.[1]).find(Boolean)!;
  const opened = await t.req({ url: new URL(link).pathname + new URL(link).search, cookie: p.cookie, origin: null });
  expect(opened.statusCode).toBe(302);
}

describe('hiring needs a confirmed address', () => {
  it('accept answers 409 with the reason for the brand, and nothing changes until the influencer confirms', async () => {
    const nino = await person(t, 'influencer', { name: 'Nino', lastname: 'Beridze', emailVerified: false });
    const campaignId = await campaign();
    const applied = await post(`/api/campaigns/${campaignId}/applications`, nino.cookie);
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json().application.id as string;

    const refused = await post(`/api/applications/${applicationId}/accept`, client.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: ERROR_CODES.INFLUENCER_EMAIL_UNVERIFIED,
      message: expect.stringContaining('Nino Beridze has not verified their e-mail address yet'),
      details: { influencer: { name: 'Nino', lastname: 'Beridze' } },
    });
    const [application] = await t.db
      .select({ status: campaignApplications.status })
      .from(campaignApplications)
      .where(eq(campaignApplications.id, applicationId));
    expect(application?.status).toBe('pending');
    expect(await t.db.select().from(orders).where(eq(orders.campaignId, campaignId))).toHaveLength(0);
    const detail = (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: client.cookie })).json();
    expect(detail).toMatchObject({ order: null, status: 'open' });

    await confirm(nino);
    const accepted = await post(`/api/applications/${applicationId}/accept`, client.cookie);
    expect(accepted.statusCode).toBe(200);
    const orderId = accepted.json().order.id as string;
    expect(await t.db.select().from(chats).where(eq(chats.orderId, orderId))).toHaveLength(1);
  });

  it('an invitation answers 409 too, and none is made', async () => {
    const giorgi = await person(t, 'influencer', { name: 'Giorgi', lastname: 'Lomidze', emailVerified: false });
    const campaignId = await campaign();
    const body = { campaignId, influencerId: giorgi.profileId, message: 'Would you film our menu?' };
    const refused = await post('/api/invitations', client.cookie, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(ERROR_CODES.INFLUENCER_EMAIL_UNVERIFIED);
    expect(refused.json().error.message).toContain('Giorgi Lomidze has not verified their e-mail address yet');
    const invited = await t.db
      .select()
      .from(campaignInvitations)
      .where(
        and(eq(campaignInvitations.campaignId, campaignId), eq(campaignInvitations.influencerId, giorgi.profileId)),
      );
    expect(invited).toHaveLength(0);

    await confirm(giorgi);
    expect((await post('/api/invitations', client.cookie, body)).statusCode).toBe(201);
  });
});

describe('payouts need a confirmed address', () => {
  it('a batch leaves out an influencer whose address is unconfirmed; the next run after confirming pays them', async () => {
    const flow = orderFlow(t);
    const ready = await person(t, 'influencer');
    const lapsed = await person(t, 'influencer');
    for (const p of [ready, lapsed]) {
      const iban = await t.req({
        method: 'PUT',
        url: '/api/me/iban',
        cookie: p.cookie,
        body: { iban: 'GE29NB0000000101904917' },
      });
      expect(iban.statusCode).toBe(200);
    }
    const paid = await flow.approvedOrder({ client, influencer: ready, budget: 90 });
    const waiting = await flow.approvedOrder({ client, influencer: lapsed, budget: 70 });
    // Hired before the rule (an account of the old data): its approved work is there, its address unconfirmed.
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, lapsed.userId));

    const res = await post('/api/admin/payouts', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ waitingForEmail: 1, waitingForIban: 0 });
    const detail = (await t.req({ url: `/api/admin/payouts/${res.json().batch.id}`, cookie: admin })).json();
    const included = detail.payouts.flatMap((p: { items: { orderId: string }[] }) => p.items.map((i) => i.orderId));
    expect(included).toContain(paid.orderId);
    expect(included).not.toContain(waiting.orderId);

    await confirm(lapsed);
    const next = (await post('/api/admin/payouts', admin)).json();
    expect(next.waitingForEmail).toBe(0);
    const later = (await t.req({ url: `/api/admin/payouts/${next.batch.id}`, cookie: admin })).json();
    expect(later.payouts.flatMap((p: { items: { orderId: string }[] }) => p.items.map((i) => i.orderId))).toEqual([
      waiting.orderId,
    ]);
  });
});
