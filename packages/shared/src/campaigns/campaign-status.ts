// A campaign's one status word for each viewer (spec §2 card status, §4 tracker), derived from the order machine so
// the card, the detail badge, the tracker, Orders and the chat header can never disagree.
import { type OrderState, orderStage, type Stage, trackerSteps } from '../orders/order-machine.ts';

type ApplicationStatus = 'pending' | 'accepted' | 'rejected';

/**
 * Spec §2's card rule in the one vocabulary: a rejected application reads Not selected (the spec's "canceled", in
 * the words the applicant understands: the campaign itself may be open); with an order, the order's
 * stage (an unpaid one is Payment Pending for both parties, not "open"); otherwise the campaign is open, or canceled.
 */
export function campaignStage(input: {
  campaignStatus: string;
  applicationStatus?: ApplicationStatus | null;
  order?: OrderState | null;
}): Stage {
  if (input.applicationStatus === 'rejected') return 'not_selected';
  if (input.order) return orderStage(input.order);
  return input.campaignStatus === 'canceled' ? 'canceled' : 'open';
}

export { trackerSteps };

/** Orders in these payment states hold (or held) the client's money: the campaign can no longer be deleted. */
export const PAID_ORDER_STATUSES = ['paid', 'disputed', 'refunded'] as const;
