// SQL conditions several features ask about a campaign, written once so their meaning cannot drift apart.
import { type AnyColumn, and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { campaignApplications, campaignInvitations } from './schema.ts';

/** The campaign has hired: it has an accepted application (at most one, by `campaign_applications_one_accepted`). */
export const campaignHired = (db: Db, campaignId: AnyColumn | SQL) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(campaignApplications)
      .where(and(eq(campaignApplications.campaignId, campaignId), eq(campaignApplications.status, 'accepted'))),
  );

/** This influencer was invited to the campaign (whatever became of the invitation). */
export const invitedTo = (db: Db, campaignId: AnyColumn | SQL, influencerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(campaignInvitations)
      .where(and(eq(campaignInvitations.campaignId, campaignId), eq(campaignInvitations.influencerId, influencerId))),
  );
