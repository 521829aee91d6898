// The demo's paid orders are played once, on the first start, over the API. A first start is busy (migrations, the
// seed's password hashes) and on a loaded machine the server sheds requests with 503; the demo must ride that out, or
// `npm start` leaves the demo without its paid orders, saved card and payout for good.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_CAMPAIGNS } from './demo-data.ts';
import { playDemoOrders } from './demo-orders.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  // Load shedding on, with a threshold a stuck event loop crosses at once (as hot-paths.test.ts does).
  t = await createTestApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '5' });
  await seedDemo(t.db);
});
afterAll(() => t.close());

describe('the demo orders on a busy first start', () => {
  it('are all played although the server sheds their first requests (503): each is asked again', async () => {
    // The real app, with every answer it gives the demo written down.
    const statuses: number[] = [];
    const app = new Proxy(t.app, {
      get: (target, key) =>
        key === 'inject'
          ? async (opts: InjectOptions) => {
              const res = await target.inject(opts);
              statuses.push(res.statusCode);
              return res;
            }
          : Reflect.get(target, key),
    }) as FastifyInstance;
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (o: object, m?: string) => warnings.push(`${m} ${JSON.stringify(o)}`) };

    // The event loop stuck, as during a first start's password hashes on a loaded machine.
    const until = Date.now() + 700;
    while (Date.now() < until) {
      // busy
    }
    await new Promise((r) => setTimeout(r, 0)); // the overdue sample runs: the server is now shedding

    const played = await playDemoOrders({
      app,
      db: t.db,
      publicUrl: t.config.publicUrl,
      bankUrl: t.bank.url,
      log,
      retryMs: 200,
    });

    expect(statuses).toContain(503); // it was shed...
    expect(warnings).toEqual([]); // ...and nothing was given up
    expect(played).toBe(DEMO_CAMPAIGNS.filter((c) => c.progress).length);
    const orders = (
      (await t.db.execute(
        `select c.title, o.status, o.work_status, o.approval_status from orders o join campaigns c on c.id = o.campaign_id`,
      )) as unknown as { rows: { title: string; status: string; work_status: string; approval_status: string }[] }
    ).rows;
    for (const c of DEMO_CAMPAIGNS.filter((d) => d.progress)) {
      const order = orders.find((o) => o.title === c.title);
      expect(order?.status, c.title).toBe('paid');
      if (c.progress === 'paid_out') expect(order?.approval_status, c.title).toBe('approved');
    }
    const extras = (
      (await t.db.execute(
        `select (select count(*)::int from saved_cards) as cards, (select count(*)::int from payout_batches where status = 'paid') as paid_batches`,
      )) as unknown as { rows: { cards: number; paid_batches: number }[] }
    ).rows[0]!;
    expect(extras).toEqual({ cards: 1, paid_batches: 1 });
  });
});
