// The disputes' reasons, states and texts, without zod: the order's actions show them on the chat's and the
// campaign's way to the first tap (issue 28 §2); dispute.schemas.ts builds the contracts on them.

/** The short list a party picks from; `account_closed` is the server's own (an admin closed a party's account). */
export const DISPUTE_REASONS = [
  'not_delivered',
  'not_as_agreed',
  'quality',
  'missed_deadline',
  'unresponsive',
  'other',
] as const;
export const DISPUTE_ALL_REASONS = [...DISPUTE_REASONS, 'account_closed'] as const;
export type DisputeReason = (typeof DISPUTE_ALL_REASONS)[number];

export const DISPUTE_STATUSES = ['open', 'withdrawn', 'resolved'] as const;
export const DISPUTE_RESOLUTIONS = ['release', 'refund', 'split'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_MESSAGES = {
  reasonRequired: 'Choose what went wrong',
  descriptionRequired: 'Describe what happened',
  decisionRequired: 'Write the decision both parties will read',
  amountRequired: 'Enter the amount for the influencer',
  amountRange: 'The influencer’s part must be more than 0 and less than the order’s amount',
} as const;
