// Approving delivered work (spec §4, issue 21 §4): the approval is claimed on the order's row, the hold is captured at
// the bank, and the bank's word finishes it (the `approve` transition, applied by the PaymentOutcomes port in the
// transaction that records the capture). The review window's jobs remind both parties and approve by themselves.
import type { Tx } from '../../db/client.ts';
import { orderMails } from '../../integrations/mail/order-mails.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { PaymentOutcomes } from '../payments/payment-outcomes.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { approvalInProgress, captureFailed, MINUTE, type Order, type OrderContext, refusal } from './order-context.ts';
import { type MachineActor, SYSTEM } from './order-transitions.ts';

/**
 * An approval claim older than this belongs to a request that died between the bank and us: longer than an approval's
 * bank calls can take (the client's 3 attempts of 20 s, twice), so a capture it sent can no longer land.
 */
const CLAIM_STALE_MS = 3 * MINUTE;
/** A claim is checked against the bank's receipt this soon, whatever became of the request that made it. */
const SETTLE_CLAIM_AFTER_MS = 5_000;
const CAPTURED: readonly string[] = ['captured', 'partially_refunded', 'refunded'];

export function createOrderApproval(
  ctx: OrderContext,
  deps: { payments: PaymentsService; outcomes: PaymentOutcomes; jobs: JobRunner },
) {
  const { db, repo, machine, clock, log, tell } = ctx;
  const { payments, outcomes, jobs } = deps;

  const reminder = jobs.define<{ orderId: string; submission: number }>(
    'orders.review-reminder',
    async ({ job }) => {
      const o = await repo.order(db, job.payload.orderId);
      if (!o || o.submissionCount !== job.payload.submission || o.workStatus !== 'completed') return;
      if (o.approvalStatus === 'approved' || o.approvalStatus === 'rejected' || o.status !== 'paid') return;
      const when = o.reviewDeadlineAt;
      await db.transaction(async (tx) => {
        await tell(tx, o, 'client', orderMails.reviewReminderClient(o, when));
        await tell(tx, o, 'influencer', orderMails.reviewReminderInfluencer(o, when));
      });
    },
    { maxAttempts: 5 },
  );
  const autoApprove = jobs.define<{ orderId: string; submission: number }>(
    'orders.auto-approve',
    async ({ job }) => {
      const o = await repo.order(db, job.payload.orderId);
      if (!o || o.submissionCount !== job.payload.submission) return;
      if (o.status !== 'paid' || o.workStatus !== 'completed') return;
      if (o.approvalStatus === 'approved' || o.approvalStatus === 'rejected') return;
      // A window a dispute stopped (cleared) or that a withdrawn dispute opened again (later) is not this job's.
      if (!o.reviewDeadlineAt || o.reviewDeadlineAt.getTime() > clock().getTime()) return;
      // Throws while the bank cannot capture: the job tries again later (backoff), the client may still approve.
      await approve(o, SYSTEM);
    },
    { maxAttempts: 24, backoff: { baseMs: 15 * MINUTE, maxMs: 6 * 60 * MINUTE } },
  );
  // Written with every claim, in its transaction: a request that dies between the bank and us (a lost answer, a killed
  // instance) leaves this job behind, and whichever instance runs jobs settles the claim from the bank's receipt.
  const settleApproval = jobs.define<{ orderId: string }>(
    'orders.settle-approval',
    async ({ job }) => {
      if ((await settleClaim(job.payload.orderId)) === 'waiting') {
        throw new Error('the bank has not decided the approval’s capture yet');
      }
    },
    { maxAttempts: 12, backoff: { baseMs: 5_000, maxMs: MINUTE } },
  );
  // Every claim, whatever its age, for claims whose own job has given up or was never written (older releases).
  jobs.define('orders.settle-claims', async () => settleClaims(), { maxAttempts: 1 });
  jobs.schedule('orders-settle-claims', { every: '5m' }, 'orders.settle-claims');

  async function settleClaims() {
    for (const c of await repo.claims(100)) {
      await settleClaim(c.id).catch((err) =>
        log.error({ orderId: c.id, err }, 'an approval claim could not be settled'),
      );
    }
  }

  /**
   * An approval claim settled from the bank's receipt: captured, the approval is finished; a refused capture, the
   * claim goes. Undecided, it stays while a request may still be waiting on the bank (CLAIM_STALE_MS) and goes after,
   * but only on the bank's word: while its receipt cannot be read, a capture may have happened, and the claim is
   * what lets that capture finish the approval when the news arrives.
   */
  async function settleClaim(orderId: string): Promise<'none' | 'approved' | 'released' | 'waiting'> {
    const o = await repo.order(db, orderId);
    if (!o?.captureStartedAt) return 'none';
    const claimedAt = o.captureStartedAt;
    const hold = o.transactionId ? await payments.row(o.transactionId) : null;
    if (!hold) {
      await repo.releaseClaim(o.id, claimedAt);
      return 'released';
    }
    const { row, read } = CAPTURED.includes(hold.status) ? { row: hold, read: true } : await payments.readReceipt(hold);
    if (CAPTURED.includes(row.status)) {
      // The port finishes the approval when the capture is applied; if it was applied before (by the request that
      // then died), it did not see the claim, so it is run here (the machine applies an approval once).
      await db.transaction((tx) => outcomes.captured(tx, row));
      return (await repo.order(db, orderId))?.approvalStatus === 'approved' ? 'approved' : 'none';
    }
    if (!read) return 'waiting';
    const stale = claimedAt.getTime() < clock().getTime() - CLAIM_STALE_MS;
    if (stale || (await payments.captureRefusedSince(hold.id, claimedAt))) {
      await repo.releaseClaim(o.id, claimedAt);
      return 'released';
    }
    return 'waiting';
  }

  /**
   * Claims the approval (one at a time: a second click, a second tab or a rejection waits for it), captures the hold,
   * and lets the bank's word finish it. A capture the bank refuses, or cannot confirm, changes nothing and says so.
   */
  async function approve(o: Order, actor: MachineActor) {
    const now = clock();
    const staleBefore = now.getTime() - CLAIM_STALE_MS;
    const transactionId = await db
      .transaction(async (tx) => {
        const order = await machine.check(
          tx,
          'approve',
          o.id,
          actor,
          (x) => x.captureStartedAt === null || x.captureStartedAt.getTime() < staleBefore,
        );
        await repo.claim(tx, o.id, { at: now, by: actor.userId });
        await settleApproval.enqueue(
          { orderId: o.id },
          {
            tx,
            runAt: new Date(now.getTime() + SETTLE_CLAIM_AFTER_MS),
            dedupeKey: `orders.settle-approval:${o.id}:${now.toISOString()}`,
          },
        );
        return order.transactionId;
      })
      .catch((e: unknown) => {
        throw refusal(e);
      });
    if (!transactionId) {
      await repo.releaseClaim(o.id, now);
      throw captureFailed();
    }
    const auto = actor.role === 'system';
    const outcome = await payments.capture(
      transactionId,
      undefined,
      `Work approved${auto ? ' automatically' : ''}: ${o.campaign.title}`,
    );
    if (outcome === 'done') {
      // Captured before (an approval that died after the bank): the port did not see it happen now, so finish here.
      const hold = await payments.row(transactionId);
      if (hold) await db.transaction((tx) => outcomes.captured(tx, hold));
    }
    const after = await repo.order(db, o.id);
    if (outcome === 'done' && after?.approvalStatus === 'approved') {
      if (auto) await db.transaction((tx) => tell(tx, after, 'client', orderMails.approvedAutomatically(o)));
      return;
    }
    log.warn({ orderId: o.id, outcome }, 'an approval could not capture the hold');
    // The bank may have captured (its answer lost, its receipt not showing it yet): the claim stays and its job
    // settles it from the receipt; the screen says the payment is being confirmed.
    if (outcome === 'unknown') throw approvalInProgress();
    // Refused, or the bank said it could not and shows nothing done: the claim goes, the order stays as it was.
    await repo.releaseClaim(o.id, now);
    throw captureFailed();
  }

  return {
    approve,
    settleClaims,
    /**
     * The review window opens (a submission): its reminder and its automatic approval, in the submission's tx.
     * `round`: a window opened again for the same submission (a withdrawn dispute's id), so its jobs are new ones.
     */
    scheduleReview: async (
      tx: Tx,
      f: { orderId: string; submission: number; deadline: Date; remindBefore: number | null; round?: string },
    ) => {
      const payload = { orderId: f.orderId, submission: f.submission };
      const key = `${f.orderId}:${f.submission}${f.round ? `:${f.round}` : ''}`;
      await autoApprove.enqueue(payload, { tx, runAt: f.deadline, dedupeKey: `orders.auto-approve:${key}` });
      if (f.remindBefore !== null) {
        await reminder.enqueue(payload, {
          tx,
          runAt: new Date(f.deadline.getTime() - f.remindBefore),
          dedupeKey: `orders.review-reminder:${key}`,
        });
      }
    },
  };
}
export type OrderApproval = ReturnType<typeof createOrderApproval>;
