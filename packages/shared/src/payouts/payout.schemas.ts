// Monthly payouts (issue 10 §5, decision 016): the admin's batches and the influencer's earnings.
import { z } from 'zod';

export const PAYOUT_BATCH_STATUSES = ['open', 'paid'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];
export const PAYOUT_TRIGGERS = ['schedule', 'admin', 'cli'] as const;

const money = z.number().int();

export const payoutBatchSummary = z.object({
  id: z.string(),
  /** YYYY-MM-01: the month the batch is named after. */
  period: z.string(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  trigger: z.enum(PAYOUT_TRIGGERS),
  cutoffAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  commissionBps: z.number().int(),
  influencerCount: z.number().int(),
  orderCount: z.number().int(),
  grossMinor: money,
  commissionMinor: money,
  netMinor: money,
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummary>;

export const payoutBatchList = z.object({
  items: z.array(payoutBatchSummary),
  nextCursor: z.string().nullable(),
});
export type PayoutBatchList = z.infer<typeof payoutBatchList>;

export const payoutBatchListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const payoutLine = z.object({
  orderId: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  approvedAt: z.string().nullable(),
  grossMinor: money,
  commissionMinor: money,
  netMinor: money,
});

export const influencerPayout = z.object({
  id: z.string(),
  influencer: z.object({ id: z.string(), name: z.string(), lastname: z.string(), email: z.string() }),
  iban: z.string(),
  accountName: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  grossMinor: money,
  commissionMinor: money,
  netMinor: money,
  items: z.array(payoutLine),
});
export type InfluencerPayout = z.infer<typeof influencerPayout>;

export const payoutBatchDetail = payoutBatchSummary.extend({ payouts: z.array(influencerPayout) });
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetail>;

export const runPayoutsResponse = z.object({
  /** The new batch, or null when nothing was waiting. */
  batch: payoutBatchSummary.nullable(),
  /** Influencers with approved work but no valid IBAN: their orders wait for the next run. */
  waitingForIban: z.number().int(),
  /**
   * Influencers with approved work whose e-mail address is unconfirmed (issue 23 §2): nobody knows the statement would
   * reach them, so their orders wait for a run after they confirm it.
   */
  waitingForEmail: z.number().int(),
});
export type RunPayoutsResponse = z.infer<typeof runPayoutsResponse>;

export const earningsMonth = z.object({
  /** YYYY-MM */
  month: z.string(),
  paidOutMinor: money,
  pendingMinor: money,
});

export const earningsResponse = z.object({
  /** Transferred to the influencer's IBAN (batches marked paid), net of commission. */
  paidOutMinor: money,
  /** Approved and captured, waiting for the next transfer (in an open batch or not yet gathered), net. */
  pendingPayoutMinor: money,
  /** Submitted work the client is reviewing: the money is held, not yet captured. */
  inReviewMinor: money,
  commissionBps: z.number().int(),
  hasIban: z.boolean(),
  /** The last six months, oldest first. */
  months: z.array(earningsMonth),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;
