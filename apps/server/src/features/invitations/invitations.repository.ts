import { and, eq, gte, isNull, not, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaignHired } from '../../db/predicates.ts';
import { campaignApplications, campaignInvitations, campaigns, clients, influencers, users } from '../../db/schema.ts';
import { type Cursor, cursorTime, newestFirst, olderThan } from '../../lib/cursor.ts';

const dto = {
  id: campaignInvitations.id,
  campaignId: campaignInvitations.campaignId,
  influencerId: campaignInvitations.influencerId,
  message: campaignInvitations.message,
  status: campaignInvitations.status,
  createdAt: campaignInvitations.createdAt,
};

export function createInvitationsRepository(db: Db) {
  return {
    /**
     * The campaign as its owner sees it, or null when it does not exist or belongs to another client. Share-locked
     * until the transaction ends: a delete (which locks it for update) runs wholly before or after the invitation.
     */
    async lockOwnCampaign(tx: Tx, campaignId: string, clientId: string) {
      const [row] = await tx
        .select({
          status: campaigns.status,
          deadline: campaigns.deadline,
          hired: campaignHired(db, campaigns.id).mapWith(Boolean),
        })
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.clientId, clientId)))
        .for('share', { of: campaigns });
      return row ?? null;
    },

    /** An active influencer with whether their address is confirmed (issue 23 §2: only they can be hired), or null. */
    async activeInfluencer(tx: Tx, id: string) {
      const [row] = await tx
        .select({ emailVerified: users.emailVerified, name: influencers.name, lastname: influencers.lastname })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(and(eq(influencers.id, id), eq(influencers.isActive, true)));
      return row ?? null;
    },

    async hasApplied(tx: Tx, campaignId: string, influencerId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: campaignApplications.id })
        .from(campaignApplications)
        .where(
          and(eq(campaignApplications.campaignId, campaignId), eq(campaignApplications.influencerId, influencerId)),
        );
      return Boolean(row);
    },

    /** Throws the unique violation `campaign_invitations_once` when this influencer is already invited. */
    async insert(tx: Tx, v: { campaignId: string; influencerId: string; clientId: string; message: string | null }) {
      const [row] = await tx
        .insert(campaignInvitations)
        .values({ ...v, status: 'pending' })
        .returning(dto);
      return row!;
    },

    /**
     * The influencer's pending invitations to campaigns still open (status open, deadline not passed), newest
     * first, with the campaign and the inviting client. One they have applied to since is not an invitation to
     * answer any more, whatever its status says.
     */
    async receivedPage(f: { influencerId: string; today: string; cursor: Cursor | null; limit: number }) {
      return db
        .select({
          id: campaignInvitations.id,
          message: campaignInvitations.message,
          createdAt: campaignInvitations.createdAt,
          cursorAt: cursorTime(campaignInvitations.createdAt),
          campaign: {
            id: campaigns.id,
            title: campaigns.title,
            description: campaigns.description,
            budgetMinor: campaigns.budgetMinor,
            socials: campaigns.socials,
            deadline: campaigns.deadline,
          },
          client: { id: clients.id, name: clients.name, lastname: clients.lastname, avatarUrl: clients.avatarUrl },
        })
        .from(campaignInvitations)
        .innerJoin(campaigns, eq(campaigns.id, campaignInvitations.campaignId))
        .innerJoin(clients, eq(clients.id, campaignInvitations.clientId))
        .where(
          and(
            eq(campaignInvitations.influencerId, f.influencerId),
            eq(campaignInvitations.status, 'pending'),
            eq(campaigns.status, 'open'),
            or(isNull(campaigns.deadline), gte(campaigns.deadline, f.today)),
            // Only invitations the influencer can still act on: the brand is active and has not hired yet.
            eq(clients.isActive, true),
            not(campaignHired(db, campaignInvitations.campaignId)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(campaignApplications)
                .where(
                  and(
                    eq(campaignApplications.campaignId, campaignInvitations.campaignId),
                    eq(campaignApplications.influencerId, f.influencerId),
                  ),
                ),
            ),
            olderThan(campaignInvitations.createdAt, campaignInvitations.id, f.cursor),
          ),
        )
        .orderBy(...newestFirst(campaignInvitations.createdAt, campaignInvitations.id))
        .limit(f.limit + 1);
    },

    /** pending → declined, only for the invited influencer and only while pending (one conditional UPDATE). */
    async decline(id: string, influencerId: string) {
      const [row] = await db
        .update(campaignInvitations)
        .set({ status: 'declined', updatedAt: new Date() })
        .where(
          and(
            eq(campaignInvitations.id, id),
            eq(campaignInvitations.influencerId, influencerId),
            eq(campaignInvitations.status, 'pending'),
          ),
        )
        .returning(dto);
      return row ?? null;
    },

    /** The status of an invitation to this influencer, or null when there is none (or it is someone else's). */
    async statusFor(id: string, influencerId: string) {
      const [row] = await db
        .select({ status: campaignInvitations.status })
        .from(campaignInvitations)
        .where(and(eq(campaignInvitations.id, id), eq(campaignInvitations.influencerId, influencerId)));
      return row?.status ?? null;
    },

    /** A pending invitation to this campaign is answered by applying (applications call it in their transaction). */
    async markApplied(tx: Tx, campaignId: string, influencerId: string) {
      await tx
        .update(campaignInvitations)
        .set({ status: 'applied', updatedAt: sql`now()` })
        .where(
          and(
            eq(campaignInvitations.campaignId, campaignId),
            eq(campaignInvitations.influencerId, influencerId),
            eq(campaignInvitations.status, 'pending'),
          ),
        );
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
