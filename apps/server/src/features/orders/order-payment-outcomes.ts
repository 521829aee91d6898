// The bank's news about an order's hold, as transitions of the order machine (the PaymentOutcomes port that the
// payments feature calls in the transaction that records the news): a placed hold pays the order, a capture finishes
// the approval that was claimed for it, a hold the bank let go makes the order unpaid again.

import type { Tx } from '../../db/client.ts';
import { orderMails, orderNotes } from '../../integrations/mail/order-mails.ts';
import type { PaymentOutcomes, PaymentRow } from '../payments/payment-outcomes.ts';
import type { OrderContext } from './order-context.ts';
import { SYSTEM, TransitionRefused } from './order-transitions.ts';

/** Runs a system transition that may not apply (the order moved on): refused is "nothing to do", not an error. */
async function unlessRefused<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof TransitionRefused) return null;
    throw e;
  }
}

export function createOrderPaymentOutcomes(ctx: OrderContext): PaymentOutcomes {
  const { machine, repo, clock, note, tell } = ctx;

  return {
    async held(tx: Tx, p: PaymentRow, renews: string | null) {
      const orderId = p.orderId!;
      const paid = await unlessRefused(() =>
        machine.apply(tx, 'pay', orderId, SYSTEM, {
          set: { transactionId: p.id, amountMinor: p.amountMinor },
          metadata: { paymentId: p.id, amountMinor: p.amountMinor },
        }),
      );
      if (paid) {
        const o = await ctx.load(orderId, tx);
        await note(tx, o, 'client', orderNotes.paid(p.amountMinor));
        return 'paid';
      }
      // A renewal takes the old hold's place, if that one still pays the order.
      if (renews && (await repo.swapHold(tx, { orderId, from: renews, to: p.id, now: clock() }))) return 'renewed';
      return 'not_needed';
    },

    async captured(tx: Tx, p: PaymentRow) {
      // The only captures of a hold that are approvals carry the approval's claim (an admin's partial refund captures
      // the rest of a hold without one, and settles the order itself).
      const now = clock();
      const approved = await unlessRefused(() =>
        machine.apply(tx, 'approve', p.orderId!, SYSTEM, {
          guard: (o) => o.captureStartedAt !== null,
          set: { approvedAt: now, captureStartedAt: null, captureClaimedBy: null, reviewDeadlineAt: null },
          // The client who approved (the claim's), or the review window that ran out.
          recordAs: (o) => (o.captureClaimedBy ? { role: 'client', userId: o.captureClaimedBy } : SYSTEM),
          metadata: { paymentId: p.id },
        }),
      );
      if (!approved) return;
      const o = await ctx.load(p.orderId!, tx);
      await note(tx, o, 'client', orderNotes.approved(o.amountMinor));
      await tell(tx, o, 'influencer', orderMails.approved(o));
    },

    async amountAsked(tx: Tx, orderId: string, amountMinor: number) {
      await repo.setAmountWhileUnpaid(tx, orderId, amountMinor, clock());
    },

    async released(tx: Tx, p: PaymentRow) {
      // Only the hold that pays the order, before the work was approved: a release we asked for (a cancelled order, a
      // renewed hold, a refund) finds the order moved on already.
      const lapsed = await unlessRefused(() =>
        machine.apply(tx, 'lapse', p.orderId!, SYSTEM, {
          guard: (o) => o.transactionId === p.id,
          set: { transactionId: null, holdRenewalAskedAt: null },
          metadata: { paymentId: p.id },
        }),
      );
      if (!lapsed) return;
      const o = await ctx.load(p.orderId!, tx);
      await note(tx, o, 'client', orderNotes.lapsed());
      await tell(tx, o, 'client', orderMails.holdLapsedClient(o));
      await tell(tx, o, 'influencer', orderMails.holdLapsedInfluencer(o));
    },
  };
}
