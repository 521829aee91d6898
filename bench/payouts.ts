// npm run bench:payouts [-- --pg]
// The monthly payout run (apps/server/src/features/payouts) over BENCH_PAYOUT_ORDERS approved, captured orders
// (default 10,000) of BENCH_PAYOUT_INFLUENCERS influencers (default 500) with IBANs: the time and the memory of making
// the batch, then of marking it paid (a ledger entry per order, a statement mail per influencer). The orders are
// written straight into the database (the money path itself is bench:payments); numbers, not assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import {
  campaignApplications,
  campaigns,
  clients,
  influencers,
  ledgerEntries,
  orders,
} from '../apps/server/src/db/schema.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { createNotificationsRepository } from '../apps/server/src/features/notifications/notifications.repository.ts';
import { createNotificationsService } from '../apps/server/src/features/notifications/notifications.service.ts';
import { createUnsubscribeTokens } from '../apps/server/src/features/notifications/unsubscribe-token.ts';
import { createPaymentsRepository } from '../apps/server/src/features/payments/payments.repository.ts';
import { createPayoutsRepository } from '../apps/server/src/features/payouts/payouts.repository.ts';
import { createPayoutsService } from '../apps/server/src/features/payouts/payouts.service.ts';
import { createMailer } from '../apps/server/src/integrations/mail/mailer.ts';
import { createJobRunner } from '../apps/server/src/jobs/job-runner.ts';
import { createRealtimeHub } from '../apps/server/src/realtime/hub.ts';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';

const usePg = process.argv.includes('--pg');
const ORDERS = Number(process.env.BENCH_PAYOUT_ORDERS ?? 10_000);
const INFLUENCERS = Number(process.env.BENCH_PAYOUT_INFLUENCERS ?? 500);
const log = (m: string) => console.log(`[bench:payouts] ${m}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

let stopPg: (() => void) | undefined;
let database: Database;
const work = mkdtempSync(join(tmpdir(), 'bench-payouts-'));
if (usePg) {
  const pg = await startThrowawayPostgres({ quiet: true });
  stopPg = pg.stop;
  database = await openPostgres(pg.url, { onIdleError: () => {} });
} else {
  database = await openPglite(join(work, 'db'));
}
const db = database.db;
await seedReference(db);

// ---- data: one client, INFLUENCERS influencers with IBANs, ORDERS approved orders with their capture ------------
const t0 = performance.now();
const auth = createAuthRepository(db);
const account = async (role: 'client' | 'influencer', i: number) => {
  const created = await db.transaction((tx) =>
    auth.createAccount(
      {
        id: crypto.randomUUID(),
        role,
        email: `${role}${i}@bench.test`,
        passwordHash: 'x',
        name: `Name${i}`,
        lastname: 'Bench',
        mobile: null,
        companyId: null,
        categoryIds: [],
        emailVerified: true,
        isOnboarded: true,
      },
      tx,
    ),
  );
  return created;
};
await account('client', 0);
for (let i = 0; i < INFLUENCERS; i++) await account('influencer', i);
await db.execute(sql`update influencers set iban = 'GE29NB0000000101904917'`);
const [client] = await db.select({ id: clients.id }).from(clients).limit(1);
const clientId = client!.id;
const influencerIds = (await db.select({ id: influencers.id }).from(influencers)).map((r) => r.id);
const approvedAt = new Date(Date.now() - 3_600_000);
for (let start = 0; start < ORDERS; start += 1000) {
  const n = Math.min(1000, ORDERS - start);
  const cs = await db
    .insert(campaigns)
    .values(
      Array.from({ length: n }, (_, k) => ({
        clientId,
        title: `Bench ${start + k}`,
        description: 'Bench',
        budgetMinor: 10_000 + ((start + k) % 97) * 100,
        socials: ['instagram'],
        status: 'done',
      })),
    )
    .returning({ id: campaigns.id, budgetMinor: campaigns.budgetMinor });
  const apps = await db
    .insert(campaignApplications)
    .values(
      cs.map((c, k) => ({
        campaignId: c.id,
        influencerId: influencerIds[(start + k) % influencerIds.length]!,
        status: 'accepted',
      })),
    )
    .returning({ id: campaignApplications.id });
  const os = await db
    .insert(orders)
    .values(
      cs.map((c, k) => ({
        campaignId: c.id,
        applicationId: apps[k]!.id,
        clientId,
        influencerId: influencerIds[(start + k) % influencerIds.length]!,
        status: 'paid',
        amountMinor: c.budgetMinor,
        workStatus: 'completed',
        approvalStatus: 'approved',
        approvedAt,
      })),
    )
    .returning({ id: orders.id, amountMinor: orders.amountMinor });
  await db
    .insert(ledgerEntries)
    .values(
      os.map((o) => ({ orderId: o.id, kind: 'capture', amountMinor: o.amountMinor, dedupeKey: `capture:${o.id}` })),
    );
}
log(
  `${database.engine}: ${ORDERS} approved orders of ${INFLUENCERS} influencers written in ${Math.round(performance.now() - t0)} ms`,
);

// ---- the run and the marking paid ---------------------------------------------------------------------------------
const jobs = createJobRunner({ db });
const mailer = createMailer({ db, jobs, smtpUrl: null, from: 'bench@example.test' });
// Marking a batch paid tells each influencer (issue 24): measured with it, as the server does it.
const notifications = createNotificationsService({
  db,
  repo: createNotificationsRepository(db),
  hub: createRealtimeHub({ db, listen: database.listen, log: { warn: () => {} } }),
  mailer,
  tokens: createUnsubscribeTokens({
    secret: 'bench-secret-bench-secret-bench-secret',
    publicUrl: 'http://localhost:3000',
  }),
  publicUrl: 'http://localhost:3000',
  clock: () => new Date(),
});
const payouts = createPayoutsService({
  db,
  repo: createPayoutsRepository(),
  ledger: createPaymentsRepository(db),
  mailer,
  announce: notifications.announce,
  jobs,
  publicUrl: 'http://localhost:3000',
  commissionBps: 250,
  clock: () => new Date(),
  log: { info: () => {}, warn: () => {} },
});

/**
 * Time and memory of one step. PGlite runs its WASM on this thread, so a timer cannot sample during a statement:
 * memory is read before and after, and the process's peak resident size (getrusage maxrss) is reported too.
 */
async function measure<T>(what: string, fn: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  const t = performance.now();
  const result = await fn();
  const ms = Math.round(performance.now() - t);
  const after = process.memoryUsage();
  const figures = {
    ms,
    heapAfterMb: mb(after.heapUsed),
    heapGrowthMb: mb(after.heapUsed - before.heapUsed),
    rssAfterMb: mb(after.rss),
    rssGrowthMb: mb(after.rss - before.rss),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  log(`${what}: ${JSON.stringify(figures)}`);
  return { result, figures };
}

const made = await measure('make the batch', () => payouts.run('cli', null));
const batch = made.result.batch!;
log(
  `batch: ${batch.orderCount} orders, ${batch.influencerCount} influencers, gross ${batch.grossMinor}, commission ${batch.commissionMinor}, net ${batch.netMinor}`,
);
const csv = await measure('the transfer file', () => payouts.transferFile(batch.id));
const paid = await measure('mark paid (ledger + statements)', () =>
  payouts.markPaid({ role: 'admin', userId: null, profileId: null } as never, batch.id),
);
const total = async (kind: string) =>
  (
    await db
      .select({ t: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::bigint` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.kind} = ${kind}`)
  )[0]!.t;
const check = {
  captured: await total('capture'),
  paid_out: await total('payout'),
  commission: await total('commission'),
};
log(`ledger: captured ${check.captured} = paid out ${check.paid_out} + commission ${check.commission}`);

const results = {
  engine: database.engine,
  orders: ORDERS,
  influencers: INFLUENCERS,
  cpus: cpus().length,
  loadavg: loadavg(),
  makeBatch: made.figures,
  transferFile: { ...csv.figures, bytes: csv.result.csv.length },
  markPaid: { ...paid.figures, orders: paid.result.orderCount },
  ledger: check,
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/payouts-${database.engine}.json`, import.meta.url), JSON.stringify(results, null, 2));
console.table({
  'make the batch': made.figures,
  'transfer file': csv.figures,
  'mark paid': paid.figures,
});
await database.close();
stopPg?.();
rmSync(work, { recursive: true, force: true });
