// The payments feature, composed (issue 22 §2): each part one concern. checkout.ts starts attempts, bank-sync.ts
// records and applies the bank's word (and reconciles), bank-callbacks.ts verifies the bank's callbacks,
// money-moves.ts releases, captures and refunds, payment-reports.ts reads the books. Orders hear the bank's news
// through the required PaymentOutcomes port; nothing here writes an order or a campaign.
import type { Tx } from '../../db/client.ts';
import { createBankCallbacks } from './bank-callbacks.ts';
import { type BankSyncDeps, createBankSync } from './bank-sync.ts';
import { createCheckout } from './checkout.ts';
import { createMoneyMoves, type MoneyMoves } from './money-moves.ts';
import { createPaymentReports } from './payment-reports.ts';
import { MINUTE } from './payment-status.ts';

export type { OperationOutcome } from './money-moves.ts';
export { HOLD_RENEWAL_WINDOW_MS, renewalOf, statusFromReceipt } from './payment-status.ts';

/** What the payments feature is built from: the bank sync's needs, less the release job it makes itself. */
export type PaymentsServiceDeps = Omit<BankSyncDeps, 'release'>;

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, jobs } = deps;
  // A hold's release is a job (retried until the bank confirms): queued by the bank's news and by orders, run by the
  // money moves, which are built from the bank sync that queues it.
  let moves: MoneyMoves | undefined;
  const release = jobs.define<{ paymentId: string; reason: string }>(
    'payments.release',
    async ({ job }) => moves!.release(job.payload.paymentId, job.payload.reason),
    { maxAttempts: 20, backoff: { baseMs: 30_000, maxMs: 60 * MINUTE } },
  );
  const sync = createBankSync({ ...deps, release });
  moves = createMoneyMoves({ ...deps, sync });
  const checkout = createCheckout({ ...deps, sync, orders: deps.outcomes });
  const reports = createPaymentReports(deps);

  return {
    ...checkout,
    ...reports,
    apply: sync.apply,
    refresh: sync.refresh,
    readReceipt: sync.readReceipt,
    reconcile: sync.reconcile,
    pruneEvents: sync.pruneEvents,
    handleCallback: createBankCallbacks({ ...deps, sync }),
    release: moves.release,
    capture: moves.capture,
    refundCaptured: moves.refundCaptured,
    /** A payment row by id (the order side reads its hold's state). */
    row: (id: string) => repo.find(db, id),
    /** Whether the bank refused a capture of this hold asked for since `since` (and none is still open). */
    captureRefusedSince: (holdId: string, since: Date) => repo.operationRefusedSince(db, holdId, 'capture', since),
    /** Queues a hold's release (a job: retried until the bank confirms), in the caller's transaction. */
    queueRelease: (tx: Tx, paymentId: string, reason: string) =>
      release.enqueue({ paymentId, reason }, { tx, dedupeKey: `payments.release:${paymentId}` }),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
