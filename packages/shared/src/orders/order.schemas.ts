// The influencer's orders (spec §2 Orders).
import { z } from 'zod';
import { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES } from '../campaigns/campaign.schemas.ts';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { personSummary } from '../common/people.schemas.ts';

export const orderListQuery = z.object({ cursor: cursorParam, limit: limitParam });

export const orderListItem = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountMinor: z.number().int(),
  workStatus: z.enum(WORK_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  createdAt: z.string(),
  campaign: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    socials: z.array(z.string()),
    deadline: z.string().nullable(),
  }),
  client: personSummary,
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListResponse = pageOf(orderListItem);
