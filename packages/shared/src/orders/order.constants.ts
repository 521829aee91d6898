// The work's texts, without zod: the order's actions raise them from every signed-in page's live updates (issue 28
// §2); order.schemas.ts builds the forms' rules on them.

export const WORK_MESSAGES = {
  startFailed: 'Failed to start work. Please try again.',
  completeFailed: 'Failed to complete work. Please try again.',
  approvalFailed: 'Failed to update approval status',
  notUpdated: 'Order not found or permission denied',
  captureFailed: 'Payment confirmation failed. Please try again.',
  /** An approval whose capture the bank has not decided yet (a lost answer): it settles by itself (issue 21 §4). */
  approvalInProgress: 'Confirming the payment with the bank…',
  proofRequired: 'Please enter the link to your work',
  proofUrl: 'Enter a link that starts with http:// or https://',
  feedbackRequired: 'Tell the influencer what to change',
  ratingOpenFailed: 'Failed to open rating dialog',
  ratingFailed: 'Failed to submit rating',
  ratingRange: 'Choose from 1 to 5 stars',
} as const;

export const WORK_TEXT_MAX = 2000;

/** Spec §5 rating: stars 1-5; the comment is optional, trimmed, stored null when empty. */
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

export const CANCEL_MESSAGES = {
  amountRequired: 'Enter the amount for the work done (0 for none)',
  amountRange: 'The amount for the work done must be at least 0 and less than the order’s amount',
} as const;
