// Disputes (issue 23 §1, decision 030): each step is a transition of the order machine (openDispute, withdrawDispute,
// resolveRelease, resolveRefund, resolveSplit) applied with the dispute's row in one transaction, followed by the
// chat line and the mail it causes. An admin's decision moves the money first (capture in full, release in full, or
// capture the influencer's part: the bank releases the rest), claimed on the dispute's row so a second admin or the
// opener's withdrawal cannot slip in while the bank works; the transition records it once the bank has confirmed.
import type {
  AdminDisputeItem,
  DisputeDto,
  openDisputeInput,
  resolveDisputeInput,
} from '@app/shared/disputes/dispute.schemas';
import { formatGel } from '@app/shared/format/format';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { type Decided, disputeMails, disputeNotes } from '../../integrations/mail/dispute-mails.ts';
import type { OrderMailText } from '../../integrations/mail/order-mails.ts';
import { orderNewsMail } from '../../integrations/mail/templates.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { DisputeRow, DisputesRepository } from './disputes.repository.ts';
import type { OrderApproval } from './order-approval.ts';
import { asMachineActor, DAY, MINUTE, type Order, type OrderContext, refusal } from './order-context.ts';
import { SYSTEM, TransitionRefused } from './order-transitions.ts';

/** Longer than a decision's bank calls can take: an older claim belongs to a request that died, and is taken over. */
const CLAIM_STALE_MS = 3 * MINUTE;
type Resolution = 'release' | 'refund' | 'split';
const TRANSITION = { release: 'resolveRelease', refund: 'resolveRefund', split: 'resolveSplit' } as const;

const being = () =>
  new AppError('DISPUTE_BEING_RESOLVED', 'An admin is deciding this dispute; the decision will appear here.', 409);

export function disputeDtoOf(d: DisputeRow, viewer: { role: string } | null): DisputeDto {
  return {
    id: d.id,
    orderId: d.orderId,
    status: d.status as DisputeDto['status'],
    reason: d.reason as DisputeDto['reason'],
    description: d.description,
    openedBy: d.openedByRole as DisputeDto['openedBy'],
    createdAt: d.createdAt.toISOString(),
    // A dispute the server opened (an account closed) is for an admin to decide; nobody withdraws it.
    canWithdraw:
      d.status === 'open' &&
      d.resolutionStartedAt === null &&
      d.openedByRole !== 'admin' &&
      viewer?.role === d.openedByRole,
    resolution: d.resolution as DisputeDto['resolution'],
    influencerAmountMinor: d.influencerAmountMinor,
    clientAmountMinor: d.clientAmountMinor,
    decision: d.decision,
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    withdrawnAt: d.withdrawnAt?.toISOString() ?? null,
  };
}

type ListRow = Awaited<ReturnType<DisputesRepository['list']>>[number];
const adminItemOf = (r: ListRow, now: Date): AdminDisputeItem => ({
  ...disputeDtoOf(r.dispute, { role: 'admin' }),
  amountMinor: r.amountMinor,
  ageHours: Math.max(0, Math.floor((now.getTime() - r.dispute.createdAt.getTime()) / (60 * MINUTE))),
  orderStatus: r.orderStatus as AdminDisputeItem['orderStatus'],
  campaign: r.campaign,
  client: r.client,
  influencer: r.influencer,
});

export function createOrderDisputes(
  ctx: OrderContext,
  deps: {
    disputes: DisputesRepository;
    payments: PaymentsService;
    approval: Pick<OrderApproval, 'scheduleReview'>;
    jobs: JobRunner;
    reviewWindowMs: number;
    escalationDays: number;
  },
) {
  const { db, machine, clock, note, tell, mailer, publicUrl, log } = ctx;
  const { disputes, payments } = deps;
  const adminUrl = (disputeId: string) => `${publicUrl}/admin/disputes/${disputeId}`;

  /** Every admin is told (the mail leaves only if `tx` commits). */
  async function tellAdmins(tx: Tx, disputeId: string, text: OrderMailText) {
    for (const a of await disputes.adminEmails(tx)) {
      await mailer.send(
        orderNewsMail({
          to: a.email,
          subject: text.subject,
          title: text.subject,
          body: `Hi ${a.name}, ${text.body}`,
          url: adminUrl(disputeId),
          action: text.action,
          language: 'en',
        }),
        { tx },
      );
    }
  }

  async function transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (e) {
      throw refusal(e);
    }
  }

  const sideOf = (actor: Actor) => (actor.role === 'client' ? 'client' : 'influencer') as 'client' | 'influencer';
  const otherSide = (s: 'client' | 'influencer') => (s === 'client' ? 'influencer' : 'client');

  async function open(actor: Actor, orderId: string, input: z.output<typeof openDisputeInput>) {
    const o = await ctx.load(orderId);
    const by = sideOf(actor);
    await transact(async (tx) => {
      await machine.apply(tx, 'openDispute', orderId, asMachineActor(actor), {
        // Never while an approval is capturing the hold (its claim answers APPROVAL_IN_PROGRESS): one of the two wins.
        guard: (x) => x.captureStartedAt === null,
        // The review window stops: no automatic approval while an admin decides.
        set: { reviewDeadlineAt: null },
        reason: input.description,
        metadata: { reason: input.reason },
      });
      const d = await disputes
        .insert(tx, {
          orderId,
          openedByRole: by,
          openedByUserId: actor.userId,
          reason: input.reason,
          description: input.description,
          createdAt: clock(),
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e, 'disputes_one_open_per_order')) {
            throw new AppError('DISPUTE_ALREADY_OPEN', 'This order already has an open dispute.', 409);
          }
          throw e;
        });
      await note(tx, o, by, disputeNotes.opened(by, input.reason, input.description), { askSupport: true });
      await tell(tx, o, otherSide(by), disputeMails.opened(o, by, input.reason, input.description));
      await tellAdmins(tx, d.id, disputeMails.openedForAdmins(o, by, input.reason, input.description));
    });
  }

  async function withdraw(actor: Actor, orderId: string) {
    const o = await ctx.load(orderId);
    const by = sideOf(actor);
    const now = clock();
    await transact(async (tx) => {
      const { after } = await machine.apply(tx, 'withdrawDispute', orderId, asMachineActor(actor), {
        // Submitted work waiting for review gets a whole review window again: the dispute took the old one.
        set: (x) =>
          x.workStatus === 'completed' ? { reviewDeadlineAt: new Date(now.getTime() + deps.reviewWindowMs) } : {},
      });
      const d = await disputes.withdraw(tx, orderId, by, now);
      if (!d) {
        const current = await disputes.open(tx, orderId);
        if (current && current.openedByRole !== by) {
          throw forbidden('Only the party who opened a dispute can withdraw it.');
        }
        throw being();
      }
      if (after.workStatus === 'completed' && after.approvalStatus !== 'approved') {
        const deadline = new Date(now.getTime() + deps.reviewWindowMs);
        await deps.approval.scheduleReview(tx, {
          orderId,
          submission: o.submissionCount,
          deadline,
          remindBefore: deps.reviewWindowMs > DAY ? DAY : null,
          round: d.id,
        });
      }
      await note(tx, o, by, disputeNotes.withdrawn(by));
      await tell(tx, o, otherSide(by), disputeMails.withdrawn(o, by));
    });
  }

  /**
   * An admin closed a person's account (issue 23 §2): each of their orders with work under way and money held
   * becomes a dispute opened by the server in the admin's name (reason `account_closed`), through the machine's
   * `openDispute`, so the hold is kept and the review window stops; support joins the chat, the party who stays and
   * the admins are mailed. One transaction per order: an order the machine refuses now (an approval capturing, a
   * step that raced) is left as it is and logged. Returns how many orders became disputes.
   */
  async function openForClosedAccount(admin: Actor, userId: string, adminReason: string) {
    let opened = 0;
    for (const { id: orderId } of await disputes.disputableOf(userId)) {
      const o = await ctx.load(orderId);
      const left = o.client.userId === userId ? 'client' : 'influencer';
      const description = `${o[left].name}'s account was deactivated by an admin. Support will resolve this order.`;
      try {
        await db.transaction(async (tx) => {
          await machine.apply(tx, 'openDispute', orderId, SYSTEM, {
            guard: (x) => x.captureStartedAt === null,
            set: { reviewDeadlineAt: null },
            recordAs: () => ({ role: 'admin', userId: admin.userId }),
            reason: 'Account deactivated',
            metadata: { reason: 'account_closed', closedUserId: userId, adminReason },
          });
          const d = await disputes.insert(tx, {
            orderId,
            openedByRole: 'admin',
            openedByUserId: admin.userId,
            reason: 'account_closed',
            description,
            createdAt: clock(),
          });
          await note(tx, o, left, disputeNotes.accountClosed(o[left].name), { askSupport: true });
          await tell(tx, o, otherSide(left), disputeMails.accountClosed(o, left));
          await tellAdmins(tx, d.id, disputeMails.accountClosedForAdmins(o, left, adminReason));
        });
        opened += 1;
      } catch (e) {
        if (!(e instanceof TransitionRefused) && !isUniqueViolation(e, 'disputes_one_open_per_order')) throw e;
        log.warn({ orderId, userId, err: e }, 'an order of a closed account could not become a dispute');
      }
    }
    return opened;
  }

  /** The money of a decision at the bank; 'done' once the bank shows it. */
  async function moveMoney(o: Order, resolution: Resolution, influencerMinor: number, decision: string) {
    const hold = o.transactionId ? await payments.row(o.transactionId) : null;
    const label = `Dispute decided (${o.campaign.title}): ${decision}`.slice(0, 250);
    if (resolution === 'refund') {
      // The whole hold goes back: released now; a job retries while the bank has not confirmed it.
      if (hold?.status === 'held') await payments.release(hold.id, label).catch(() => undefined);
      return 'done' as const;
    }
    if (!hold) return 'refused' as const;
    return payments.capture(hold.id, resolution === 'release' ? undefined : influencerMinor, label);
  }

  async function resolve(
    actor: Actor,
    orderId: string,
    resolution: Resolution,
    input: z.output<typeof resolveDisputeInput> & { influencerAmountMinor?: number },
  ) {
    const name = TRANSITION[resolution];
    const who = asMachineActor(actor);
    const o = await ctx.load(orderId);
    await db
      .transaction((tx) => machine.check(tx, name, orderId, who))
      .catch((e: unknown) => {
        throw refusal(e);
      });
    const influencerMinor =
      resolution === 'release' ? o.amountMinor : resolution === 'refund' ? 0 : input.influencerAmountMinor!;
    if (resolution === 'split' && (influencerMinor <= 0 || influencerMinor >= o.amountMinor)) {
      const message = `The influencer’s part must be more than 0 and less than ${formatGel(o.amountMinor)}`;
      throw new AppError('VALIDATION_ERROR', message, 400, { fieldErrors: { influencerAmountMinor: [message] } });
    }
    const now = clock();
    const claimed = await disputes.claimResolution(orderId, now, new Date(now.getTime() - CLAIM_STALE_MS));
    if (!claimed) {
      if (await disputes.open(db, orderId)) throw being();
      throw new AppError('NO_OPEN_DISPUTE', 'This order has no open dispute to decide.', 409);
    }
    const outcome = await moveMoney(o, resolution, influencerMinor, input.decision);
    if (outcome !== 'done') {
      log.warn({ orderId, resolution, outcome }, 'a dispute decision could not move the money');
      // The bank may have done it (a lost answer): the claim stays until it goes stale, and asking again settles it.
      if (outcome !== 'unknown') await disputes.releaseResolution(claimed.id, now);
      throw new AppError(
        'DISPUTE_PAYMENT_FAILED',
        outcome === 'unknown'
          ? 'The bank has not confirmed the payment yet. Try the decision again in a few minutes.'
          : 'The bank did not accept the payment. Check the order’s payment and try again.',
        outcome === 'refused' ? 422 : 503,
      );
    }
    const decided: Decided =
      resolution === 'release'
        ? { resolution, influencerMinor }
        : resolution === 'refund'
          ? { resolution, clientMinor: o.amountMinor }
          : { resolution, influencerMinor, clientMinor: o.amountMinor - influencerMinor };
    await transact(async (tx) => {
      const hold = o.transactionId;
      await machine.apply(tx, name, orderId, who, {
        set:
          resolution === 'refund'
            ? { reviewDeadlineAt: null }
            : { approvedAt: now, reviewDeadlineAt: null, captureStartedAt: null, captureClaimedBy: null },
        reason: input.decision,
        metadata: { disputeId: claimed.id, influencerAmountMinor: influencerMinor, paymentId: hold },
      });
      await disputes.resolve(tx, claimed.id, {
        resolution,
        influencerAmountMinor: influencerMinor,
        clientAmountMinor: o.amountMinor - influencerMinor,
        decision: input.decision,
        resolvedByUserId: actor.userId,
        at: now,
      });
      // The hold goes back by a job too, retried until the bank confirms (the call above may have failed).
      if (resolution === 'refund' && hold) await payments.queueRelease(tx, hold, `Dispute decided for the client`);
      await note(tx, o, 'client', disputeNotes.resolved(decided, input.decision));
      await tell(tx, o, 'client', disputeMails.resolved(o, decided, input.decision));
      await tell(tx, o, 'influencer', disputeMails.resolved(o, decided, input.decision));
    });
  }

  /** Admins are mailed once about each dispute older than DISPUTE_ESCALATION_DAYS that waits for a decision. */
  async function escalate() {
    const before = new Date(clock().getTime() - deps.escalationDays * DAY);
    for (const d of await disputes.overdue(before, 100)) {
      const o = await ctx.load(d.orderId);
      await db.transaction(async (tx) => {
        if (!(await disputes.markEscalated(tx, d.id, clock()))) return;
        await tellAdmins(tx, d.id, disputeMails.escalated(o, deps.escalationDays));
      });
    }
  }
  deps.jobs.define('disputes.escalate', async () => escalate(), { maxAttempts: 3, leaseMs: 10 * MINUTE });
  deps.jobs.schedule('disputes-escalate', { every: '1h' }, 'disputes.escalate');

  return {
    open,
    openForClosedAccount,
    withdraw,
    resolve,
    escalate,

    /** The admins' queue: open first, oldest first. */
    async adminList(status: 'open' | 'closed' | 'all') {
      const now = clock();
      return { items: (await disputes.list(status)).map((r) => adminItemOf(r, now)) };
    },

    /** One dispute with the order's evidence. */
    async adminDetail(disputeId: string) {
      const row = await disputes.detail(disputeId);
      if (!row) throw notFound('Dispute');
      return {
        ...adminItemOf(row, clock()),
        proofUrl: row.proofUrl,
        completionNotes: row.completionNotes,
        approvalFeedback: row.approvalFeedback,
        workStatus: row.workStatus,
        chatId: row.chatId,
      };
    },

    /** The order's disputes for one of its parties or an admin (anyone else: not found). */
    async ofOrder(actor: Actor, orderId: string) {
      const o = await ctx.load(orderId);
      const party =
        actor.role === 'admin' ||
        (actor.role === 'client' && o.client.id === actor.profileId) ||
        (actor.role === 'influencer' && o.influencer.id === actor.profileId);
      if (!party) throw notFound('Order');
      return { items: (await disputes.ofOrder(db, orderId)).map((d) => disputeDtoOf(d, actor)) };
    },
  };
}
export type OrderDisputes = ReturnType<typeof createOrderDisputes>;
