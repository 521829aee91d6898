// A dispute after work started, decided by an admin (issue 10): all of the order's money back to the client, or
// `amountMinor` of it. A hold still on the card is released (all) or confirmed for the rest (part); captured money
// goes back through the bank's refund. Refused once paid out to the influencer. The money moves first; the order's
// `refund` transition records it once the bank has confirmed.
import { formatGel } from '@app/shared/format/format';
import type { adminRefundInput } from '@app/shared/orders/order.schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { orderMails } from '../../integrations/mail/order-mails.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { asMachineActor, notUpdated, type OrderContext, refusal } from './order-context.ts';

export function createOrderRefund(ctx: OrderContext, deps: { payments: PaymentsService }) {
  const { db, repo, machine, tell } = ctx;
  const { payments } = deps;

  return async function refund(actor: Actor, orderId: string, input: z.output<typeof adminRefundInput>) {
    const who = asMachineActor(actor);
    const o = await ctx.load(orderId);
    // The machine's word before any money moves (the same check runs again when the refund is recorded).
    await db
      .transaction((tx) => machine.check(tx, 'refund', orderId, who))
      .catch((e: unknown) => {
        throw refusal(e);
      });
    if (!o.transactionId) throw notUpdated('refund');
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
    const hold = (await payments.row(o.transactionId))!;
    const full = input.amountMinor === undefined || input.amountMinor === o.amountMinor;
    const back = full ? o.amountMinor : input.amountMinor!;
    const settle = async (tx: Tx) => {
      await machine
        .apply(tx, 'refund', orderId, who, {
          set: { captureStartedAt: null, captureClaimedBy: null, reviewDeadlineAt: null },
          reason: input.reason,
          metadata: { amountMinor: back, paymentId: hold.id },
        })
        .catch((e: unknown) => {
          throw refusal(e);
        });
      await tell(tx, o, 'client', orderMails.refundedClient(o, back, input.reason));
      await tell(tx, o, 'influencer', orderMails.refundedInfluencer(o, back, input.reason));
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
  };
}
