// Money moved on a hold (issue 22 §2: one concern of the payments feature): released back to the card, captured
// (in full or in part), refunded after capture. Each call is a payments row written before it is made, with a key
// derived from the hold and the attempt, and settled by the receipt read right after (bank-sync.ts).
import type { PaymentStatus } from '@app/shared/payments/payment.schemas';
import type { Db } from '../../db/client.ts';
import { bogIdempotencyKey } from '../../integrations/bog/bog-client.ts';
import { BogAuthError, BogRejectedError, BogUnavailableError } from '../../integrations/bog/bog-errors.ts';
import type { Bank } from './bank.ts';
import type { BankSync } from './bank-sync.ts';
import type { Log } from './payment-status.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

export type OperationOutcome = 'done' | 'refused' | 'unavailable' | 'unknown';

export function createMoneyMoves(deps: {
  db: Db;
  repo: PaymentsRepository;
  bank: Bank;
  sync: Pick<BankSync, 'refresh' | 'readReceipt'>;
  clock: () => Date;
  log: Pick<Log, 'error'>;
}) {
  const { db, repo, bank, clock, log } = deps;
  const { refresh, readReceipt } = deps.sync;

  /**
   * Gives a hold back to the card (the bank's cancel), idempotently: an operation row keyed by the hold records the
   * call before it is made; the receipt read after it settles both. Throws (so the job retries) while the hold stands.
   */
  async function release(paymentId: string, reason: string): Promise<void> {
    const p = await repo.find(db, paymentId);
    if (p?.status !== 'held' || !p.providerOrderId) return;
    const op = await repo.insertOnce(db, {
      kind: 'release',
      parentPaymentId: p.id,
      orderId: p.orderId,
      userId: p.userId,
      amountMinor: p.amountMinor,
      status: 'created',
      idempotencyKey: bogIdempotencyKey(`${p.id}:release`),
      request: { reason },
    });
    try {
      await bank.client.cancelPreauthorization(p.providerOrderId, {
        idempotencyKey: op.idempotencyKey,
        description: reason,
      });
      await repo.update(db, op.id, { status: 'pending', updatedAt: clock() });
    } catch (e) {
      // Refused: perhaps already cancelled or confirmed. The receipt below says which; unavailable: retry later.
      if (!(e instanceof BogRejectedError)) throw e;
      await repo.update(db, op.id, {
        errorMessage: `${e.status} ${e.bodyText ?? ''}`.slice(0, 2000),
        updatedAt: clock(),
      });
    }
    const after = await refresh(p);
    if (after.status !== 'held') return;
    // The bank still says blocked: the cancel has not landed yet, so the job asks again. Anything else is a status
    // the documentation does not give for a cancelled hold: asking again cannot change it, so the attempt stops and
    // the reconciliation report raises it as an alert for a person (payment-reports.ts).
    if (after.providerStatus && after.providerStatus !== 'blocked') {
      await repo.update(db, op.id, {
        status: 'failed',
        errorMessage: `The bank reported "${after.providerStatus}" after the cancel request`,
        updatedAt: clock(),
      });
      log.error(
        { paymentId: p.id, providerStatus: after.providerStatus },
        'a released hold has an unknown bank status',
      );
      return;
    }
    throw new Error(`hold ${p.id} is still held after the cancel request`);
  }

  /**
   * An operation on a hold (capture, refund), recorded before the call with a key derived from the hold and the
   * attempt (a refused capture may be asked again as a new attempt; a lost answer is asked again with the same key),
   * then settled by the receipt read right after: `done` when the bank shows it, `refused` when it said no,
   * `unavailable` when the bank answered that it could not (every attempt a 5xx or a refused token) and its receipt
   * shows nothing done, `unknown` when the bank may have taken it but its word is not in yet (a lost answer, an
   * acknowledgement the receipt does not show yet): the callback, reconciliation or the caller's follow-up settles it.
   * A call that got no answer is followed at once by a receipt read: a lost answer costs no more than that read.
   */
  async function operate(
    hold: PaymentRow,
    kind: 'capture' | 'refund',
    amountMinor: number,
    call: (idempotencyKey: string) => Promise<unknown>,
    done: (status: PaymentStatus) => boolean,
  ): Promise<OperationOutcome> {
    const attempt = (await repo.failedOperations(db, hold.id, kind)) + 1;
    const op = await repo.insertOnce(db, {
      kind,
      parentPaymentId: hold.id,
      orderId: hold.orderId,
      userId: hold.userId,
      amountMinor,
      status: 'created',
      idempotencyKey: bogIdempotencyKey(`${hold.id}:${kind}:${amountMinor}:${attempt}`),
    });
    try {
      await call(op.idempotencyKey);
      await repo.update(db, op.id, { status: 'pending', updatedAt: clock() });
    } catch (e) {
      if (e instanceof BogUnavailableError || e instanceof BogAuthError) {
        // No usable answer, yet the bank may have done it (an answer lost on the way back): its receipt says.
        const { row: after, read } = await readReceipt(hold);
        if (done(after.status as PaymentStatus)) return 'done';
        if ((await repo.find(db, op.id))?.status === 'failed') return 'refused';
        // The bank answered every attempt (no timeout, no broken connection) and shows nothing done: not taken.
        const answered = e instanceof BogAuthError || e.status !== null;
        return read && answered ? 'unavailable' : 'unknown';
      }
      if (!(e instanceof BogRejectedError)) throw e;
      await repo.update(db, op.id, {
        status: 'failed',
        errorMessage: `${e.status} ${e.bodyText ?? ''}`.slice(0, 2000),
        updatedAt: clock(),
      });
      return 'refused';
    }
    const after = await refresh(hold);
    if (done(after.status as PaymentStatus)) return 'done';
    const settled = await repo.find(db, op.id);
    return settled?.status === 'failed' ? 'refused' : 'unknown';
  }

  /** Confirms (captures) a hold, in full or the first `amountMinor` of it (the rest goes back to the card). */
  async function capture(
    holdId: string,
    amountMinor?: number,
    description = 'Work approved',
  ): Promise<OperationOutcome> {
    const hold = await repo.find(db, holdId);
    if (!hold?.providerOrderId) return 'refused';
    const captured = ['captured', 'partially_refunded', 'refunded'];
    if (captured.includes(hold.status)) return 'done';
    if (hold.status !== 'held') return 'refused';
    const amount = amountMinor ?? hold.amountMinor;
    return operate(
      hold,
      'capture',
      amount,
      (idempotencyKey) =>
        bank.client.approvePreauthorization(hold.providerOrderId!, {
          idempotencyKey,
          amountMinor: amount,
          description,
        }),
      (s) => captured.includes(s),
    );
  }

  /** Gives captured money back to the card, all of what is left or `amountMinor` of it. */
  async function refundCaptured(holdId: string, amountMinor?: number): Promise<OperationOutcome> {
    const hold = await repo.find(db, holdId);
    if (!hold?.providerOrderId || !['captured', 'partially_refunded'].includes(hold.status)) return 'refused';
    const left = (await repo.ledgerSum(db, hold.id, 'capture')) - (await repo.ledgerSum(db, hold.id, 'refund'));
    const amount = amountMinor ?? left;
    if (amount <= 0 || amount > left) return 'refused';
    const before = await repo.ledgerSum(db, hold.id, 'refund');
    return operate(
      hold,
      'refund',
      amount,
      (idempotencyKey) =>
        bank.client.refund(hold.providerOrderId!, { idempotencyKey, ...(amountMinor ? { amountMinor: amount } : {}) }),
      () => false,
    ).then(async (outcome) => {
      if (outcome === 'refused') return outcome;
      const after = await repo.ledgerSum(db, hold.id, 'refund');
      return after >= before + amount ? 'done' : outcome;
    });
  }

  return { release, capture, refundCaptured };
}
export type MoneyMoves = ReturnType<typeof createMoneyMoves>;
