// Monthly payouts (issue 10 §5, decision 016): every approved, captured order not yet paid out is gathered, per
// influencer with a confirmed e-mail address (issue 23 §2) and a valid IBAN, into a batch; an admin downloads the bank transfer file and marks the batch paid,
// which writes the ledger and mails each influencer a statement. An order is in at most one batch (a unique index).
import { formatGel } from '@app/shared/format/format';
import { languageOr } from '@app/shared/i18n/language';
import { ibanProblem, maskIban } from '@app/shared/payouts/iban';
import type {
  EarningsResponse,
  PayoutBatchDetail,
  PayoutBatchList,
  PayoutBatchSummary,
  RunPayoutsResponse,
} from '@app/shared/payouts/payout.schemas';
import type { Db, Tx } from '../../db/client.ts';
import type { payoutBatches } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { notices } from '../../integrations/mail/notice-texts.ts';
import { payoutStatementMail } from '../../integrations/mail/templates.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import { byPayout, commissionOf, csvCell, fromCursor, periodLabel, tbilisiMonth, toCursor } from './payout-format.ts';
import type { EligibleOrder, PayoutsRepository } from './payouts.repository.ts';

type Trigger = 'schedule' | 'admin' | 'cli';
type Log = { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };

export { commissionOf, csvCell, periodLabel, tbilisiMonth } from './payout-format.ts';

export function createPayoutsService(deps: {
  db: Db;
  repo: PayoutsRepository;
  mailer: Mailer;
  jobs: JobRunner;
  publicUrl: string;
  commissionBps: number;
  clock: () => Date;
  log: Log;
  /** The notification centre's port: each paid influencer's screens and centre hear of it (issue 24). */
  announce: Announce;
  /** The payments feature's ledger: a paid batch's money leaving us is written there (its own table). */
  ledger: {
    addPayoutEntries(
      tx: Tx,
      rows: {
        orderId: string;
        kind: 'payout' | 'commission';
        amountMinor: number;
        dedupeKey: string;
        createdAt: Date;
      }[],
    ): Promise<void>;
  };
}) {
  const { db, repo, mailer, jobs, publicUrl, commissionBps, clock, log } = deps;

  function summary(
    batch: typeof payoutBatches.$inferSelect,
    totals: {
      influencerCount: number;
      orderCount: number;
      grossMinor: number;
      commissionMinor: number;
      netMinor: number;
    },
  ): PayoutBatchSummary {
    return {
      id: batch.id,
      period: batch.period,
      status: batch.status as PayoutBatchSummary['status'],
      trigger: batch.trigger as PayoutBatchSummary['trigger'],
      cutoffAt: batch.cutoffAt.toISOString(),
      createdAt: batch.createdAt.toISOString(),
      paidAt: batch.paidAt?.toISOString() ?? null,
      commissionBps: batch.commissionBps,
      ...totals,
    };
  }

  async function detail(id: string): Promise<PayoutBatchDetail> {
    const batch = await repo.batch(db, id);
    if (!batch) throw notFound('Payout batch');
    const { people, lines } = await repo.batchPayouts(db, id);
    const linesOf = byPayout(lines);
    const payouts = people.map((p) => ({
      id: p.payout.id,
      influencer: { id: p.payout.influencerId, name: p.name, lastname: p.lastname, email: p.email },
      iban: p.payout.iban,
      accountName: p.payout.accountName,
      status: p.payout.status as 'pending' | 'sent' | 'failed',
      grossMinor: p.payout.grossMinor,
      commissionMinor: p.payout.commissionMinor,
      netMinor: p.payout.amountMinor,
      items: (linesOf.get(p.payout.id) ?? []).map((l) => ({
        orderId: l.orderId,
        campaignId: l.campaignId,
        campaignTitle: l.campaignTitle,
        approvedAt: l.approvedAt?.toISOString() ?? null,
        grossMinor: l.grossMinor,
        commissionMinor: l.commissionMinor,
        netMinor: l.netMinor,
      })),
    }));
    const sum = (f: (p: (typeof payouts)[number]) => number) => payouts.reduce((a, p) => a + f(p), 0);
    return {
      ...summary(batch, {
        influencerCount: payouts.length,
        orderCount: lines.length,
        grossMinor: sum((p) => p.grossMinor),
        commissionMinor: sum((p) => p.commissionMinor),
        netMinor: sum((p) => p.netMinor),
      }),
      payouts,
    };
  }

  const service = {
    // ---- the influencer's IBAN and earnings ---------------------------------------------------------------------

    async getIban(actor: Actor): Promise<{ iban: string | null }> {
      return { iban: await repo.iban(db, profileOf(actor, 'influencer')) };
    },

    /** `iban` has passed the shared schema (normalized, country format, check digits). */
    async saveIban(actor: Actor, iban: string): Promise<{ iban: string }> {
      await repo.saveIban(db, profileOf(actor, 'influencer'), iban);
      return { iban };
    },

    async earnings(actor: Actor): Promise<EarningsResponse> {
      const influencerId = profileOf(actor, 'influencer');
      const [batched, unbatched, inReviewMinor, iban] = await Promise.all([
        repo.batchedByMonth(db, influencerId),
        repo.unbatchedByMonth(db, influencerId),
        repo.inReviewMinor(db, influencerId),
        repo.iban(db, influencerId),
      ]);
      const months = new Map<string, { paidOutMinor: number; pendingMinor: number }>();
      const now = clock();
      for (let i = 5; i >= 0; i--) {
        const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 15));
        months.set(tbilisiMonth(d), { paidOutMinor: 0, pendingMinor: 0 });
      }
      let paidOutMinor = 0;
      let pendingPayoutMinor = 0;
      for (const b of batched) {
        const m = months.get(b.month);
        if (b.status === 'paid') {
          paidOutMinor += b.netMinor;
          if (m) m.paidOutMinor += b.netMinor;
        } else {
          pendingPayoutMinor += b.netMinor;
          if (m) m.pendingMinor += b.netMinor;
        }
      }
      for (const u of unbatched) {
        const net = u.grossMinor - commissionOf(u.grossMinor, commissionBps);
        pendingPayoutMinor += net;
        const m = months.get(u.month);
        if (m) m.pendingMinor += net;
      }
      return {
        paidOutMinor,
        pendingPayoutMinor,
        inReviewMinor,
        commissionBps,
        hasIban: iban !== null,
        months: [...months].map(([month, v]) => ({ month, ...v })),
      };
    },

    // ---- batches ------------------------------------------------------------------------------------------------

    /**
     * Gathers every approved order approved before now and in no payout yet, per influencer with a valid IBAN, into
     * one new batch (none when nothing waits). Runs of the schedule, an admin and the CLI take turns on a lock.
     */
    async run(trigger: Trigger, createdBy: string | null): Promise<RunPayoutsResponse> {
      const cutoff = clock();
      const result = await db.transaction(async (tx) => {
        await repo.lockBatchMaking(tx);
        const eligible = await repo.eligible(tx, cutoff);
        const byInfluencer = new Map<string, EligibleOrder[]>();
        for (const o of eligible) {
          const list = byInfluencer.get(o.influencerId) ?? [];
          list.push(o);
          byInfluencer.set(o.influencerId, list);
        }
        // An unconfirmed address waits first (the statement might reach nobody), then a missing or invalid IBAN.
        const confirmed = [...byInfluencer.values()].filter((orders) => orders[0]!.emailVerified);
        const waitingForEmail = byInfluencer.size - confirmed.length;
        const payable = confirmed.filter(
          (orders) => orders[0]!.iban !== null && ibanProblem(orders[0]!.iban!) === null,
        );
        const waitingForIban = confirmed.length - payable.length;
        if (payable.length === 0) return { batch: null, waitingForIban, waitingForEmail };

        // Named after the month of its newest approval: the run on the 1st pays last month's work.
        const newest = payable.flat().reduce((a, o) => Math.max(a, o.approvedAt?.getTime() ?? 0), 0);
        const period = `${tbilisiMonth(new Date(newest))}-01`;
        const batch = await repo.insertBatch(tx, {
          period,
          status: 'open',
          cutoffAt: cutoff,
          commissionBps,
          trigger,
          createdBy,
          createdAt: cutoff,
        });
        const totals = { influencerCount: 0, orderCount: 0, grossMinor: 0, commissionMinor: 0, netMinor: 0 };
        const items: Parameters<typeof repo.insertItems>[1] = [];
        for (const orders of payable) {
          const first = orders[0]!;
          const lines = orders.map((o) => {
            const commission = commissionOf(o.grossMinor, commissionBps);
            return { orderId: o.orderId, grossMinor: o.grossMinor, commissionMinor: commission };
          });
          const gross = lines.reduce((a, l) => a + l.grossMinor, 0);
          const commission = lines.reduce((a, l) => a + l.commissionMinor, 0);
          const payout = await repo.insertPayout(tx, {
            batchId: batch.id,
            influencerId: first.influencerId,
            period,
            iban: first.iban!,
            accountName: `${first.name} ${first.lastname}`.trim(),
            grossMinor: gross,
            commissionMinor: commission,
            amountMinor: gross - commission,
            createdAt: cutoff,
          });
          for (const l of lines)
            items.push({ payoutId: payout.id, ...l, amountMinor: l.grossMinor - l.commissionMinor });
          totals.influencerCount += 1;
          totals.orderCount += lines.length;
          totals.grossMinor += gross;
          totals.commissionMinor += commission;
          totals.netMinor += gross - commission;
        }
        await repo.insertItems(tx, items);
        return { batch: summary(batch, totals), waitingForIban, waitingForEmail };
      });
      log.info(
        { trigger, batchId: result.batch?.id ?? null, orders: result.batch?.orderCount ?? 0 },
        'payouts: batch run',
      );
      return result;
    },

    async list(query: { cursor?: string; limit: number }): Promise<PayoutBatchList> {
      const rows = await repo.listBatches(db, query.limit + 1, query.cursor ? fromCursor(query.cursor) : undefined);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? toCursor((await repo.batchCursorTime(db, last.batch.id))!, last.batch.id)
          : null;
      return { items: page.map((r) => summary(r.batch, r)), nextCursor };
    },

    detail,

    /** The bank transfer file: one line per influencer (IBAN, name, amount in GEL with two decimals, purpose). */
    async transferFile(id: string): Promise<{ filename: string; csv: string }> {
      const d = await detail(id);
      const label = periodLabel(d.period);
      const lines = [
        ['IBAN', 'Name', 'Amount (GEL)', 'Purpose'].map(csvCell).join(','),
        ...d.payouts.map((p) =>
          [
            p.iban,
            p.accountName,
            (p.netMinor / 100).toFixed(2),
            `Influence payout ${label}, ${p.items.length} order${p.items.length === 1 ? '' : 's'}`,
          ]
            .map(csvCell)
            .join(','),
        ),
      ];
      return { filename: `payouts-${d.period.slice(0, 7)}-${d.id.slice(0, 8)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
    },

    /**
     * Once the transfers are made at the bank: the batch is `paid` (once), the ledger gets each order's payout and
     * commission, and each influencer is mailed a statement, all in one transaction. Refused when an order's money
     * changed since the batch was made (a refund): make a new batch instead.
     */
    async markPaid(actor: Actor, id: string): Promise<PayoutBatchDetail> {
      const now = clock();
      await db.transaction(async (tx) => {
        const batch = await repo.batch(tx, id, true);
        if (!batch) throw notFound('Payout batch');
        if (batch.status === 'paid') {
          throw new AppError('ALREADY_PAID', 'This batch has already been marked paid.', 409);
        }
        const { people, lines } = await repo.batchPayouts(tx, id);
        const changed = lines.filter((l) => l.ledgerGrossMinor !== l.grossMinor);
        if (changed.length > 0) {
          throw new AppError(
            'BATCH_CHANGED',
            `The money of ${changed.length} order(s) in this batch changed after it was made (a refund). Nothing was marked paid.`,
            409,
            { orderIds: changed.map((l) => l.orderId) },
          );
        }
        if (!(await repo.markBatchPaid(tx, id, actor.userId, now))) {
          throw new AppError('ALREADY_PAID', 'This batch has already been marked paid.', 409);
        }
        await deps.ledger.addPayoutEntries(tx, [
          ...lines
            .filter((l) => l.netMinor > 0)
            .map((l) => ({
              orderId: l.orderId,
              kind: 'payout' as const,
              amountMinor: l.netMinor,
              dedupeKey: `payout:${l.orderId}`,
              createdAt: now,
            })),
          ...lines
            .filter((l) => l.commissionMinor > 0)
            .map((l) => ({
              orderId: l.orderId,
              kind: 'commission' as const,
              amountMinor: l.commissionMinor,
              dedupeKey: `commission:${l.orderId}`,
              createdAt: now,
            })),
        ]);
        const linesOf = byPayout(lines);
        for (const p of people) {
          const mine = linesOf.get(p.payout.id) ?? [];
          const language = languageOr(p.language);
          const gel = (minor: number) => formatGel(minor, language);
          await mailer.send(
            payoutStatementMail({
              to: p.email,
              name: p.name,
              periodLabel: periodLabel(batch.period, language),
              iban: maskIban(p.payout.iban),
              lines: mine.map((l) => ({
                title: l.campaignTitle,
                gross: gel(l.grossMinor),
                commission: gel(l.commissionMinor),
                net: gel(l.netMinor),
              })),
              total: {
                gross: gel(p.payout.grossMinor),
                commission: gel(p.payout.commissionMinor),
                net: gel(p.payout.amountMinor),
              },
              url: `${publicUrl}/settings?section=payment`,
              language,
            }),
            { tx },
          );
          const influencer = { role: 'influencer', profileId: p.payout.influencerId } as const;
          await deps.announce(tx, {
            kind: 'payout',
            link: '/settings?section=payment',
            parties: [influencer],
            frame: { type: 'payouts.changed' },
            tell: [
              {
                to: influencer,
                text: (f) =>
                  notices.payout(f, periodLabel(batch.period, f.language), formatGel(p.payout.amountMinor, f.language)),
              },
            ],
          });
        }
      });
      return detail(id);
    },
  };

  // On the 1st of each month at 00:00 in Tbilisi; a lost run is not repeated per missed month (the next run gathers
  // everything still waiting anyway).
  jobs.define('payouts.monthly', async () => void (await service.run('schedule', null)), {
    maxAttempts: 5,
    leaseMs: 30 * 60_000,
  });
  jobs.schedule('payouts-monthly', { cron: '0 0 1 * *', tz: 'Asia/Tbilisi' }, 'payouts.monthly');

  return service;
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
