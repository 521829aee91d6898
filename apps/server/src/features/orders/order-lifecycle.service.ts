import { formatGel } from '@app/shared/format/format';
import {
  type adminRefundInput,
  type rateInput,
  type rejectWorkInput,
  type submitWorkInput,
  WORK_MESSAGES,
} from '@app/shared/orders/order.schemas';
import { ORDER_TRANSITIONS, type OrderTransition } from '@app/shared/orders/order-machine';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { orderNewsMail } from '../../integrations/mail/templates.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderNote } from '../chat/order-notes.ts';
import type { PaymentRow } from '../payments/payments.repository.ts';
import type { PaymentHooks, PaymentsService } from '../payments/payments.service.ts';
import { renewalOf } from '../payments/payments.service.ts';
import type { OrderLifecycleRepository } from './order-lifecycle.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * An approval claim older than this belongs to a request that died between the bank and us: longer than an approval's
 * bank calls can take (the client's 3 attempts of 20 s, twice), so a capture it sent can no longer land.
 */
const CLAIM_STALE_MS = 3 * MINUTE;
/** A claim is checked against the bank's receipt this soon, whatever became of the request that made it. */
const SETTLE_CLAIM_AFTER_MS = 5_000;
const CAPTURED: readonly string[] = ['captured', 'partially_refunded', 'refunded'];
/** How long before the bank releases a hold the client is asked to renew it. */
const RENEWAL_NOTICE_MS = 2 * DAY;

type Order = NonNullable<Awaited<ReturnType<OrderLifecycleRepository['order']>>>;
type Log = { warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };

/** Nothing was updated: not this person's order, or not in a state the transition starts from (spec §8). */
const notUpdated = (transition: OrderTransition) =>
  new AppError('ORDER_NOT_UPDATED', WORK_MESSAGES.notUpdated, 409, { transition });
const captureFailed = () => new AppError('PAYMENT_CONFIRMATION_FAILED', WORK_MESSAGES.captureFailed, 422);
/** An approval is capturing (or waiting for the bank's word on its capture): never "not found" (issue 21 §4). */
const approvalInProgress = () => new AppError('APPROVAL_IN_PROGRESS', WORK_MESSAGES.approvalInProgress, 409);
/** The order is claimed by an approval that has not settled yet. */
const claimed = (o: Order) =>
  o.captureStartedAt !== null &&
  o.status === 'paid' &&
  o.workStatus === 'completed' &&
  (o.approvalStatus === null || o.approvalStatus === 'pending');

/**
 * The work lifecycle (spec §4, issue 10): each transition is one conditional UPDATE guarded by the state the order
 * machine starts it from (`ORDER_TRANSITIONS` in packages/shared), so two clicks, two tabs or a replay apply it once.
 * Approval captures the hold at the bank first and only then marks the order approved.
 */
export function createOrderLifecycle(deps: {
  db: Db;
  repo: OrderLifecycleRepository;
  payments: PaymentsService;
  /** Filled here: what the payments feature does with the bank's news about an order's hold. */
  paymentHooks: PaymentHooks;
  jobs: JobRunner;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  reviewWindowMs: number;
  log: Log;
  /** A system line in the order's chat, in the transition's transaction. */
  note: OrderNote;
}) {
  const { db, repo, payments, jobs, mailer, publicUrl, clock, log, note } = deps;
  const orderUrl = (o: Order) => `${publicUrl}/campaigns/${o.campaign.id}`;

  async function tell(tx: Tx, o: Order, who: 'client' | 'influencer', subject: string, body: string, action?: string) {
    const party = o[who];
    await mailer.send(
      orderNewsMail({
        to: party.email,
        subject,
        title: subject,
        body: `Hi ${party.name}, ${body}`,
        url: orderUrl(o),
        action,
      }),
      { tx },
    );
  }

  async function load(orderId: string): Promise<Order> {
    const o = await repo.order(db, orderId);
    if (!o) throw notFound('Order');
    return o;
  }

  // ---- jobs ------------------------------------------------------------------------------------------------
  const reminder = jobs.define<{ orderId: string; submission: number }>(
    'orders.review-reminder',
    async ({ job }) => {
      const o = await repo.order(db, job.payload.orderId);
      if (!o || o.submissionCount !== job.payload.submission || o.workStatus !== 'completed') return;
      if (o.approvalStatus === 'approved' || o.approvalStatus === 'rejected' || o.status !== 'paid') return;
      const when = o.reviewDeadlineAt?.toUTCString() ?? 'tomorrow';
      await db.transaction(async (tx) => {
        await tell(
          tx,
          o,
          'client',
          `Review "${o.campaign.title}" by tomorrow`,
          `the work for "${o.campaign.title}" is waiting for your review. If you neither approve nor request changes by ${when}, it is approved automatically and the payment is captured.`,
          'Review the work',
        );
        await tell(
          tx,
          o,
          'influencer',
          `"${o.campaign.title}" is approved automatically tomorrow`,
          `the client has not reviewed your work for "${o.campaign.title}" yet. Unless they request changes, it is approved automatically on ${when}.`,
        );
      });
    },
    { maxAttempts: 5 },
  );
  const autoApprove = jobs.define<{ orderId: string; submission: number }>(
    'orders.auto-approve',
    async ({ job }) => {
      const o = await repo.order(db, job.payload.orderId);
      if (!o || o.submissionCount !== job.payload.submission) return;
      if (
        o.status !== 'paid' ||
        o.workStatus !== 'completed' ||
        o.approvalStatus === 'approved' ||
        o.approvalStatus === 'rejected'
      )
        return;
      // Throws while the bank cannot capture: the job tries again later (backoff), the client may still approve.
      await approveOrder(o, null, 'auto');
    },
    { maxAttempts: 24, backoff: { baseMs: 15 * MINUTE, maxMs: 6 * 60 * MINUTE } },
  );
  jobs.define('orders.daily', async () => askForRenewals(), { maxAttempts: 3, leaseMs: 10 * MINUTE });
  jobs.schedule('orders-daily', { cron: '0 6 * * *', tz: 'Asia/Tbilisi' }, 'orders.daily');
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

  /** Two days before the bank releases a hold on unapproved work, the client is asked (once) to renew it. */
  async function askForRenewals() {
    const rows = await repo.holdsEndingBefore(new Date(clock().getTime() + RENEWAL_NOTICE_MS), 200);
    for (const r of rows) {
      const o = await repo.order(db, r.orderId);
      if (!o) continue;
      await db.transaction(async (tx) => {
        if (!(await repo.markRenewalAsked(tx, o.id, clock()))) return;
        const until = r.holdExpiresAt?.toUTCString() ?? 'soon';
        await tell(
          tx,
          o,
          'client',
          `Please renew the payment hold for "${o.campaign.title}"`,
          `the bank releases the ${formatGel(o.amountMinor)} held on your card for "${o.campaign.title}" on ${until}, before the work is approved. Renew the hold on the order's page (your card is asked again; the old hold is then released), or the order will need paying again.`,
          'Renew the hold',
        );
        await tell(
          tx,
          o,
          'influencer',
          `The payment hold for "${o.campaign.title}" is being renewed`,
          `the bank's hold on the client's card for "${o.campaign.title}" ends on ${until}. We have asked the client to renew it; you will be told if the order needs paying again.`,
        );
      });
    }
  }

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
    const hold = o.transactionId ? await paymentRow(o.transactionId) : null;
    if (!hold) {
      await repo.releaseClaim(o.id, claimedAt);
      return 'released';
    }
    const { row, read } = CAPTURED.includes(hold.status) ? { row: hold, read: true } : await payments.readReceipt(hold);
    if (CAPTURED.includes(row.status)) {
      // The hook finishes the approval when the capture is applied; if it was applied before (by the request that
      // then died), it did not see the claim, so it is run here (conditional: an approval is finished once).
      await db.transaction((tx) => deps.paymentHooks.captured!(tx, row));
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

  const paymentRow = (id: string) => payments.row(id);

  // ---- what the bank's news does to an order -------------------------------------------------------------------
  deps.paymentHooks.captured = async (tx: Tx, p: PaymentRow) => {
    // The only captures we ask for are approvals (a claim is set) and admin refunds (which mark the order themselves).
    const approved = await repo.finishApproval(tx, { orderId: p.orderId!, now: clock() });
    if (!approved) return;
    await repo.setCampaignStatus(tx, approved.campaignId, 'done', clock());
    const o = await repo.order(tx, p.orderId!);
    if (o) await note(tx, o, 'client', `Work approved. Payment of ${formatGel(o.amountMinor)} confirmed.`);
    if (o)
      await tell(
        tx,
        o,
        'influencer',
        `Your work for "${o.campaign.title}" is approved`,
        `${o.client.name} approved your work for "${o.campaign.title}". The payment of ${formatGel(o.amountMinor)} is confirmed and will be paid out to your bank account with the next monthly payout.`,
        'Rate the client',
      );
  };
  deps.paymentHooks.paid = async (tx: Tx, p: PaymentRow) => {
    const o = await repo.order(tx, p.orderId!);
    if (o)
      await note(tx, o, 'client', `Payment confirmed: ${formatGel(p.amountMinor)} is held until the work is approved.`);
  };
  deps.paymentHooks.holdLost = async (tx: Tx, p: PaymentRow) => {
    const lost = await repo.markUnpaidAfterLapse(tx, { orderId: p.orderId!, paymentId: p.id, now: clock() });
    if (!lost) return;
    const o = await repo.order(tx, p.orderId!);
    if (!o) return;
    await note(tx, o, 'client', 'The bank released the payment hold. The order needs paying again.');
    await tell(
      tx,
      o,
      'client',
      `"${o.campaign.title}" needs paying again`,
      `the bank released the hold on your card for "${o.campaign.title}" before the work was approved. Please pay again on the order's page so the work can be approved and paid.`,
      'Pay again',
    );
    await tell(
      tx,
      o,
      'influencer',
      `The payment for "${o.campaign.title}" is on hold`,
      `the bank released the client's card hold for "${o.campaign.title}" before the work was approved. We have asked the client to pay again; you will be told when it is confirmed.`,
    );
  };
  deps.paymentHooks.renewalHeld = async (tx: Tx, p: PaymentRow) => {
    const old = renewalOf(p);
    if (!old || !(await repo.swapHold(tx, { orderId: p.orderId!, from: old, to: p.id, now: clock() }))) return false;
    await payments.queueRelease(tx, old, 'Replaced by a renewed hold');
    return true;
  };

  // ---- the approval ------------------------------------------------------------------------------------------
  /**
   * Captures the hold, then marks the order approved and the campaign done (the payments hook, in the transaction
   * that records the capture). A capture the bank refuses, or cannot confirm, changes nothing and says so.
   */
  async function approveOrder(o: Order, clientId: string | null, how: 'client' | 'auto') {
    const now = clock();
    const claim = await db.transaction(async (tx) => {
      const c = await repo.claimApproval(tx, {
        orderId: o.id,
        clientId,
        now,
        staleBefore: new Date(now.getTime() - CLAIM_STALE_MS),
      });
      if (c) {
        await settleApproval.enqueue(
          { orderId: o.id },
          {
            tx,
            runAt: new Date(now.getTime() + SETTLE_CLAIM_AFTER_MS),
            dedupeKey: `orders.settle-approval:${o.id}:${now.toISOString()}`,
          },
        );
      }
      return c;
    });
    if (!claim) {
      // Another request's approval holds the order (a second click, a retry after a lost answer): say so.
      const current = await repo.order(db, o.id);
      if (current && claimed(current)) throw approvalInProgress();
      throw notUpdated('approve');
    }
    if (!claim.transactionId) {
      await repo.releaseClaim(o.id, now);
      throw captureFailed();
    }
    const outcome = await payments.capture(
      claim.transactionId,
      undefined,
      `Work approved${how === 'auto' ? ' automatically' : ''}: ${o.campaign.title}`,
    );
    if (outcome === 'done') {
      // Captured before (an approval that died after the bank): the hook did not see it happen now, so finish here.
      const hold = await paymentRow(claim.transactionId);
      if (hold) await db.transaction((tx) => deps.paymentHooks.captured!(tx, hold));
    }
    const after = await repo.order(db, o.id);
    if (outcome === 'done' && after?.approvalStatus === 'approved') {
      if (how === 'auto') {
        await db.transaction((tx) =>
          tell(
            tx,
            after,
            'client',
            `"${o.campaign.title}" was approved automatically`,
            `the review window for "${o.campaign.title}" ended without an answer, so the work was approved and ${formatGel(o.amountMinor)} was captured from your card.`,
          ),
        );
      }
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

  function ensureParty(o: Order, actor: Actor, side: 'client' | 'influencer') {
    const mine =
      side === 'client'
        ? o.client.id === profileOf(actor, 'client')
        : o.influencer.id === profileOf(actor, 'influencer');
    if (!mine) throw notFound('Order');
  }

  return {
    async startWork(actor: Actor, orderId: string) {
      const o = await load(orderId);
      ensureParty(o, actor, 'influencer');
      await db.transaction(async (tx) => {
        const started = await repo.startWork(tx, { orderId, influencerId: o.influencer.id, now: clock() });
        if (!started) throw notUpdated('startWork');
        await repo.setCampaignStatus(tx, started.campaignId, 'in_progress', clock());
        await note(tx, o, 'influencer', 'Work started');
        await tell(
          tx,
          o,
          'client',
          `Work has started on "${o.campaign.title}"`,
          `${o.influencer.name} has started the work for "${o.campaign.title}".`,
        );
      });
    },

    async submitWork(actor: Actor, orderId: string, input: z.output<typeof submitWorkInput>) {
      const o = await load(orderId);
      ensureParty(o, actor, 'influencer');
      const now = clock();
      const deadline = new Date(now.getTime() + deps.reviewWindowMs);
      await db.transaction(async (tx) => {
        const done = await repo.submitWork(tx, {
          orderId,
          influencerId: o.influencer.id,
          proofUrl: input.proofUrl,
          notes: input.completionNotes,
          now,
          deadline,
        });
        if (!done) throw notUpdated('submitWork');
        await repo.setCampaignStatus(tx, done.campaignId, ORDER_TRANSITIONS.submitWork.campaign, now);
        await note(
          tx,
          o,
          'influencer',
          `Work submitted: ${input.proofUrl}${input.completionNotes ? `\n${input.completionNotes}` : ''}`,
        );
        const payload = { orderId, submission: done.submissionCount };
        await autoApprove.enqueue(payload, {
          tx,
          runAt: deadline,
          dedupeKey: `orders.auto-approve:${orderId}:${done.submissionCount}`,
        });
        if (deps.reviewWindowMs > DAY) {
          await reminder.enqueue(payload, {
            tx,
            runAt: new Date(deadline.getTime() - DAY),
            dedupeKey: `orders.review-reminder:${orderId}:${done.submissionCount}`,
          });
        }
        await tell(
          tx,
          o,
          'client',
          `Work delivered for "${o.campaign.title}"`,
          `${o.influencer.name} submitted the work for "${o.campaign.title}": ${input.proofUrl}${input.completionNotes ? `\n\nTheir notes: ${input.completionNotes}` : ''}\n\nPlease approve it or request changes by ${deadline.toUTCString()}; after that it is approved automatically.`,
          'Review the work',
        );
      });
    },

    async approve(actor: Actor, orderId: string) {
      const o = await load(orderId);
      ensureParty(o, actor, 'client');
      await approveOrder(o, o.client.id, 'client');
    },

    async rejectWork(actor: Actor, orderId: string, input: z.output<typeof rejectWorkInput>) {
      const o = await load(orderId);
      ensureParty(o, actor, 'client');
      const now = clock();
      await db.transaction(async (tx) => {
        const rejected = await repo.rejectWork(tx, {
          orderId,
          clientId: o.client.id,
          feedback: input.feedback,
          now,
          staleBefore: new Date(now.getTime() - CLAIM_STALE_MS),
        });
        if (!rejected) {
          const current = await repo.order(tx, orderId);
          throw current && claimed(current) ? approvalInProgress() : notUpdated('rejectWork');
        }
        await repo.setCampaignStatus(tx, rejected.campaignId, ORDER_TRANSITIONS.rejectWork.campaign, now);
        await note(tx, o, 'client', `Changes requested: ${input.feedback}`);
        await tell(
          tx,
          o,
          'influencer',
          `Changes requested for "${o.campaign.title}"`,
          `${o.client.name} asked for changes to your work for "${o.campaign.title}":\n\n${input.feedback}\n\nSubmit it again when it is ready.`,
          'See the feedback',
        );
      });
    },

    /**
     * Before work starts the client (or an admin) may cancel: the hold is released by a job, the campaign reopens and
     * the applicants the hire declined can be hired again.
     */
    async cancel(actor: Actor, orderId: string) {
      const o = await load(orderId);
      if (actor.role !== 'admin') ensureParty(o, actor, 'client');
      const now = clock();
      await db.transaction(async (tx) => {
        const canceled = await repo.cancel(tx, { orderId, clientId: actor.role === 'admin' ? null : o.client.id, now });
        if (!canceled) throw notUpdated('cancel');
        await note(tx, o, 'client', 'Order cancelled before work started');
        await repo.reopenApplications(tx, {
          campaignId: canceled.campaignId,
          applicationId: canceled.applicationId,
          now,
        });
        await repo.setCampaignStatus(tx, canceled.campaignId, 'open', now);
        if (canceled.transactionId)
          await payments.queueRelease(tx, canceled.transactionId, 'Order cancelled before work started');
        await tell(
          tx,
          o,
          'influencer',
          `"${o.campaign.title}" was cancelled`,
          `${o.client.name} cancelled the order for "${o.campaign.title}" before work started.${canceled.transactionId ? ' The held payment goes back to their card.' : ''}`,
        );
      });
    },

    /**
     * A dispute after work started, decided by an admin (issue 10): all of the order's money back to the client, or
     * `amountMinor` of it. A hold still on the card is released (all) or confirmed for the rest (part); captured money
     * goes back through the bank's refund. Refused once paid out to the influencer.
     */
    async refund(actor: Actor, orderId: string, input: z.output<typeof adminRefundInput>) {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin resolves a dispute', 403);
      const o = await load(orderId);
      const from = ORDER_TRANSITIONS.refund.from;
      if (
        !(from.status as readonly string[]).includes(o.status) ||
        !(from.work as readonly string[]).includes(o.workStatus) ||
        !o.transactionId
      ) {
        throw notUpdated('refund');
      }
      if (await repo.inPayout(db, orderId)) {
        throw new AppError(
          'ALREADY_PAID_OUT',
          'This order is in a payout to the influencer; settle it outside the platform.',
          409,
        );
      }
      if (input.amountMinor !== undefined && input.amountMinor > o.amountMinor) {
        throw new AppError('VALIDATION_ERROR', `At most ${formatGel(o.amountMinor)} can go back`, 400, {
          fieldErrors: { amountMinor: [`At most ${formatGel(o.amountMinor)} can go back`] },
        });
      }
      const hold = (await paymentRow(o.transactionId))!;
      const full = input.amountMinor === undefined || input.amountMinor === o.amountMinor;
      const back = full ? o.amountMinor : input.amountMinor!;
      const settle = async (tx: Tx) => {
        const refunded = await repo.markRefunded(tx, { orderId, now: clock() });
        if (!refunded) throw notUpdated('refund');
        await repo.setCampaignStatus(tx, refunded.campaignId, 'canceled', clock());
        await tell(
          tx,
          o,
          'client',
          `Refund for "${o.campaign.title}"`,
          `after reviewing the dispute about "${o.campaign.title}", we returned ${formatGel(back)} to your card. ${input.reason}`,
        );
        await tell(
          tx,
          o,
          'influencer',
          `Dispute settled for "${o.campaign.title}"`,
          `after reviewing the dispute about "${o.campaign.title}", ${formatGel(back)} went back to the client${full ? '' : `; ${formatGel(o.amountMinor - back)} stays yours and is paid out with the next monthly payout`}. ${input.reason}`,
        );
      };
      if (hold.status === 'held' && full) {
        // The whole hold goes back: the order is settled and the release queued together (the job retries until the
        // bank confirms); it is tried at once too.
        await db.transaction(async (tx) => {
          await settle(tx);
          await payments.queueRelease(tx, hold.id, `Dispute: ${input.reason}`);
        });
        await payments.release(hold.id, `Dispute: ${input.reason}`).catch(() => undefined);
        return;
      }
      const outcome =
        hold.status === 'held'
          ? await payments.capture(hold.id, o.amountMinor - back, `Dispute settled: ${input.reason}`)
          : await payments.refundCaptured(hold.id, full ? undefined : back);
      if (outcome !== 'done') {
        throw new AppError(
          'REFUND_FAILED',
          'The bank did not confirm the refund. Please try again.',
          outcome === 'refused' ? 422 : 503,
        );
      }
      await db.transaction(settle);
    },

    /** Spec §5 rating: after approval, each party rates the other once per order (a second rating is 409). */
    async rate(actor: Actor, orderId: string, input: z.output<typeof rateInput>) {
      const o = await load(orderId);
      const side = actor.role === 'client' ? 'client' : 'influencer';
      ensureParty(o, actor, side);
      if (o.approvalStatus !== 'approved') {
        throw new AppError('ORDER_NOT_APPROVED', 'You can rate once the work is approved.', 409);
      }
      try {
        const row = await repo.insertRating(db, {
          orderId,
          raterId: actor.userId,
          ratedUserId: side === 'client' ? o.influencer.userId : o.client.userId,
          rating: input.rating,
          comment: input.comment,
        });
        return { rating: row.rating, comment: row.comment };
      } catch (e) {
        if (isUniqueViolation(e, 'ratings_once_per_order')) {
          throw new AppError('ALREADY_RATED', 'You have already rated this order.', 409);
        }
        throw e;
      }
    },

    /** For tests and the admin console: run the daily checks now. */
    askForRenewals,
    settleClaims,
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
