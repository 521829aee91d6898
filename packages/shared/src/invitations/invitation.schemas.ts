// Invitations: a client invites an influencer to one of its open campaigns (spec §2 invite dialog, §5).
import { z } from 'zod';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { personSummary } from '../common/people.schemas.ts';
import { DEFAULT_INVITATION_MESSAGE, INVITATION_MESSAGE_MAX, INVITATION_STATUSES } from './invitation.constants.ts';

export { DEFAULT_INVITATION_MESSAGE, INVITATION_MESSAGE_MAX, INVITATION_STATUSES } from './invitation.constants.ts';

export const createInvitationInput = z.object({
  campaignId: z.uuid('Please select a campaign'),
  influencerId: z.uuid('Not a valid influencer'),
  /** Optional; a missing or blank message is the spec's default text (§5). */
  message: z
    .string()
    .trim()
    .max(INVITATION_MESSAGE_MAX, `Message must be at most ${INVITATION_MESSAGE_MAX} characters`)
    .nullish()
    .transform((v) => v || DEFAULT_INVITATION_MESSAGE),
});
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

export const invitationDto = z.object({
  id: z.string(),
  campaignId: z.string(),
  influencerId: z.string(),
  message: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
});

/** The client's open campaigns for the dialog, each saying whether this influencer is already invited or applied. */
export const invitableCampaigns = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      budgetMinor: z.number().int(),
      invited: z.boolean(),
      applied: z.boolean(),
    }),
  ),
});

export const invitationListQuery = z.object({ cursor: cursorParam, limit: limitParam });

/** The influencer's pending invitations to campaigns still open, with what the card shows. */
export const receivedInvitation = z.object({
  id: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  campaign: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    budgetMinor: z.number().int(),
    socials: z.array(z.string()),
    deadline: z.string().nullable(),
  }),
  client: personSummary,
});
export type ReceivedInvitation = z.infer<typeof receivedInvitation>;
export const receivedInvitationList = pageOf(receivedInvitation);
