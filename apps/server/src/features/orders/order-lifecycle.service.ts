import type { rateInput, rejectWorkInput, submitWorkInput } from '@app/shared/orders/order.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { notices } from '../../integrations/mail/notice-texts.ts';
import { orderMails, orderNotes } from '../../integrations/mail/order-mails.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderNote } from '../chat/order-notes.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { PaymentOutcomes } from '../payments/payment-outcomes.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CancelProposalsRepository } from './cancel-proposals.repository.ts';
import type { DisputesRepository } from './disputes.repository.ts';
import { createOrderApproval } from './order-approval.ts';
import { createOrderCancellations } from './order-cancellations.ts';
import {
  type ApplicationsReopening,
  asMachineActor,
  createOrderContext,
  DAY,
  type Log,
  refusal,
} from './order-context.ts';
import { createOrderDisputes } from './order-disputes.ts';
import type { OrderLifecycleRepository } from './order-lifecycle.repository.ts';
import { createOrderRefund } from './order-refund.ts';
import { createOrderRenewals } from './order-renewals.ts';
import { type OrderTransitions, TransitionRefused } from './order-transitions.ts';

export type { ApplicationsReopening } from './order-context.ts';

/** The proof-of-post check (the social feature's, decision 039): never throws. */
export type ProofCheckPort = { checkSubmission: (orderId: string) => Promise<void> };

/** How long Submit waits for the check; a slower platform finishes in the background (the row says "checking"). */
const PROOF_CHECK_WAIT_MS = 4000;

/**
 * The work lifecycle (spec §4, issue 10), what people do with an order: each step is a transition of the order
 * machine (order-transitions.ts: checked against ORDER_TRANSITIONS, applied on the locked row, written to the order's
 * history), followed in the same transaction by the chat line and the mail it causes. Approval, renewals and refunds,
 * which also move money, live beside it.
 */
export function createOrderLifecycle(deps: {
  db: Db;
  repo: OrderLifecycleRepository;
  machine: OrderTransitions;
  /** The bank's news, as orders apply it (order-payment-outcomes.ts): approval uses it to finish a capture. */
  outcomes: PaymentOutcomes;
  payments: PaymentsService;
  /** A cancelled hire frees its applicants (the applications feature's own rows). */
  applications: ApplicationsReopening;
  jobs: JobRunner;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  reviewWindowMs: number;
  disputes: DisputesRepository;
  /** Admins are mailed about a dispute that waits longer than this for a decision. */
  disputeEscalationDays: number;
  /** Cancellation proposals (issue 23 §2): the same rows the machine voids when the order moves on. */
  cancelProposals: CancelProposalsRepository;
  log: Log;
  /** A system line in the order's chat, in the transition's transaction. */
  note: OrderNote;
  /** The notification centre's port: a rating is told to the rated party (issue 24). */
  announce: Announce;
  proofChecks: ProofCheckPort;
}) {
  const ctx = createOrderContext(deps);
  const { db, repo, machine, clock, note, tell } = ctx;
  const approval = createOrderApproval(ctx, deps);
  const renewals = createOrderRenewals(ctx, deps);
  const refund = createOrderRefund(ctx, deps);
  const disputes = createOrderDisputes(ctx, { ...deps, approval, escalationDays: deps.disputeEscalationDays });
  const cancellations = createOrderCancellations(ctx, { ...deps, proposals: deps.cancelProposals });

  /** Runs a person's transition in one transaction; the machine's refusals become their answers. */
  async function transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (e) {
      throw refusal(e);
    }
  }

  return {
    async startWork(actor: Actor, orderId: string) {
      const o = await ctx.load(orderId);
      await transact(async (tx) => {
        await machine.apply(tx, 'startWork', orderId, asMachineActor(actor), { set: { workStartedAt: clock() } });
        await note(tx, o, 'influencer', orderNotes.started());
        await tell(tx, o, 'client', orderMails.workStarted(o));
      });
    },

    async submitWork(actor: Actor, orderId: string, input: z.output<typeof submitWorkInput>) {
      const o = await ctx.load(orderId);
      const now = clock();
      const deadline = new Date(now.getTime() + deps.reviewWindowMs);
      await transact(async (tx) => {
        const { before } = await machine.apply(tx, 'submitWork', orderId, asMachineActor(actor), {
          // Each submission opens its own review window: its jobs are keyed by this count.
          set: (x) => ({
            proofUrl: input.proofUrl,
            completionNotes: input.completionNotes,
            workCompletedAt: now,
            reviewDeadlineAt: deadline,
            submissionCount: x.submissionCount + 1,
          }),
          metadata: { proofUrl: input.proofUrl },
        });
        await note(tx, o, 'influencer', orderNotes.submitted(input.proofUrl, input.completionNotes));
        await approval.scheduleReview(tx, {
          orderId,
          submission: before.submissionCount + 1,
          deadline,
          remindBefore: deps.reviewWindowMs > DAY ? DAY : null,
        });
        await tell(
          tx,
          o,
          'client',
          orderMails.workSubmitted(o, { proofUrl: input.proofUrl, notes: input.completionNotes, deadline }),
        );
      });
      // After the commit: the submission stands whatever the platform does (the check never throws; an outage is
      // recorded "could not be checked" and retried by the job).
      const check = deps.proofChecks.checkSubmission(orderId);
      await Promise.race([check, new Promise((r) => setTimeout(r, PROOF_CHECK_WAIT_MS).unref())]);
    },

    async approve(actor: Actor, orderId: string) {
      const o = await ctx.load(orderId);
      await approval.approve(o, asMachineActor(actor));
    },

    async rejectWork(actor: Actor, orderId: string, input: z.output<typeof rejectWorkInput>) {
      const o = await ctx.load(orderId);
      await transact(async (tx) => {
        await machine.apply(tx, 'rejectWork', orderId, asMachineActor(actor), {
          // Never while an approval is capturing the hold (its claim answers APPROVAL_IN_PROGRESS).
          guard: (x) => x.captureStartedAt === null,
          set: { approvalFeedback: input.feedback, reviewDeadlineAt: null },
          reason: input.feedback,
        });
        await note(tx, o, 'client', orderNotes.changesRequested(input.feedback));
        await tell(tx, o, 'influencer', orderMails.changesRequested(o, input.feedback));
      });
    },

    /**
     * Before work starts the client (or an admin) may cancel: the hold is released by a job, the campaign reopens and
     * the applicants the hire declined can be hired again.
     */
    async cancel(actor: Actor, orderId: string, reason?: string) {
      const o = await ctx.load(orderId);
      const now = clock();
      await transact(async (tx) => {
        const { before } = await machine.apply(tx, 'cancel', orderId, asMachineActor(actor), {
          set: { canceledAt: now },
          // An admin's reason (the console requires one), kept in the order's history.
          reason: reason ?? null,
        });
        await note(tx, o, 'client', orderNotes.canceled());
        await deps.applications.reopenAfterCancel(tx, {
          campaignId: before.campaignId,
          applicationId: o.applicationId,
          now,
        });
        if (before.transactionId) {
          await deps.payments.queueRelease(tx, before.transactionId, 'Order cancelled before work started');
        }
        await tell(tx, o, 'influencer', orderMails.canceled(o, before.transactionId !== null));
      });
    },

    /**
     * An admin closed a person's account (issue 23 §2): each of their orders hired but not started (unpaid, or paid
     * with work not begun) is cancelled through the machine in the admin's name, as the console's own cancel does:
     * any hold is released by the job, the campaign reopens for its applicants, and the party who stays is told why.
     * One transaction per order; an order that moved on meanwhile (work started: it becomes a dispute instead) is
     * left and logged. Returns how many were cancelled.
     */
    async cancelForClosedAccount(admin: Actor, userId: string, adminReason: string) {
      let canceled = 0;
      for (const { id: orderId } of await repo.notStartedOf(userId)) {
        const o = await ctx.load(orderId);
        const left = o.client.userId === userId ? 'client' : 'influencer';
        const stays = left === 'client' ? 'influencer' : 'client';
        const now = clock();
        try {
          await db.transaction(async (tx) => {
            const { before } = await machine.apply(tx, 'cancel', orderId, asMachineActor(admin), {
              set: { canceledAt: now },
              reason: `Account deactivated: ${adminReason}`.slice(0, 500),
              metadata: { reason: 'account_closed', closedUserId: userId },
            });
            await note(tx, o, stays, orderNotes.closedBeforeWork(o[left].name));
            await deps.applications.reopenAfterCancel(tx, {
              campaignId: before.campaignId,
              applicationId: o.applicationId,
              now,
            });
            const held = before.transactionId !== null;
            if (before.transactionId) {
              await deps.payments.queueRelease(tx, before.transactionId, 'Order cancelled: account closed');
            }
            await tell(tx, o, stays, orderMails.closedBeforeWork(o, o[left].name, held, stays === 'client'));
          });
          canceled += 1;
        } catch (e) {
          if (!(e instanceof TransitionRefused)) throw e;
          deps.log.warn({ orderId, userId, err: e }, 'an order of a closed account could not be cancelled');
        }
      }
      return canceled;
    },

    refund,
    disputes,
    cancellations,

    /** Spec §5 rating: after approval, each party rates the other once per order (a second rating is 409). */
    async rate(actor: Actor, orderId: string, input: z.output<typeof rateInput>) {
      const o = await ctx.load(orderId);
      const side = actor.role === 'client' ? 'client' : 'influencer';
      if (o[side].id !== profileOf(actor, side)) throw notFound('Order');
      if (o.approvalStatus !== 'approved') {
        throw new AppError('ORDER_NOT_APPROVED', 'You can rate once the work is approved.', 409);
      }
      try {
        const row = await db.transaction(async (tx) => {
          const rated = await repo.insertRating(tx, {
            orderId,
            raterId: actor.userId,
            ratedUserId: side === 'client' ? o.influencer.userId : o.client.userId,
            rating: input.rating,
            comment: input.comment,
          });
          const other = side === 'client' ? 'influencer' : 'client';
          const to = { role: other, profileId: o[other].id } as const;
          await deps.announce(tx, {
            kind: 'rating',
            campaignId: o.campaign.id,
            parties: [{ role: side, profileId: o[side].id }, to],
            frame: { type: 'campaign.changed', campaignId: o.campaign.id, what: 'rating' },
            tell: [{ to, text: (f) => notices.rating(f, o[side].name, rated.rating) }],
            actorUserId: actor.userId,
          });
          return rated;
        });
        return { rating: row.rating, comment: row.comment };
      } catch (e) {
        if (isUniqueViolation(e, 'ratings_once_per_order')) {
          throw new AppError('ALREADY_RATED', 'You have already rated this order.', 409);
        }
        throw e;
      }
    },

    /** The order's transitions, oldest first (the admin console's history). */
    history: (orderId: string) => machine.history(db, orderId),

    /** For tests and the admin console: run the daily checks now. */
    askForRenewals: renewals.askForRenewals,
    settleClaims: approval.settleClaims,
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
