import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { campaignApplications, campaigns, clients, influencers, users } from '../../db/schema.ts';

const applicationDto = {
  id: campaignApplications.id,
  status: campaignApplications.status,
  createdAt: campaignApplications.createdAt,
};

export function createApplicationsRepository(db: Db) {
  return {
    /**
     * Share-locks the campaign until the transaction ends, so an accept or a delete (which lock it for update)
     * runs wholly before or after this application; what the caller reads next is then current.
     */
    async shareLockCampaign(tx: Tx, campaignId: string) {
      const [row] = await tx
        .select({
          id: campaigns.id,
          clientId: campaigns.clientId,
          status: campaigns.status,
          deadline: campaigns.deadline,
          // A deactivated brand can no longer hire: its campaigns take no applications.
          clientActive: sql<boolean>`(select ${clients.isActive} from ${clients} where ${clients.id} = ${campaigns.clientId})`,
        })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for('share', { of: campaigns });
      return row ?? null;
    },

    /** Locks the campaign for an accept: two accepts, or an accept and a delete, take turns. */
    async lockCampaign(tx: Tx, campaignId: string) {
      const [row] = await tx
        .select({ id: campaigns.id, status: campaigns.status, budgetMinor: campaigns.budgetMinor })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for('update');
      return row ?? null;
    },

    /**
     * Whether the applicant can be hired: active, and their address confirmed (issue 23 §2). Share-locks their row: a
     * deactivation racing the hire waits for it, or the hire sees it.
     */
    async hireable(tx: Tx, influencerId: string) {
      const [row] = await tx
        .select({
          isActive: influencers.isActive,
          emailVerified: users.emailVerified,
          name: influencers.name,
          lastname: influencers.lastname,
        })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .where(eq(influencers.id, influencerId))
        .for('share', { of: influencers });
      return row ?? null;
    },

    async hasHired(tx: Tx, campaignId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: campaignApplications.id })
        .from(campaignApplications)
        .where(and(eq(campaignApplications.campaignId, campaignId), eq(campaignApplications.status, 'accepted')))
        .limit(1);
      return Boolean(row);
    },

    async findOwn(tx: Tx, campaignId: string, influencerId: string) {
      const [row] = await tx
        .select(applicationDto)
        .from(campaignApplications)
        .where(
          and(eq(campaignApplications.campaignId, campaignId), eq(campaignApplications.influencerId, influencerId)),
        );
      return row ?? null;
    },

    /** Throws the unique violation `campaign_applications_once` when this influencer has applied already. */
    async insert(tx: Tx, campaignId: string, influencerId: string) {
      const [row] = await tx
        .insert(campaignApplications)
        .values({ campaignId, influencerId, status: 'pending' })
        .returning(applicationDto);
      return row!;
    },

    /** The application with its campaign's owner, or null. */
    async findWithOwner(id: string) {
      const [row] = await db
        .select({
          id: campaignApplications.id,
          campaignId: campaignApplications.campaignId,
          influencerId: campaignApplications.influencerId,
          clientId: campaigns.clientId,
        })
        .from(campaignApplications)
        .innerJoin(campaigns, eq(campaigns.id, campaignApplications.campaignId))
        .where(eq(campaignApplications.id, id));
      return row ?? null;
    },

    /** pending → `to` in one conditional UPDATE; null when the application was no longer pending. */
    async decidePending(tx: Tx | Db, id: string, to: 'accepted' | 'rejected') {
      const [row] = await tx
        .update(campaignApplications)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(campaignApplications.id, id), eq(campaignApplications.status, 'pending')))
        .returning(applicationDto);
      return row ?? null;
    },

    /**
     * The campaign hired someone: every other pending applicant hears no, marked so (cancelling the hire reopens
     * them). Returns the declined influencers' ids (their screens follow).
     */
    async rejectOtherPending(tx: Tx, campaignId: string, acceptedId: string): Promise<string[]> {
      const rows = await tx
        .update(campaignApplications)
        .set({ status: 'rejected', rejectedByHire: true, updatedAt: sql`now()` })
        .where(
          and(
            eq(campaignApplications.campaignId, campaignId),
            eq(campaignApplications.status, 'pending'),
            ne(campaignApplications.id, acceptedId),
          ),
        )
        .returning({ influencerId: campaignApplications.influencerId });
      return rows.map((r) => r.influencerId);
    },

    /**
     * A cancelled hire releases its application (the one-accepted index would block any rehire) and reopens the
     * applications the hire declined, so the client can hire one of them.
     */
    async reopenAfterCancel(tx: Tx, f: { campaignId: string; applicationId: string; now: Date }) {
      await tx
        .update(campaignApplications)
        .set({ status: 'rejected', rejectedByHire: false, updatedAt: f.now })
        .where(eq(campaignApplications.id, f.applicationId));
      await tx
        .update(campaignApplications)
        .set({ status: 'pending', rejectedByHire: false, updatedAt: f.now })
        .where(and(eq(campaignApplications.campaignId, f.campaignId), eq(campaignApplications.rejectedByHire, true)));
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
