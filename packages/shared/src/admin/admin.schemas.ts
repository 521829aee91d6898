// The admin console (issue 23 §3): people, orders and money as admins read them, and the actions they take. Every
// action carries a reason, written to a history row beside the admin who took it (decision 031).
import { z } from 'zod';
import { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES } from '../campaigns/campaign.schemas.ts';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { ROLES } from '../constants.ts';
import { STAGES } from '../orders/order-machine.ts';
import { proofCheckDto } from '../social/proof-link.ts';
import { SOCIAL_PLATFORMS } from '../social/social.schemas.ts';

export const ADMIN_REASON_MAX = 500;

/** Why an admin acts: required, so the history says it. */
export const adminReason = z
  .string({ error: 'Give the reason for the record' })
  .trim()
  .min(1, 'Give the reason for the record')
  .max(ADMIN_REASON_MAX, `At most ${ADMIN_REASON_MAX} characters`);

export const adminReasonInput = z.object({ reason: adminReason });
export type AdminReasonInput = z.input<typeof adminReasonInput>;

export const resetSocialInput = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, `Choose one of: ${SOCIAL_PLATFORMS.join(', ')}`),
  reason: adminReason,
});
export type ResetSocialInput = z.input<typeof resetSocialInput>;

/** `true`/`false` from a query string; anything else is refused. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** users.id: text (better-auth's), a UUID for every account this server made. */
export const personIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const PERSON_SEARCH_MAX = 100;

export const peopleQuery = z.object({
  /** Words of a name or the start of an e-mail address; every word must match the start of one. */
  q: z.string().trim().max(PERSON_SEARCH_MAX, `At most ${PERSON_SEARCH_MAX} characters`).optional(),
  role: z.enum(ROLES).optional(),
  active: flag.optional(),
  verified: flag.optional(),
  onboarded: flag.optional(),
  cursor: cursorParam,
  limit: limitParam,
});
export type PeopleQuery = z.input<typeof peopleQuery>;

export const adminPerson = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Null for an admin (admins have no profile row). */
  active: z.boolean().nullable(),
  onboarded: z.boolean().nullable(),
  createdAt: z.string(),
});
export type AdminPerson = z.infer<typeof adminPerson>;
export const adminPeoplePage = pageOf(adminPerson);

export const ADMIN_PERSON_ACTIONS = [
  'deactivate',
  'reactivate',
  'resend_verification',
  'unlock_sign_in',
  'reset_social',
] as const;
export type AdminPersonAction = (typeof ADMIN_PERSON_ACTIONS)[number];

export const adminActionRow = z.object({
  id: z.string(),
  action: z.enum(ADMIN_PERSON_ACTIONS),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  admin: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
});

const orderLine = z.object({
  id: z.string(),
  campaignTitle: z.string(),
  stage: z.enum(STAGES),
  amountMinor: z.number().int(),
  /** The other party's name. */
  counterpart: z.string(),
  createdAt: z.string(),
});

export const adminPersonDetail = adminPerson.extend({
  profileId: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  socials: z.array(
    z.object({
      platform: z.enum(SOCIAL_PLATFORMS),
      handle: z.string(),
      status: z.enum(['pending', 'verified', 'failed']),
      followerCount: z.number().int().nullable(),
      verifiedAt: z.string().nullable(),
    }),
  ),
  /** The newest orders (up to 20) as either party. */
  orders: z.array(orderLine),
  /** The newest card payments the person made (up to 20). */
  payments: z.array(
    z.object({
      id: z.string(),
      orderId: z.string().nullable(),
      kind: z.string(),
      status: z.string(),
      amountMinor: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  ratings: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    /** The newest received (up to 10). */
    received: z.array(
      z.object({
        orderId: z.string(),
        rating: z.number().int(),
        comment: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
  supportChats: z.array(
    z.object({ id: z.string(), status: z.string(), createdAt: z.string(), lastMessageAt: z.string().nullable() }),
  ),
  signIn: z.object({ failures: z.number().int(), lockedUntil: z.string().nullable() }),
  /** What admins did to this account, newest first. */
  history: z.array(adminActionRow),
});
export type AdminPersonDetail = z.infer<typeof adminPersonDetail>;

// ---- orders --------------------------------------------------------------------------------------------------

export const adminOrdersQuery = z
  .object({
    /** Words of the campaign's title or of either party's name or e-mail. */
    q: z.string().trim().max(PERSON_SEARCH_MAX, `At most ${PERSON_SEARCH_MAX} characters`).optional(),
    stage: z.enum(STAGES).optional(),
    campaignId: z.uuid('Not a valid campaign id').optional(),
    /** A person (users.id) on either side. */
    party: z.string().trim().min(1).max(100).optional(),
    /** Whole GEL, inclusive. */
    minAmount: z.coerce.number().int('Whole GEL').nonnegative('At least 0').optional(),
    maxAmount: z.coerce.number().int('Whole GEL').nonnegative('At least 0').optional(),
    cursor: cursorParam,
    limit: limitParam,
  })
  .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
    message: 'The minimum is above the maximum',
    path: ['minAmount'],
  });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

const party = z.object({ userId: z.string(), name: z.string(), email: z.string() });

export const adminOrder = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  workStatus: z.enum(WORK_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  stage: z.enum(STAGES),
  amountMinor: z.number().int(),
  createdAt: z.string(),
  campaign: z.object({ id: z.string(), title: z.string() }),
  client: party,
  influencer: party,
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrdersPage = pageOf(adminOrder);

/** What an admin may do to an order now (the machine's admin transitions). */
export const ADMIN_ORDER_ACTIONS = ['cancel', 'refund'] as const;

export const adminOrderDetail = adminOrder.extend({
  proofUrl: z.string().nullable(),
  /** What the proof-of-post check found (decision 039), as the brand sees it. */
  proofCheck: proofCheckDto.nullable(),
  completionNotes: z.string().nullable(),
  reviewDeadlineAt: z.string().nullable(),
  chatId: z.string().nullable(),
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  history: z.array(
    z.object({
      id: z.string(),
      transition: z.string(),
      fromStage: z.enum(STAGES),
      toStage: z.enum(STAGES),
      actorRole: z.string(),
      actor: z.object({ id: z.string(), name: z.string() }).nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      amountMinor: z.number().int(),
      providerOrderId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({ id: z.number().int(), kind: z.string(), amountMinor: z.number().int(), createdAt: z.string() }),
  ),
  /** The bank's last word on the order's card payment, as read or called back. */
  receipt: z
    .object({
      source: z.string(),
      providerStatus: z.string().nullable(),
      receivedAt: z.string(),
      body: z.unknown(),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

// ---- money -------------------------------------------------------------------------------------------------------

export const moneyQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });

export const moneyMonth = z.object({
  /** YYYY-MM (Tbilisi). */
  month: z.string(),
  heldMinor: z.number().int(),
  releasedMinor: z.number().int(),
  capturedMinor: z.number().int(),
  refundedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  commissionMinor: z.number().int(),
});
export const moneyResponse = z.object({ months: z.array(moneyMonth) });
export type MoneyResponse = z.infer<typeof moneyResponse>;
