// What the payments feature tells the orders feature (issue 22 §2): the bank's news about a hold that pays an order,
// through one required port, in the transaction that records the news. The orders feature implements it
// (features/orders/order-payment-outcomes.ts) with its machine's transitions; payments writes no order itself.
import type { Tx } from '../../db/client.ts';
import type { PaymentRow } from './payments.repository.ts';

/** A payment as the port hands it over (the bank's news is about this row). */
export type { PaymentRow };

export type PaymentOutcomes = {
  /**
   * The bank placed a hold for an order. `renews` is the hold it was asked to replace. Answers what became of it:
   * it pays the order now (`paid`), it took the renewed hold's place (`renewed`: that one is then released), or the
   * order needs no hold (paid meanwhile by another attempt, cancelled: this one is released).
   */
  held(tx: Tx, payment: PaymentRow, renews: string | null): Promise<'paid' | 'renewed' | 'not_needed'>;
  /** The hold was captured (an approval's capture, which finishes the approval it was claimed for). */
  captured(tx: Tx, payment: PaymentRow): Promise<void>;
  /** The hold is gone without a capture (released on request, or let go by the bank before the work was approved). */
  released(tx: Tx, payment: PaymentRow): Promise<void>;
  /** The client asked to pay this amount for the still unpaid order (it may differ from the budget): its amount now. */
  amountAsked(tx: Tx, orderId: string, amountMinor: number): Promise<void>;
};
