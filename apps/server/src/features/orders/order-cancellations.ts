// Recourse after work started (issue 23 §2, decision 038). Cancellation by agreement: a party proposes (with the
// influencer's part for the work done), the other accepts or declines, the proposer may withdraw; each step is a
// transition of the order machine, with the proposal's row, the chat line and the mail in one transaction. An accepted
// proposal with a part for the work moves the money first (the part captured, the rest released by the bank, as a
// dispute's split), claimed on the order's row so nothing else applies while the bank works. And the campaign's
// deadline: the client may cancel once it passed with no work submitted; both parties are reminded the day before.

import { businessToday } from '@app/shared/common/dates';
import { formatGel } from '@app/shared/format/format';
import type { CancelProposalDto, proposeCancelInput } from '@app/shared/orders/cancel-agreement.schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { cancelMails, cancelNotes } from '../../integrations/mail/cancel-mails.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CancelProposalRow, CancelProposalsRepository } from './cancel-proposals.repository.ts';
import {
  type ApplicationsReopening,
  asMachineActor,
  DAY,
  MINUTE,
  type Order,
  type OrderContext,
  refusal,
} from './order-context.ts';
import { SYSTEM, TransitionRefused, type TransitionTold } from './order-transitions.ts';

type Side = 'client' | 'influencer';
/** A claim younger than this may belong to a request still waiting on the bank: the sweep leaves it alone. */
const SWEEP_AFTER_MS = MINUTE;

const otherSide = (s: Side): Side => (s === 'client' ? 'influencer' : 'client');
const noProposal = () => new AppError('NO_CANCEL_PROPOSAL', 'This order has no open cancellation proposal.', 409);
const proposalOpen = () =>
  new AppError(
    'CANCEL_PROPOSAL_OPEN',
    'A cancellation proposal is already open for this order: answer or withdraw it first.',
    409,
  );
const amountOutOfRange = (amountMinor: number) => {
  const message = `The amount for the work done must be at least 0 and less than ${formatGel(amountMinor)}`;
  return new AppError('VALIDATION_ERROR', message, 400, { fieldErrors: { influencerAmountMinor: [message] } });
};

/** The campaign's deadline (yyyy-MM-dd, the last day) is over in Tbilisi. */
export const deadlinePassed = (deadline: string | null, now: Date) =>
  deadline !== null && deadline < businessToday(now);

/**
 * A proposal stands only while the order stays where it was: any transition that moves the order (an approval, a
 * dispute, a submission, a lapsed hold) voids it, in that transition's transaction. Composed into the machine's
 * `told` (orders.feature.ts), so no caller can forget it.
 */
export function proposalsFollowOrder(proposals: CancelProposalsRepository, clock: () => Date): TransitionTold {
  return async (tx, _name, { before, after }) => {
    const moved =
      before.status !== after.status ||
      before.workStatus !== after.workStatus ||
      before.approvalStatus !== after.approvalStatus;
    if (moved) await proposals.voidOpen(tx, before.id, clock());
  };
}

/** `settling`: an acceptance is moving the money at the bank (the order's claim): nobody changes the proposal now. */
export function proposalDtoOf(
  p: CancelProposalRow,
  o: { amountMinor: number; settling: boolean },
  viewer: Actor,
): CancelProposalDto {
  const open = p.status === 'open' && !o.settling;
  const mine = viewer.role === p.proposedByRole;
  return {
    id: p.id,
    orderId: p.orderId,
    status: p.status as CancelProposalDto['status'],
    proposedBy: p.proposedByRole as Side,
    influencerAmountMinor: p.influencerAmountMinor,
    clientAmountMinor: o.amountMinor - p.influencerAmountMinor,
    createdAt: p.createdAt.toISOString(),
    closedAt: p.closedAt?.toISOString() ?? null,
    canWithdraw: open && mine,
    canAnswer: open && !mine && viewer.role !== 'admin',
  };
}

export function createOrderCancellations(
  ctx: OrderContext,
  deps: {
    proposals: CancelProposalsRepository;
    payments: PaymentsService;
    applications: ApplicationsReopening;
    jobs: JobRunner;
  },
) {
  const { db, machine, clock, note, tell, log } = ctx;
  const { proposals, payments } = deps;
  const sideOf = (actor: Actor): Side => (actor.role === 'client' ? 'client' : 'influencer');

  async function transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (e) {
      throw refusal(e);
    }
  }

  /** The order cancelled with its whole hold going back (a job releases it) and its campaign open again. */
  async function cancelWhole(tx: Tx, o: Order, before: { transactionId: string | null; campaignId: string }) {
    await deps.applications.reopenAfterCancel(tx, {
      campaignId: before.campaignId,
      applicationId: o.applicationId,
      now: clock(),
    });
    if (before.transactionId) {
      await payments.queueRelease(tx, before.transactionId, `Order cancelled: ${o.campaign.title}`.slice(0, 250));
    }
  }

  async function propose(actor: Actor, orderId: string, input: z.output<typeof proposeCancelInput>) {
    const o = await ctx.load(orderId);
    const by = sideOf(actor);
    const who = asMachineActor(actor);
    const part = input.influencerAmountMinor;
    await transact(async (tx) => {
      await machine.check(tx, 'proposeCancel', orderId, who);
      if (part >= o.amountMinor) throw amountOutOfRange(o.amountMinor);
      if (await proposals.open(tx, orderId)) throw proposalOpen();
      const p = await proposals
        .insert(tx, { orderId, proposedByRole: by, proposedByUserId: actor.userId, influencerAmountMinor: part })
        .catch((e: unknown) => {
          throw isUniqueViolation(e, 'cancel_proposals_one_open_per_order') ? proposalOpen() : e;
        });
      await machine.apply(tx, 'proposeCancel', orderId, who, {
        metadata: { proposalId: p.id, influencerAmountMinor: part },
      });
      await note(tx, o, by, cancelNotes.proposed(by, o.amountMinor, part));
      await tell(tx, o, otherSide(by), cancelMails.proposed(o, by, part));
    });
  }

  /** Withdraw (the proposer) or decline (the other party): the proposal ends, the order goes on. */
  async function end(actor: Actor, orderId: string, how: 'withdrawn' | 'declined') {
    const o = await ctx.load(orderId);
    const by = sideOf(actor);
    const who = asMachineActor(actor);
    const name = how === 'withdrawn' ? 'withdrawCancel' : 'declineCancel';
    await transact(async (tx) => {
      await machine.check(tx, name, orderId, who);
      const p = await proposals.open(tx, orderId);
      if (!p) throw noProposal();
      if (how === 'withdrawn' && p.proposedByRole !== by) {
        throw forbidden('Only the party who proposed the cancellation can withdraw it.');
      }
      if (how === 'declined' && p.proposedByRole === by) {
        throw forbidden('The other party answers your proposal; you can withdraw it.');
      }
      await proposals.close(tx, p.id, how, { by: actor.userId, at: clock() });
      await machine.apply(tx, name, orderId, who, { metadata: { proposalId: p.id } });
      await note(tx, o, by, how === 'withdrawn' ? cancelNotes.withdrawn(by) : cancelNotes.declined(by));
      const mail = how === 'withdrawn' ? cancelMails.withdrawn(o, by) : cancelMails.declined(o, by);
      await tell(tx, o, otherSide(by), mail);
    });
  }

  /**
   * The other party accepts. Nothing for the work: cancelled at once, the hold released by a job. A part for the
   * work: the acceptance is claimed on the order's row (nothing else applies to it meanwhile), the part captured at
   * the bank (which releases the rest), and the bank's word finishes it (`settle`).
   */
  async function accept(actor: Actor, orderId: string) {
    const o = await ctx.load(orderId);
    const by = sideOf(actor);
    const who = asMachineActor(actor);
    const now = clock();
    const claimed = await transact(async (tx) => {
      // Never while an approval is capturing the hold (its claim answers APPROVAL_IN_PROGRESS): one of the two wins.
      const locked = await machine.check(tx, 'acceptCancel', orderId, who, (x) => x.captureStartedAt === null);
      const p = await proposals.open(tx, orderId);
      if (!p) throw noProposal();
      if (p.proposedByRole === by) throw forbidden('The other party answers your proposal; you can withdraw it.');
      if (p.influencerAmountMinor === 0) {
        await proposals.close(tx, p.id, 'accepted', { by: actor.userId, at: now });
        const { before } = await machine.apply(tx, 'acceptCancel', orderId, who, {
          set: { canceledAt: now, reviewDeadlineAt: null },
          metadata: { proposalId: p.id, influencerAmountMinor: 0 },
        });
        await cancelWhole(tx, o, before);
        await note(tx, o, by, cancelNotes.accepted(by, o.amountMinor, 0));
        await tell(tx, o, otherSide(by), cancelMails.accepted(o, by, 0));
        return false;
      }
      // Asked again after the bank's answer was lost: the same claim, settled below with the same idempotency key.
      if (locked.cancelClaimedAt === null) {
        await proposals.claim(tx, orderId, now);
        await proposals.markAccepter(tx, p.id, actor.userId);
      }
      return true;
    });
    if (!claimed) return;
    const outcome = await settle(orderId);
    if (outcome === 'done') return;
    log.warn({ orderId, outcome }, 'an accepted cancellation could not move the money');
    throw new AppError(
      'CANCEL_PAYMENT_FAILED',
      outcome === 'unknown'
        ? 'The bank has not confirmed the payment yet; the cancellation completes as soon as it does.'
        : 'The bank did not accept the payment. Check the order’s payment and try again.',
      outcome === 'refused' ? 422 : 503,
    );
  }

  /**
   * An acceptance's claim settled from the bank: the part captured (the rest released), then `cancelWithPayment` for
   * the party who accepted. Refused or unavailable: the claim goes and the proposal stays open. Unknown: the claim
   * stays until the bank's word is in (the sweep asks again with the same key).
   */
  async function settle(orderId: string): Promise<'done' | 'none' | 'refused' | 'unavailable' | 'unknown'> {
    const o = await ctx.load(orderId);
    if (!o.cancelClaimedAt) return 'none';
    const p = await proposals.open(db, orderId);
    if (!p) {
      // The order moved on under the claim (a lapsed hold voided the proposal): nothing is left to settle.
      await proposals.releaseClaim(orderId);
      return 'none';
    }
    const hold = o.transactionId ? await payments.row(o.transactionId) : null;
    const label = `Cancelled by agreement: ${o.campaign.title}`.slice(0, 250);
    const outcome = hold ? await payments.capture(hold.id, p.influencerAmountMinor, label) : 'refused';
    if (outcome !== 'done') {
      if (outcome !== 'unknown') await proposals.releaseClaim(orderId);
      return outcome;
    }
    const acceptedBy = otherSide(p.proposedByRole as Side);
    const now = clock();
    await db.transaction(async (tx) => {
      if (!(await proposals.close(tx, p.id, 'accepted', { by: p.closedByUserId, at: now }))) return;
      await machine.apply(tx, 'cancelWithPayment', orderId, SYSTEM, {
        recordAs: () => ({ role: acceptedBy, userId: p.closedByUserId }),
        set: { approvedAt: now, reviewDeadlineAt: null, cancelClaimedAt: null },
        metadata: { proposalId: p.id, influencerAmountMinor: p.influencerAmountMinor, paymentId: hold!.id },
      });
      await note(tx, o, acceptedBy, cancelNotes.accepted(acceptedBy, o.amountMinor, p.influencerAmountMinor));
      await tell(tx, o, p.proposedByRole as Side, cancelMails.accepted(o, acceptedBy, p.influencerAmountMinor));
    });
    return 'done';
  }

  /** Claims left by requests that died between the bank and us, settled from the bank's word. */
  async function settleClaims() {
    for (const c of await proposals.claims(new Date(clock().getTime() - SWEEP_AFTER_MS), 100)) {
      await settle(c.id).catch((err) => log.error({ orderId: c.id, err }, 'a cancellation claim could not be settled'));
    }
  }
  deps.jobs.define('orders.settle-cancels', async () => settleClaims(), { maxAttempts: 1 });
  deps.jobs.schedule('orders-settle-cancels', { every: '5m' }, 'orders.settle-cancels');

  /** The client cancels once the campaign's deadline passed with no work submitted: the whole hold goes back. */
  async function cancelAfterDeadline(actor: Actor, orderId: string) {
    const o = await ctx.load(orderId);
    const who = asMachineActor(actor);
    const now = clock();
    await transact(async (tx) => {
      await machine.check(tx, 'cancelAfterDeadline', orderId, who).catch((e: unknown) => {
        const x = e instanceof TransitionRefused && e.reason === 'wrong_state' ? e.order : null;
        if (x && x.status === 'paid' && x.submissionCount > 0 && !x.cancelClaimedAt) {
          throw new AppError(
            'WORK_SUBMITTED',
            'Work was submitted for this order: cancel it by agreement or open a dispute instead.',
            409,
          );
        }
        throw e;
      });
      if (!deadlinePassed(o.campaign.deadline, now)) {
        const message = o.campaign.deadline
          ? `The campaign’s deadline (${o.campaign.deadline}) has not passed yet.`
          : 'This campaign has no deadline.';
        throw new AppError('DEADLINE_NOT_PASSED', message, 409);
      }
      const { before } = await machine.apply(tx, 'cancelAfterDeadline', orderId, who, {
        set: { canceledAt: now },
        metadata: { deadline: o.campaign.deadline },
      });
      await cancelWhole(tx, o, before);
      await note(tx, o, 'client', cancelNotes.canceledAfterDeadline());
      await tell(tx, o, 'influencer', cancelMails.canceledAfterDeadline(o));
    });
  }

  /** Both parties of every paid order whose work is not submitted hear the day before the deadline, once. */
  async function remindDeadlines() {
    const tomorrow = businessToday(new Date(clock().getTime() + DAY));
    for (const r of await proposals.dueForDeadlineReminder(tomorrow, 200)) {
      const o = await ctx.load(r.id);
      await db.transaction(async (tx) => {
        if (!(await proposals.markReminded(tx, o.id, clock()))) return;
        await tell(tx, o, 'client', cancelMails.deadlineTomorrow(o, 'client', tomorrow));
        await tell(tx, o, 'influencer', cancelMails.deadlineTomorrow(o, 'influencer', tomorrow));
      });
    }
  }
  deps.jobs.define('orders.deadline-reminders', async () => remindDeadlines(), {
    maxAttempts: 3,
    leaseMs: 10 * MINUTE,
  });
  deps.jobs.schedule('orders-deadline-reminders', { every: '1h' }, 'orders.deadline-reminders');

  return {
    propose,
    withdraw: (actor: Actor, orderId: string) => end(actor, orderId, 'withdrawn'),
    decline: (actor: Actor, orderId: string) => end(actor, orderId, 'declined'),
    accept,
    cancelAfterDeadline,
    remindDeadlines,
    settleClaims,

    /** The order's proposals for one of its parties or an admin (anyone else: not found). */
    async ofOrder(actor: Actor, orderId: string) {
      const o = await ctx.load(orderId);
      const party =
        actor.role === 'admin' ||
        (actor.role === 'client' && o.client.id === actor.profileId) ||
        (actor.role === 'influencer' && o.influencer.id === actor.profileId);
      if (!party) throw notFound('Order');
      const rows = await proposals.ofOrder(db, orderId);
      const settling = o.cancelClaimedAt !== null;
      return { items: rows.map((p) => proposalDtoOf(p, { amountMinor: o.amountMinor, settling }, actor)) };
    },
  };
}
export type OrderCancellations = ReturnType<typeof createOrderCancellations>;
