// The books (issue 22 §2: one concern of the payments feature): one order's money for admins, and our ledger against
// the bank's receipts (the reconciliation report).
import type { Db } from '../../db/client.ts';
import type { BogReceipt } from '../../integrations/bog/bog-receipt.ts';
import type { Bank } from './bank.ts';
import { capturedAmount, statusFromReceipt } from './payment-status.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export function createPaymentReports(deps: { db: Db; repo: PaymentsRepository; bank: Bank }) {
  const { repo, bank } = deps;
  return {
    /** Held, released, captured, refunded and paid out for one order (admins). */
    async orderMoney(orderId: string) {
      const rows = await repo.ledgerByOrder(orderId);
      const total = (kind: string) => rows.find((r) => r.kind === kind)?.total ?? 0;
      const held = total('hold');
      const released = total('release');
      const captured = total('capture');
      return {
        orderId,
        heldMinor: held,
        releasedMinor: released,
        capturedMinor: captured,
        refundedMinor: total('refund'),
        paidOutMinor: total('payout'),
        stillHeldMinor: held - released - captured,
      };
    },

    /**
     * Our books against the bank's: for each provider order with a bank id (newest first, up to `limit`), the ledger's
     * hold, capture and refund against the receipt, and our status against the one the receipt implies.
     */
    async reconciliationReport(limit: number) {
      const rows = await repo.providerOrders({ limit });
      const ledger = await repo.ledgerByPayment(rows.map((r) => r.id));
      const sum = (id: string, kind: string) => ledger.find((l) => l.paymentId === id && l.kind === kind)?.total ?? 0;
      const differences: { paymentId: string; field: string; ours: unknown; bank: unknown }[] = [];
      const totals = { heldMinor: 0, releasedMinor: 0, capturedMinor: 0, refundedMinor: 0 };
      /** Receipts whose status we cannot place (not in the bank's documented list, or a hold gone in a way it does not describe). */
      const alerts: { paymentId: string; providerStatus: string; message: string }[] = [];
      let unreadable = 0;
      for (const p of rows) {
        totals.heldMinor += sum(p.id, 'hold');
        totals.releasedMinor += sum(p.id, 'release');
        totals.capturedMinor += sum(p.id, 'capture');
        totals.refundedMinor += sum(p.id, 'refund');
        let r: BogReceipt;
        try {
          r = await bank.client.getReceipt(p.providerOrderId!);
        } catch {
          unreadable += 1;
          continue;
        }
        const expected = statusFromReceipt(r).status;
        if (expected === null) {
          alerts.push({
            paymentId: p.id,
            providerStatus: r.status,
            message: `The bank reports "${r.status}", a status its documentation does not list: check this payment at the bank.`,
          });
        } else if (p.status === 'held' && expected === 'failed') {
          alerts.push({
            paymentId: p.id,
            providerStatus: r.status,
            message: `We hold this payment but the bank reports "${r.status}" without a cancel or a lapse: check it at the bank.`,
          });
        }
        const held = sum(p.id, 'hold');
        const bankHeld =
          r.payment?.code === '200' ||
          ['blocked', 'completed', 'partial_completed', 'refunded', 'refunded_partially'].includes(r.status);
        const compare = (field: string, ours: unknown, theirs: unknown) => {
          if (ours !== theirs) differences.push({ paymentId: p.id, field, ours, bank: theirs });
        };
        if (expected && expected !== 'pending') compare('status', p.status, expected);
        compare('held', held, bankHeld && expected !== 'failed' ? r.requestAmountMinor : 0);
        if (expected === 'captured' || expected === 'refunded' || expected === 'partially_refunded') {
          compare('captured', sum(p.id, 'capture'), capturedAmount(r));
          compare('refunded', sum(p.id, 'refund'), r.refundAmountMinor);
        }
      }
      return { checked: rows.length, unreadable, differences, alerts, totals };
    },
  };
}
