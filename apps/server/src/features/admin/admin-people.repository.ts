// The admin console's people (issue 23 §3): the list, a person's page, and the history of what admins did to them.
// Reads join other features' tables (reading is anyone's); the only table written here is admin_actions, this
// feature's own. A person's page is a fixed number of statements, whatever they hold (no N+1).
import type { AdminPersonAction, peopleQuery } from '@app/shared/admin/admin.schemas';
import type { Role } from '@app/shared/constants';
import type { SocialPlatform } from '@app/shared/social/social.schemas';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  adminActions,
  campaigns,
  chats,
  clients,
  influencers,
  orders,
  payments,
  ratings,
  signInFailures,
  socialVerifications,
  users,
} from '../../db/schema.ts';
import { cursorTime, keysetOrder } from '../../lib/cursor.ts';
import { decodeTextCursor, encodeTextCursor, matches, personWords, prefixQuery } from './admin-search.ts';

type ListQuery = z.output<typeof peopleQuery>;

const active = sql<boolean | null>`coalesce(${clients.isActive}, ${influencers.isActive})`;
const onboarded = sql<boolean | null>`coalesce(${clients.isOnboarded}, ${influencers.isOnboarded})`;

const personColumns = {
  id: users.id,
  role: sql<Role>`${users.role}`,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  active,
  onboarded,
  createdAt: cursorTime(users.createdAt),
};

const time = (column: Parameters<typeof cursorTime>[0]) => cursorTime(column);

export function createAdminPeopleRepository(db: Db) {
  const base = () =>
    db
      .select(personColumns)
      .from(users)
      .leftJoin(clients, eq(clients.userId, users.id))
      .leftJoin(influencers, eq(influencers.userId, users.id));

  return {
    /** Newest first; every filter optional; `limit + 1` rows so the caller knows whether there is more. */
    async list(q: ListQuery) {
      const cursor = decodeTextCursor(q.cursor);
      const query = prefixQuery(q.q);
      const where: (SQL | undefined)[] = [
        query ? matches(personWords(users.name, users.email), query) : undefined,
        q.role ? eq(users.role, q.role) : undefined,
        q.active === undefined ? undefined : sql`${active} = ${q.active}`,
        q.onboarded === undefined ? undefined : sql`${onboarded} = ${q.onboarded}`,
        q.verified === undefined ? undefined : eq(users.emailVerified, q.verified),
        cursor ? sql`(${users.createdAt}, ${users.id}) < (${cursor.key}::timestamptz, ${cursor.id})` : undefined,
      ];
      const rows = await base()
        .where(and(...where))
        .orderBy(...keysetOrder(users.createdAt, users.id, 'desc'))
        .limit(q.limit + 1);
      const more = rows.length > q.limit;
      const items = more ? rows.slice(0, q.limit) : rows;
      const last = items[items.length - 1];
      return { items, nextCursor: more && last ? encodeTextCursor(last.createdAt, last.id) : null };
    },

    async person(userId: string) {
      const [row] = await db
        .select({
          ...personColumns,
          clientId: clients.id,
          influencerId: influencers.id,
          mobile: sql<string | null>`coalesce(${clients.mobile}, ${influencers.mobile})`,
          companyId: clients.companyId,
          avatarUrl: sql<string | null>`coalesce(${clients.avatarUrl}, ${influencers.avatarUrl})`,
        })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async socials(influencerId: string) {
      return db
        .select({
          platform: sql<SocialPlatform>`${socialVerifications.platform}`,
          handle: socialVerifications.handle,
          status: sql<'pending' | 'verified' | 'failed'>`${socialVerifications.status}`,
          followerCount: socialVerifications.followerCount,
          verifiedAt: sql<string | null>`${time(socialVerifications.verifiedAt)}`,
        })
        .from(socialVerifications)
        .where(eq(socialVerifications.influencerId, influencerId))
        .orderBy(socialVerifications.platform);
    },

    /** The newest orders on either side, with the other party's name. */
    async orders(p: { clientId: string | null; influencerId: string | null }, limit: number) {
      const side = p.clientId
        ? eq(orders.clientId, p.clientId)
        : p.influencerId
          ? eq(orders.influencerId, p.influencerId)
          : null;
      if (!side) return [];
      const other = alias(users, 'other');
      const otherUserId = p.clientId ? influencers.userId : clients.userId;
      return db
        .select({
          id: orders.id,
          status: orders.status,
          workStatus: orders.workStatus,
          approvalStatus: orders.approvalStatus,
          amountMinor: orders.amountMinor,
          campaignTitle: campaigns.title,
          counterpart: other.name,
          createdAt: time(orders.createdAt),
        })
        .from(orders)
        .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .innerJoin(influencers, eq(influencers.id, orders.influencerId))
        .innerJoin(other, eq(other.id, otherUserId))
        .where(side)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },

    async payments(userId: string, limit: number) {
      return db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          kind: payments.kind,
          status: payments.status,
          amountMinor: payments.amountMinor,
          createdAt: time(payments.createdAt),
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    async ratings(userId: string, limit: number) {
      const [summary] = await db
        .select({ average: sql<string | null>`avg(${ratings.rating})`, count: sql<number>`count(*)::int` })
        .from(ratings)
        .where(eq(ratings.ratedUserId, userId));
      const received = await db
        .select({
          orderId: ratings.orderId,
          rating: ratings.rating,
          comment: ratings.comment,
          createdAt: time(ratings.createdAt),
        })
        .from(ratings)
        .where(eq(ratings.ratedUserId, userId))
        .orderBy(desc(ratings.createdAt))
        .limit(limit);
      const average = summary?.average == null ? null : Math.round(Number(summary.average) * 10) / 10;
      return { average, count: summary?.count ?? 0, received };
    },

    async supportChats(userId: string, limit: number) {
      return db
        .select({
          id: chats.id,
          status: chats.status,
          createdAt: time(chats.createdAt),
          lastMessageAt: time(chats.lastMessageAt),
        })
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.chatType, 'support')))
        .orderBy(desc(chats.createdAt))
        .limit(limit);
    },

    async signIn(email: string) {
      const [row] = await db
        .select({
          failures: signInFailures.failures,
          lockedUntil: sql<string | null>`case when ${signInFailures.lockedUntil} > now()
            then ${time(signInFailures.lockedUntil)} end`,
        })
        .from(signInFailures)
        .where(eq(signInFailures.email, email.toLowerCase()));
      return row ?? { failures: 0, lockedUntil: null };
    },

    /** What admins did to this account, newest first, with the admin's name. */
    async history(userId: string, limit: number) {
      const admin = alias(users, 'admin');
      return db
        .select({
          id: adminActions.id,
          action: sql<AdminPersonAction>`${adminActions.action}`,
          reason: adminActions.reason,
          details: sql<Record<string, unknown> | null>`${adminActions.details}`,
          adminId: adminActions.adminId,
          adminName: admin.name,
          createdAt: time(adminActions.createdAt),
        })
        .from(adminActions)
        .leftJoin(admin, eq(admin.id, adminActions.adminId))
        .where(eq(adminActions.userId, userId))
        .orderBy(...keysetOrder(adminActions.createdAt, adminActions.id, 'desc'))
        .limit(limit);
    },

    async record(a: {
      userId: string;
      adminId: string;
      action: AdminPersonAction;
      reason: string;
      details?: Record<string, unknown>;
    }) {
      await db.insert(adminActions).values({ ...a, details: a.details ?? null });
    },
  };
}
export type AdminPeopleRepository = ReturnType<typeof createAdminPeopleRepository>;

/** Either side of an order, for the orders list's party filter. */
export const eitherParty = (userId: string) =>
  or(
    sql`${orders.clientId} = (select ${clients.id} from ${clients} where ${clients.userId} = ${userId})`,
    sql`${orders.influencerId} = (select ${influencers.id} from ${influencers} where ${influencers.userId} = ${userId})`,
  );
