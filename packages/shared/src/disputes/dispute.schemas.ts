// Disputes (issue 23 §1, decision 030): either party of a paid, unapproved order after work started opens one with a
// reason from a short list and a description; an admin decides it (release in full, refund in full, or a split);
// the party who opened it may withdraw it. One open dispute per order.
import { z } from 'zod';
import { personSummary } from '../common/people.schemas.ts';
import { WORK_TEXT_MAX } from '../orders/order.constants.ts';
import { ORDER_STATUSES } from '../orders/order-states.ts';
import type { DisputeReason } from './dispute.constants.ts';
import {
  DISPUTE_ALL_REASONS,
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  DISPUTE_RESOLUTIONS,
  DISPUTE_STATUSES,
} from './dispute.constants.ts';

export type { DisputeReason, DisputeResolution } from './dispute.constants.ts';
export {
  DISPUTE_ALL_REASONS,
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  DISPUTE_RESOLUTIONS,
  DISPUTE_STATUSES,
} from './dispute.constants.ts';

const text = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(WORK_TEXT_MAX, `At most ${WORK_TEXT_MAX} characters`);

export const openDisputeInput = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: DISPUTE_MESSAGES.reasonRequired }),
  description: text(DISPUTE_MESSAGES.descriptionRequired),
});
export type OpenDisputeInput = z.input<typeof openDisputeInput>;

/** An admin's decision, written for both parties to read. */
export const resolveDisputeInput = z.object({ decision: text(DISPUTE_MESSAGES.decisionRequired) });
export type ResolveDisputeInput = z.input<typeof resolveDisputeInput>;

/** A split: what the influencer gets (tetri); the rest of the hold goes back to the client's card. */
export const resolveSplitInput = resolveDisputeInput.extend({
  influencerAmountMinor: z
    .number({ error: DISPUTE_MESSAGES.amountRequired })
    .int('Amount is in tetri')
    .positive(DISPUTE_MESSAGES.amountRange),
});
export type ResolveSplitInput = z.input<typeof resolveSplitInput>;

export const disputeDto = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_ALL_REASONS),
  description: z.string(),
  /** Who opened it: a party, or an admin (an account closed with the order open). */
  openedBy: z.enum(['client', 'influencer', 'admin']),
  createdAt: z.string(),
  /** Whether the caller may withdraw it now (the party who opened it, while no admin is deciding). */
  canWithdraw: z.boolean(),
  resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
  /** What the influencer was paid (release and split) and what went back to the client (refund and split). */
  influencerAmountMinor: z.number().int().nullable(),
  clientAmountMinor: z.number().int().nullable(),
  decision: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type DisputeDto = z.infer<typeof disputeDto>;

/** The order's disputes, newest first (the parties' and the admin's view of its dispute history). */
export const orderDisputesResponse = z.object({ items: z.array(disputeDto) });

export const adminDisputeQuery = z.object({ status: z.enum(['open', 'closed', 'all']).default('open') });

export const adminDisputeItem = disputeDto.extend({
  amountMinor: z.number().int(),
  /** Whole hours since it was opened (the server's clock: the queue's age). */
  ageHours: z.number().int(),
  orderStatus: z.enum(ORDER_STATUSES),
  campaign: z.object({ id: z.string(), title: z.string() }),
  client: personSummary,
  influencer: personSummary,
});
export type AdminDisputeItem = z.infer<typeof adminDisputeItem>;
export const adminDisputeListResponse = z.object({ items: z.array(adminDisputeItem) });

/** One dispute with the order's evidence: the proof link and notes, the feedback, the chat. */
export const adminDisputeDetail = adminDisputeItem.extend({
  proofUrl: z.string().nullable(),
  completionNotes: z.string().nullable(),
  approvalFeedback: z.string().nullable(),
  workStatus: z.string(),
  chatId: z.string().nullable(),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetail>;

/** The reasons in words (mail and chat lines; the screens translate the same keys). */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_delivered: 'Work not delivered',
  not_as_agreed: 'Not what was agreed',
  quality: 'Quality of the work',
  missed_deadline: 'Deadline missed',
  unresponsive: 'The other party does not answer',
  other: 'Something else',
  account_closed: 'An account was closed',
};
