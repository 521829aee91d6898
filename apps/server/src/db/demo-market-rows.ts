// The demo's marketplace (apps/server/src/db/demo-data.ts as rows): campaigns with their applications and
// invitations, the orders and chats an accepted application opens, and the rated history of finished work. Pure: no
// database access; seed.ts makes the people first and writes everything in one transaction.
import { businessToday } from '@app/shared/common/dates';
import { DEMO_CAMPAIGNS, type DemoClientKey, type InfluencerKey } from './demo-data.ts';
import type { campaignApplications, campaignInvitations, campaigns, chats, orders, ratings } from './schema.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Public profile addresses of the demo's handles. */
export const PROFILE_URL: Record<string, (handle: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}/`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  youtube: (h) => `https://www.youtube.com/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
};

/** The instant `ms`, but never later than a minute before `now`: the demo's timeline ends in the past. */
export const pastOf = (now: Date) => (ms: number) => new Date(Math.min(ms, now.getTime() - MINUTE));

/** The demo's people as the marketplace rows refer to them. */
export type DemoPeople = {
  client: Record<DemoClientKey, { id: string; userId: string }>;
  influencer: Record<InfluencerKey, { id: string; userId: string; socials: Record<string, string> }>;
};

/** yyyy-MM-dd `days` after the calendar date `date`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function demoMarketRows(now: Date, people: DemoPeople) {
  const at = pastOf(now);
  const today = businessToday(now);
  const rows = {
    campaigns: [] as (typeof campaigns.$inferInsert)[],
    applications: [] as (typeof campaignApplications.$inferInsert)[],
    invitations: [] as (typeof campaignInvitations.$inferInsert)[],
    orders: [] as (typeof orders.$inferInsert)[],
    chats: [] as (typeof chats.$inferInsert)[],
    ratings: [] as (typeof ratings.$inferInsert)[],
  };

  for (const [n, c] of DEMO_CAMPAIGNS.entries()) {
    const owner = people.client[c.client];
    const campaignId = crypto.randomUUID();
    // A few minutes apart as well, so no two campaigns share a timestamp.
    const created = now.getTime() - c.createdDaysAgo * DAY - n * 7 * MINUTE;
    const budgetMinor = c.budgetGel * 100;
    const accepted = c.applications.find((a) => a.status === 'accepted');
    // The brand decides two days after posting a finished campaign, or a few hours after the last application.
    const decidedAt =
      c.status === 'open'
        ? at(created + (2 + 4 * c.applications.length + 1) * HOUR)
        : at(created + (c.status === 'canceled' ? 3 : 2) * DAY);

    const appIds = new Map<InfluencerKey, string>();
    for (const [j, a] of c.applications.entries()) {
      const id = crypto.randomUUID();
      appIds.set(a.by, id);
      const createdAt = at(created + (2 + 4 * j) * HOUR);
      rows.applications.push({
        id,
        campaignId,
        influencerId: people.influencer[a.by].id,
        status: a.status,
        createdAt,
        updatedAt: a.status === 'pending' ? createdAt : decidedAt,
      });
    }
    for (const inv of c.invitations ?? []) {
      const applied = c.applications.findIndex((a) => a.by === inv.to);
      rows.invitations.push({
        campaignId,
        influencerId: people.influencer[inv.to].id,
        clientId: owner.id,
        message: inv.message,
        status: inv.status,
        createdAt: at(created + HOUR),
        updatedAt:
          inv.status === 'applied'
            ? at(created + (2 + 4 * applied) * HOUR)
            : inv.status === 'declined'
              ? at(created + 20 * HOUR)
              : at(created + HOUR),
      });
    }

    const campaign: typeof campaigns.$inferInsert = {
      id: campaignId,
      clientId: owner.id,
      title: c.title,
      description: c.description,
      budgetMinor,
      uploadLink: c.uploadLink ?? null,
      deadline: c.deadlineInDays === null ? null : addDays(today, c.deadlineInDays),
      socials: [c.network],
      status: c.status,
      createdAt: at(created),
      updatedAt: c.status === 'open' ? at(created) : decidedAt,
    };
    rows.campaigns.push(campaign);
    if (!accepted) continue;

    // Accepting creates the order (amount = budget) and the chat, as POST /api/applications/:id/accept does.
    const hired = people.influencer[accepted.by];
    const orderId = crypto.randomUUID();
    const order: typeof orders.$inferInsert = {
      id: orderId,
      campaignId,
      applicationId: appIds.get(accepted.by)!,
      influencerId: hired.id,
      clientId: owner.id,
      status: 'unpaid',
      amountMinor: budgetMinor,
      createdAt: decidedAt,
      updatedAt: decidedAt,
    };
    rows.orders.push(order);
    rows.chats.push({ clientId: owner.id, influencerId: hired.id, orderId, chatType: 'order', createdAt: decidedAt });
    if (c.status !== 'done' || !c.review) continue;

    // Demo history: these orders are paid, delivered and approved, but have no payment records (no hold was ever
    // placed with the card provider), so nothing may try to capture or refund them.
    const paidAt = at(decidedAt.getTime() + DAY);
    const startedAt = at(paidAt.getTime() + DAY);
    const completedAt = at(startedAt.getTime() + 6 * DAY);
    const approvedAt = at(completedAt.getTime() + DAY);
    const handle = hired.socials[c.network];
    const notes = 'Published as agreed; reach and saves after seven days are in the shared insights.';
    Object.assign(order, {
      status: 'paid',
      workStatus: 'completed',
      approvalStatus: 'approved',
      proofUrl: handle ? PROFILE_URL[c.network]!(handle) : null,
      completionNotes: notes,
      workStartedAt: startedAt,
      workCompletedAt: completedAt,
      reviewDeadlineAt: new Date(completedAt.getTime() + 3 * DAY),
      progressPercentage: 100,
      updatedAt: approvedAt,
    } satisfies Partial<typeof orders.$inferInsert>);
    Object.assign(campaign, {
      completionNotes: notes,
      progressPercentage: 100,
      workStartedAt: startedAt,
      paymentCompletedAt: paidAt,
      updatedAt: approvedAt,
    } satisfies Partial<typeof campaigns.$inferInsert>);
    rows.ratings.push({
      orderId,
      raterId: owner.userId,
      ratedUserId: hired.userId,
      rating: c.review.rating,
      comment: c.review.comment,
      createdAt: at(approvedAt.getTime() + 2 * HOUR),
    });
    if (c.review.back) {
      rows.ratings.push({
        orderId,
        raterId: hired.userId,
        ratedUserId: owner.userId,
        rating: c.review.back.rating,
        comment: c.review.back.comment,
        createdAt: at(approvedAt.getTime() + 5 * HOUR),
      });
    }
  }
  return rows;
}
