// Issue 21 §5.1: the bank's callback route under attack. Unsigned callbacks are refused before anything is written
// (200 of them grew the database by 58 MB), the body is capped, a NUL is a 400, and old events are pruned.
import { createSign } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, paymentEvents, payments } from '../../db/schema.ts';
import { fakeClock } from '../../test/fake-clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { orderFlow, type Person } from '../../test/order-flow.ts';
import { CALLBACK_BODY_LIMIT } from './payments.routes.ts';

const clock = fakeClock('2026-11-24T10:00:00Z');
let t: TestApp;
let client: Person;
let influencer: Person;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = await registerUser(t, 'client');
  influencer = await registerUser(t, 'influencer');
});
afterAll(() => t.close());

const ATTACKER = '203.0.113.7';
const post = (raw: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/bog/callback',
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
    remoteAddress: ATTACKER,
  });
const sign = (raw: string | Buffer) =>
  createSign('RSA-SHA256').update(raw).sign(t.bank.emulator.store.state.keyPair!.privateKeyPem, 'base64');
const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0]!.n;
const sizes = async () => {
  const { rows } = (await t.db.execute(
    sql`select pg_total_relation_size('payment_events')::bigint as events, pg_database_size(current_database())::bigint as db`,
  )) as unknown as { rows: { events: string | number; db: string | number }[] };
  return { events: Number(rows[0]!.events), db: Number(rows[0]!.db) };
};

/** A callback as the bank would send it for a real order of ours, padded up to `bytes`. */
async function callbackBody(bytes: number) {
  const { holdId } = await orderFlow(t).paidOrder({ client, influencer });
  const [hold] = await t.db.select().from(payments).where(eq(payments.id, holdId));
  const body = t.bank.emulator.controls.receipt(hold!.providerOrderId!) as Record<string, unknown>;
  const raw = (pad: number) =>
    JSON.stringify({
      event: 'order_payment',
      zoned_request_time: clock().toISOString(),
      body: { ...body, pad: 'x'.repeat(pad) },
    });
  return raw(bytes - Buffer.byteLength(raw(0)));
}

describe('unsigned callbacks', () => {
  it('200 from one address store nothing: not a row, not a byte of payment_events', async () => {
    const raw = await callbackBody(CALLBACK_BODY_LIMIT - 16);
    expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(CALLBACK_BODY_LIMIT);
    const rows = await eventCount();
    const before = await sizes();
    for (let sent = 0; sent < 200; sent += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(raw, i % 2 ? { 'callback-signature': 'bm90IGEgc2lnbmF0dXJl' } : {})),
      );
      for (const res of batch) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('CALLBACK_SIGNATURE_INVALID');
      }
    }
    const after = await sizes();
    // Before issue 21: each stored its raw body and JSON, 58 MB for 200 at the 64,000-character limit.
    expect(await eventCount()).toBe(rows);
    expect(after.events).toBe(before.events);
    expect(after.db - before.db).toBeLessThan(1024 * 1024);
    console.info(
      `200 unsigned callbacks of ${Buffer.byteLength(raw)} bytes: payment_events +${after.events - before.events} bytes, database +${after.db - before.db} bytes`,
    );
  });

  it('a body past the cap is refused before it is read whole; the previous 64 KB limit no longer applies', async () => {
    const big = await callbackBody(64 * 1000);
    const rows = await eventCount();
    const res = await post(big, { 'callback-signature': sign(big) });
    expect(res.statusCode).toBe(413);
    expect(await eventCount()).toBe(rows);
  });

  it('a NUL byte, raw or escaped, is a 400, never a 500, signed or not', async () => {
    const genuine = await callbackBody(2_000);
    const rows = await eventCount();
    const withByte = Buffer.concat([
      Buffer.from(genuine.slice(0, 40)),
      Buffer.from([0]),
      Buffer.from(genuine.slice(40)),
    ]);
    const escaped = genuine.replace('"pad":"x', '"pad":"\\u0000x');
    for (const [raw, signature] of [
      [withByte, undefined],
      [withByte, sign(withByte)],
      [escaped, undefined],
      [escaped, sign(escaped)],
    ] as const) {
      const res = await post(raw, signature ? { 'callback-signature': signature } : {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CALLBACK_UNREADABLE');
    }
    expect(await eventCount()).toBe(rows);
  });

  it('a genuine callback still applies, once, however often it comes', async () => {
    const raw = await callbackBody(3_000);
    const rows = await eventCount();
    for (let i = 0; i < 3; i++) expect((await post(raw, { 'callback-signature': sign(raw) })).statusCode).toBe(200);
    expect(await eventCount()).toBe(rows + 1);
  });
});

describe('retention', () => {
  it('deletes events past the window, keeping those the ledger names and those of payments still open', async () => {
    const flow = orderFlow(t);
    // A hold released (cancelled before work): settled, its ledger naming some of its events.
    const cancelled = await flow.paidOrder({ client, influencer });
    expect(
      (await t.req({ method: 'POST', url: `/api/orders/${cancelled.orderId}/cancel`, cookie: client.cookie }))
        .statusCode,
    ).toBe(200);
    await t.jobs.runDue();
    const [released] = await t.db.select().from(payments).where(eq(payments.id, cancelled.holdId));
    expect(released!.status).toBe('released');
    // A hold still on the card: open.
    const held = await flow.paidOrder({ client, influencer });
    // A refused callback stored before issue 21 (nothing stores them any more).
    const [legacy] = await t.db
      .insert(paymentEvents)
      .values({ source: 'callback', rawBody: '{}', signatureValid: false, receivedAt: clock() })
      .returning();

    const eventsOf = async (paymentId: string) =>
      (await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map((e) => e.id);
    const releasedEvents = await eventsOf(cancelled.holdId);
    const heldEvents = await eventsOf(held.holdId);
    const named = (
      await t.db
        .select({ id: ledgerEntries.eventId })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.paymentId, [cancelled.holdId, held.holdId]))
    )
      .map((l) => l.id)
      .filter((id) => id !== null);
    const unnamed = releasedEvents.filter((id) => !named.includes(id));
    expect(named.length).toBeGreaterThan(0);
    expect(unnamed.length).toBeGreaterThan(0);
    expect(heldEvents.length).toBeGreaterThan(0);

    // Everything is 100 days old now, but for one fresh event of the settled payment.
    const [fresh] = await t.db
      .insert(paymentEvents)
      .values({ paymentId: cancelled.holdId, source: 'receipt', rawBody: '{}', receivedAt: clock() })
      .returning();
    await t.db
      .update(paymentEvents)
      .set({ receivedAt: new Date(clock().getTime() - 100 * 24 * 3600_000) })
      .where(inArray(paymentEvents.id, [...releasedEvents, ...heldEvents]));

    await t.jobs.enqueue('payments.prune-events', {});
    const ran = await t.jobs.runDue();
    expect(ran.filter((r) => r.kind === 'payments.prune-events').map((r) => r.outcome)).toEqual(['done']);
    const left = new Set((await t.db.select({ id: paymentEvents.id }).from(paymentEvents)).map((e) => e.id));
    for (const id of unnamed) expect(left.has(id), `unnamed ${id}`).toBe(false);
    expect(left.has(legacy!.id)).toBe(false);
    for (const id of [...named, ...heldEvents, fresh!.id]) expect(left.has(id!), `kept ${id}`).toBe(true);
  });
});
