// Derived statuses of spec §2 and §4, shared so the server's DTO and the screen never disagree.
import type { DisplayStatus } from './campaign.schemas.ts';

type ApplicationStatus = 'pending' | 'accepted' | 'rejected';
type OrderState = { status: string; workStatus: string } | null | undefined;

/**
 * A card's status (spec §2): a rejected application shows canceled; a pending application or an unpaid order shows
 * open; a paid order shows its work status (not_started when none); otherwise the campaign's own status.
 */
export function deriveDisplayStatus(input: {
  campaignStatus: string;
  applicationStatus?: ApplicationStatus | null;
  order?: OrderState;
}): DisplayStatus {
  const { campaignStatus, applicationStatus, order } = input;
  if (applicationStatus === 'rejected') return 'canceled';
  if (order?.status === 'paid') return (order.workStatus || 'not_started') as DisplayStatus;
  if (applicationStatus === 'pending' || order?.status === 'unpaid') return 'open';
  return campaignStatus as DisplayStatus;
}

/** Keys of the tracker's label (spec §4): open, unpaid, not_started, in_progress, completed, delivered, canceled. */
export const TRACKER_LABEL_KEYS = [
  'open',
  'unpaid',
  'not_started',
  'in_progress',
  'completed',
  'delivered',
  'canceled',
] as const;
export type TrackerLabelKey = (typeof TRACKER_LABEL_KEYS)[number] | 'unknown';

/**
 * The three-step tracker (Payment Completed, Work Started, Work Completed) and its current label: before an order the
 * campaign's status, then the payment status while unpaid, then the work status.
 */
export function trackerState(
  campaignStatus: string,
  order: OrderState,
): {
  paymentCompleted: boolean;
  workStarted: boolean;
  workCompleted: boolean;
  label: TrackerLabelKey;
} {
  const paid = order?.status === 'paid';
  const work = paid ? order.workStatus || 'not_started' : null;
  const key = campaignStatus === 'canceled' ? 'canceled' : !order ? campaignStatus : paid ? work! : order.status;
  return {
    paymentCompleted: paid,
    workStarted: work === 'in_progress' || work === 'completed' || work === 'delivered',
    workCompleted: work === 'completed' || work === 'delivered',
    label: (TRACKER_LABEL_KEYS as readonly string[]).includes(key) ? (key as TrackerLabelKey) : 'unknown',
  };
}

/** Orders in these payment states hold (or held) the client's money: the campaign can no longer be deleted. */
export const PAID_ORDER_STATUSES = ['paid', 'refunded'] as const;
