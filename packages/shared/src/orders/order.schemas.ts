// The influencer's orders (spec §2 Orders).
import { z } from 'zod';
import { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES } from '../campaigns/campaign.schemas.ts';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { personSummary } from '../common/people.schemas.ts';
import { WORK_MESSAGES, WORK_TEXT_MAX } from './order.constants.ts';
import { MONEY_STAGES, ORDER_ACTIONS, STAGES } from './order-machine.ts';

export { RATING_LABELS, WORK_MESSAGES, WORK_TEXT_MAX } from './order.constants.ts';

export const orderListQuery = z.object({ cursor: cursorParam, limit: limitParam });

export const orderListItem = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountMinor: z.number().int(),
  workStatus: z.enum(WORK_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  /** The same word the campaign page shows (orders/order-machine.ts). */
  stage: z.enum(STAGES),
  /** Where the money stands for the influencer: held, waiting for the payout, paid out (orders/order-machine.ts). */
  money: z.enum(MONEY_STAGES),
  /** What the influencer can do now. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** The client's reason when they sent the work back. */
  approvalFeedback: z.string().nullable(),
  /** The last proof handed over: Submit again starts from it (issue 27). */
  proofUrl: z.string().nullable(),
  completionNotes: z.string().nullable(),
  createdAt: z.string(),
  campaign: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    socials: z.array(z.string()),
    deadline: z.string().nullable(),
  }),
  client: personSummary,
  /** The client's account is closed (issue 23 §2): support resolves the order. */
  counterpartDeactivated: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListResponse = pageOf(orderListItem);

// ---- the work lifecycle (spec §2 campaign detail actions, §5, §8) ------------------------------------------------

/** Submit Work: a proof URL (required, http or https, spec §5) and optional notes. */
export const submitWorkInput = z.object({
  proofUrl: z
    .string({ error: WORK_MESSAGES.proofRequired })
    .trim()
    .min(1, WORK_MESSAGES.proofRequired)
    .pipe(z.url({ protocol: /^https?$/, error: WORK_MESSAGES.proofUrl }).max(2048)),
  completionNotes: z
    .string()
    .trim()
    .max(WORK_TEXT_MAX, `Notes must be at most ${WORK_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type SubmitWorkInput = z.input<typeof submitWorkInput>;

/** Reject: the influencer is told what to change, so feedback is required. */
export const rejectWorkInput = z.object({
  feedback: z
    .string({ error: WORK_MESSAGES.feedbackRequired })
    .trim()
    .min(1, WORK_MESSAGES.feedbackRequired)
    .max(WORK_TEXT_MAX, `Feedback must be at most ${WORK_TEXT_MAX} characters`),
});
export type RejectWorkInput = z.input<typeof rejectWorkInput>;

export const rateInput = z.object({
  rating: z
    .number({ error: WORK_MESSAGES.ratingRange })
    .int(WORK_MESSAGES.ratingRange)
    .min(1, WORK_MESSAGES.ratingRange)
    .max(5, WORK_MESSAGES.ratingRange),
  comment: z
    .string()
    .trim()
    .max(WORK_TEXT_MAX, `Comment must be at most ${WORK_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type RateInput = z.input<typeof rateInput>;

/** An admin's resolution of a dispute: all of the order's money back to the client, or part of it. */
export const adminRefundInput = z.object({
  amountMinor: z.number().int('Amount is in tetri').positive('Amount must be positive').optional(),
  reason: z.string().trim().min(1, 'Give the reason for the record').max(WORK_TEXT_MAX),
});
export type AdminRefundInput = z.input<typeof adminRefundInput>;
