// The invitation's default words and limit, without zod: the influencer's profile draws the invite dialog on its way
// to the first tap (issue 28 §2); invitation.schemas.ts builds the contract on them.

export const DEFAULT_INVITATION_MESSAGE = 'We would like to invite you to participate in our campaign.';
export const INVITATION_MESSAGE_MAX = 1000;
export const INVITATION_STATUSES = ['pending', 'applied', 'declined'] as const;
