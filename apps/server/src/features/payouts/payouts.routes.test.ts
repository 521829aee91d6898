// Issue 10 §4-5: the influencer's IBAN and the monthly payouts, through HTTP on the real database, the money through
// the bank emulator. The ledger must balance: held = captured + released + still held; captured = paid out +
// commission + refunded + pending payout.
import { IBAN_MESSAGES } from '@app/shared/payouts/iban';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencers, ledgerEntries, mailOutbox, payoutItems } from '../../db/schema.ts';
import { fakeClock, HOUR } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../../test/harness.ts';
import { orderFlow, type Person } from '../../test/order-flow.ts';

const GE = 'GE29NB0000000101904917';
const GE_TBC = 'GE79TB1100000036010121';

let t: TestApp;
let flow: ReturnType<typeof orderFlow>;
let client: Person;
let influencer: Person;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  flow = orderFlow(t);
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const putIban = (cookie: string | undefined, iban: unknown) =>
  t.req({ method: 'PUT', url: '/api/me/iban', cookie, body: { iban } });
const run = (cookie = admin) => t.req({ method: 'POST', url: '/api/admin/payouts', cookie });
const markPaid = (id: string, cookie = admin) =>
  t.req({ method: 'POST', url: `/api/admin/payouts/${id}/paid`, cookie });
const storedIban = async (userId: string) =>
  (await t.db.select({ iban: influencers.iban }).from(influencers).where(eq(influencers.userId, userId)))[0]!.iban;

/** Ledger totals over every order in this database. */
async function ledgerTotals() {
  const rows = await t.db
    .select({ kind: ledgerEntries.kind, total: sql<number>`sum(${ledgerEntries.amountMinor})::int` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.kind);
  const of = (k: string) => rows.find((r) => r.kind === k)?.total ?? 0;
  return {
    hold: of('hold'),
    release: of('release'),
    capture: of('capture'),
    refund: of('refund'),
    payout: of('payout'),
    commission: of('commission'),
  };
}

describe('IBAN (spec §5)', () => {
  it('is saved only when valid, normalized, and read back', async () => {
    const me = await registerUser(t, 'influencer');
    expect((await t.req({ url: '/api/me/iban', cookie: me.cookie })).json()).toEqual({ iban: null });
    const saved = await putIban(me.cookie, ' ge29 nb00 0000 0101 9049 17 ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ iban: GE });
    expect((await t.req({ url: '/api/me/iban', cookie: me.cookie })).json()).toEqual({ iban: GE });
  });

  it.each([
    ['', IBAN_MESSAGES.required],
    ['GE29NB00000', IBAN_MESSAGES.length],
    ['GE29NB0000000101904918', IBAN_MESSAGES.checksum],
    ['GE83NB000000010190491A', IBAN_MESSAGES.format],
    ['XX29NB0000000101904917', IBAN_MESSAGES.country],
  ])('refuses %j with its message and keeps the saved one', async (bad, message) => {
    const me = await registerUser(t, 'influencer');
    await putIban(me.cookie, GE_TBC);
    const res = await putIban(me.cookie, bad);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await storedIban(me.userId)).toBe(GE_TBC);
  });

  it('is for influencers: clients and admins 403, signed out 401, a non-string 400', async () => {
    expect((await putIban(client.cookie, GE)).statusCode).toBe(403);
    expect((await putIban(admin, GE)).statusCode).toBe(403);
    expect((await putIban(undefined, GE)).statusCode).toBe(401);
    expect((await t.req({ url: '/api/me/iban', cookie: client.cookie })).statusCode).toBe(403);
    expect((await t.req({ url: '/api/me/earnings', cookie: client.cookie })).statusCode).toBe(403);
    expect((await putIban(influencer.cookie, 12)).statusCode).toBe(400);
  });
});

describe('payout batches', () => {
  it('gathers approved, captured orders per influencer with an IBAN; totals equal the captures to the tetri', async () => {
    const paid = await registerUser(t, 'influencer');
    const noIban = await registerUser(t, 'influencer');
    await putIban(paid.cookie, GE);
    const a = await flow.approvedOrder({ client, influencer: paid, budget: 120 });
    const b = await flow.approvedOrder({ client, influencer: paid, budget: 87 });
    const inReview = await flow.submittedOrder({ client, influencer: paid, budget: 50 });
    const waiting = await flow.approvedOrder({ client, influencer: noIban, budget: 60 });

    // Not for clients, influencers or strangers.
    expect((await run(client.cookie)).statusCode).toBe(403);
    expect((await run(paid.cookie)).statusCode).toBe(403);
    expect((await t.req({ method: 'POST', url: '/api/admin/payouts' })).statusCode).toBe(401);

    const res = await run();
    expect(res.statusCode).toBe(200);
    const { batch, waitingForIban } = res.json();
    expect(waitingForIban).toBeGreaterThanOrEqual(1);
    const detail = (await t.req({ url: `/api/admin/payouts/${batch.id}`, cookie: admin })).json();
    const mine = detail.payouts.find((p: { iban: string; items: unknown[] }) => p.iban === GE && p.items.length === 2);
    expect(mine).toMatchObject({ iban: GE, accountName: 'Test Person', grossMinor: 20_700, netMinor: 20_700 });
    expect(mine.items.map((i: { orderId: string }) => i.orderId).sort()).toEqual([a.orderId, b.orderId].sort());
    const all = detail.payouts.flatMap((p: { items: { orderId: string }[] }) => p.items.map((i) => i.orderId));
    expect(all).not.toContain(inReview.orderId);
    expect(all).not.toContain(waiting.orderId);
    // The batch's totals are its lines' sums, and each line is what the ledger says was captured.
    const captured = await t.db
      .select({ orderId: ledgerEntries.orderId, amount: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'capture'));
    const capturedOf = new Map(captured.map((c) => [c.orderId, c.amount]));
    let sum = 0;
    for (const p of detail.payouts) {
      for (const i of p.items) {
        expect(i.grossMinor).toBe(capturedOf.get(i.orderId));
        sum += i.grossMinor;
      }
    }
    expect(detail.grossMinor).toBe(sum);
    expect(detail.netMinor).toBe(sum);
    expect(batch).toMatchObject({ status: 'open', trigger: 'admin', orderCount: detail.orderCount });

    // Nothing new waits: a second run makes no batch; the influencer without an IBAN still waits.
    const again = (await run()).json();
    expect(again.batch).toBeNull();
    expect(again.waitingForIban).toBeGreaterThanOrEqual(1);

    // Once the IBAN is there, the next run pays them too.
    await putIban(noIban.cookie, GE_TBC);
    const next = (await run()).json();
    expect(next.batch).toMatchObject({ influencerCount: 1, orderCount: 1, grossMinor: 6_000 });
  });

  it('two runs at once: every order lands in exactly one batch', async () => {
    const who = await registerUser(t, 'influencer');
    await putIban(who.cookie, GE);
    const orders = [
      await flow.approvedOrder({ client, influencer: who, budget: 10 }),
      await flow.approvedOrder({ client, influencer: who, budget: 11 }),
    ];
    const [x, y] = await Promise.all([run(), run()]);
    const batches = [x.json().batch, y.json().batch].filter(Boolean);
    expect(batches.length).toBeGreaterThanOrEqual(1);
    for (const o of orders) {
      const rows = await t.db.select().from(payoutItems).where(eq(payoutItems.orderId, o.orderId));
      expect(rows).toHaveLength(1);
    }
    // The table refuses a second line for an order whatever the code does.
    const [row] = await t.db.select().from(payoutItems).where(eq(payoutItems.orderId, orders[0]!.orderId));
    await expect(
      t.db
        .insert(payoutItems)
        .values({ payoutId: row!.payoutId, orderId: row!.orderId, grossMinor: 1, commissionMinor: 0, amountMinor: 1 }),
    ).rejects.toThrow();
  });

  it('the transfer file: IBAN, name, amount in GEL with two decimals, purpose; a name cannot become a formula', async () => {
    const who = await registerUser(t, 'influencer', { name: '=HYPERLINK("x")', lastname: 'Doe, Jr' });
    await putIban(who.cookie, GE_TBC);
    await flow.approvedOrder({ client, influencer: who, budget: 1234 });
    const { batch } = (await run()).json();
    const res = await t.req({ url: `/api/admin/payouts/${batch.id}/transfers.csv`, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="payouts-\d{4}-\d{2}-[0-9a-f]{8}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"IBAN","Name","Amount (GEL)","Purpose"');
    expect(lines).toContain(
      `"${GE_TBC}","'=HYPERLINK(""x"") Doe, Jr","1234.00","Influence payout ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Asia/Tbilisi' }).format(new Date())}, 1 order"`,
    );
    expect(
      (await t.req({ url: `/api/admin/payouts/${batch.id}/transfers.csv`, cookie: client.cookie })).statusCode,
    ).toBe(403);
  });

  it('a name cannot become a formula in a locale whose list separator is ";" either (ka-GE Excel)', async () => {
    const who = await registerUser(t, 'influencer', { name: "Ana;=cmd|' /C calc'!A0", lastname: 'B;+1;-2;@SUM(1)' });
    await putIban(who.cookie, GE_TBC);
    await flow.approvedOrder({ client, influencer: who, budget: 50 });
    const { batch } = (await run()).json();
    const res = await t.req({ url: `/api/admin/payouts/${batch.id}/transfers.csv`, cookie: admin });
    const line = res.body.split('\r\n').find((l) => l.includes('cmd|'))!;
    // Excel in ka-GE splits a line on ";" whatever the file's own separator: no piece may start a formula.
    const pieces = line.split(/[;,]/).map((p) => p.replace(/^"/, ''));
    expect(pieces.filter((p) => /^[=+\-@\t\r]/.test(p))).toEqual([]);
    expect(line).toContain(`"Ana;'=cmd|' /C calc'!A0 B;'+1;'-2;'@SUM(1)"`);
    // And every cell is quoted, so the file's own separator splits nothing else.
    expect(line).toMatch(/^"GE\w+","[^"]*","50\.00","[^"]*"$/);
  });

  it('marked paid once: ledger entries, a statement mail, the earnings move; a refund is refused after', async () => {
    const who = await registerUser(t, 'influencer');
    await putIban(who.cookie, GE);
    const order = await flow.approvedOrder({ client, influencer: who, budget: 300 });
    await flow.submittedOrder({ client, influencer: who, budget: 40 });
    const before = (await t.req({ url: '/api/me/earnings', cookie: who.cookie })).json();
    expect(before).toMatchObject({ paidOutMinor: 0, pendingPayoutMinor: 30_000, inReviewMinor: 4_000, hasIban: true });

    const { batch } = (await run()).json();
    expect((await markPaid(batch.id, client.cookie)).statusCode).toBe(403);
    const paid = await markPaid(batch.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect(paid.json().paidAt).not.toBeNull();
    const twice = await markPaid(batch.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_PAID');

    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.orderId));
    expect(entries.filter((e) => e.kind === 'payout').map((e) => e.amountMinor)).toEqual([30_000]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    const statement = mails.find((m) => m.subject.startsWith('Your payout for'));
    expect(statement?.subject).toContain('300.00 GEL');
    // Issue 24 §3: the statement names the IBAN by its last four only.
    expect(statement?.text).toContain('to the IBAN ending 4917');
    expect(statement?.text).not.toContain('GE29');

    const after = (await t.req({ url: '/api/me/earnings', cookie: who.cookie })).json();
    expect(after).toMatchObject({ paidOutMinor: 30_000, pendingPayoutMinor: 0, inReviewMinor: 4_000 });
    expect(after.months).toHaveLength(6);
    expect(after.months.at(-1).paidOutMinor).toBe(30_000);

    // The money is the influencer's now: an admin refund is refused and nothing moves.
    const refund = await t.req({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/refund`,
      cookie: admin,
      body: { reason: 'The client disputes the post' },
    });
    console.log('REFUND', refund.body);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.code).toBe('ALREADY_PAID_OUT');
  });

  it('the ledger balances over every order this file made', async () => {
    const l = await ledgerTotals();
    const money = await Promise.all(
      (await t.db.selectDistinct({ id: ledgerEntries.orderId }).from(ledgerEntries)).map(
        async (o) =>
          (await t.req({ url: `/api/admin/orders/${o.id}/money`, cookie: admin })).json().stillHeldMinor as number,
      ),
    );
    const stillHeld = money.reduce((a, b) => a + b, 0);
    expect(l.hold).toBe(l.capture + l.release + stillHeld);
    // Pending payout: captured and not yet paid out (in an open batch, or not gathered yet).
    const entries = await t.db.select().from(ledgerEntries);
    const paidOut = new Set(entries.filter((e) => e.kind === 'payout').map((e) => e.orderId));
    const pending = entries
      .filter((e) => e.kind === 'capture' && !paidOut.has(e.orderId))
      .reduce((a, e) => a + e.amountMinor, 0);
    expect(pending).toBeGreaterThan(0);
    expect(l.capture).toBe(l.payout + l.commission + l.refund + pending);
  });

  it('the list pages newest first with a cursor; a forged cursor is a 400; an unknown batch 404', async () => {
    const page = (await t.req({ url: '/api/admin/payouts?limit=2', cookie: admin })).json();
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const rest = (await t.req({ url: `/api/admin/payouts?limit=50&cursor=${page.nextCursor}`, cookie: admin })).json();
    const ids = [...page.items, ...rest.items].map((b: { id: string }) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rest.items.length).toBeGreaterThanOrEqual(1);
    expect((await t.req({ url: '/api/admin/payouts?cursor=bm9wZQ', cookie: admin })).statusCode).toBe(400);
    expect((await t.req({ url: `/api/admin/payouts/${crypto.randomUUID()}`, cookie: admin })).statusCode).toBe(404);
    expect((await t.req({ url: '/api/admin/payouts', cookie: influencer.cookie })).statusCode).toBe(403);
  });
});

describe('the monthly run and the commission', () => {
  let u: TestApp;
  const clock = fakeClock('2026-11-30T12:00:00Z');
  beforeAll(async () => {
    u = await createTestApp({ PAYOUT_COMMISSION_BPS: '250' }, { clock });
  });
  afterAll(() => u.close());

  it('runs on the 1st at midnight in Tbilisi, keeps 2.5% and says so per line', async () => {
    const c = await registerUser(u, 'client');
    const i = await registerUser(u, 'influencer');
    await u.req({ method: 'PUT', url: '/api/me/iban', cookie: i.cookie, body: { iban: GE } });
    await orderFlow(u).approvedOrder({ client: c, influencer: i, budget: 199 });
    await u.jobs.runDue();
    const adminCookie = await signInAdmin(u);
    expect((await u.req({ url: '/api/admin/payouts', cookie: adminCookie })).json().items).toHaveLength(0);
    // Dec 1, 00:00 in Tbilisi is Nov 30, 20:00 UTC.
    clock.set('2026-11-30T20:00:00Z');
    clock.advance(HOUR / 60);
    await u.jobs.runDue();
    const [batch] = (await u.req({ url: '/api/admin/payouts', cookie: adminCookie })).json().items;
    expect(batch).toMatchObject({
      trigger: 'schedule',
      period: '2026-11-01',
      commissionBps: 250,
      grossMinor: 19_900,
      commissionMinor: 497,
      netMinor: 19_403,
    });
    const detail = (await u.req({ url: `/api/admin/payouts/${batch.id}`, cookie: adminCookie })).json();
    expect(detail.payouts[0].items[0]).toMatchObject({ grossMinor: 19_900, commissionMinor: 497, netMinor: 19_403 });
  });
});
