// Cancellation by agreement after work started (issue 23 §2, decision 038): one party of a paid, unapproved order
// proposes to end it, with the part of the money the influencer keeps for the work done (0: everything back to the
// client's card); the other party accepts or declines; the proposer may withdraw it. One open proposal per order.
import { z } from 'zod';
import { CANCEL_MESSAGES } from './order.constants.ts';

export { CANCEL_MESSAGES } from './order.constants.ts';

export const CANCEL_PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'void'] as const;
export type CancelProposalStatus = (typeof CANCEL_PROPOSAL_STATUSES)[number];

/** The influencer's part in tetri: whole tetri, at least 0 (the server checks it is below the order's amount). */
export const proposeCancelInput = z.object({
  influencerAmountMinor: z
    .number({ error: CANCEL_MESSAGES.amountRequired })
    .int('Amount is in tetri')
    .nonnegative(CANCEL_MESSAGES.amountRange),
});
export type ProposeCancelInput = z.input<typeof proposeCancelInput>;

export const cancelProposalDto = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(CANCEL_PROPOSAL_STATUSES),
  proposedBy: z.enum(['client', 'influencer']),
  /** What the influencer keeps (captured) and what goes back to the client's card (released). */
  influencerAmountMinor: z.number().int(),
  clientAmountMinor: z.number().int(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** What the caller may do with it now: the proposer withdraws, the other party accepts or declines. */
  canWithdraw: z.boolean(),
  canAnswer: z.boolean(),
});
export type CancelProposalDto = z.infer<typeof cancelProposalDto>;

/** The order's proposals, newest first (its parties and admins). */
export const orderCancelProposalsResponse = z.object({ items: z.array(cancelProposalDto) });
