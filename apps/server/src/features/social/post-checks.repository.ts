import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, postChecks } from '../../db/schema.ts';

type Exec = Db | Tx;
export type PostCheckRow = typeof postChecks.$inferSelect;
export type PostCheckWrite = Omit<typeof postChecks.$inferInsert, 'orderId'>;

/** The proof-of-post checks (decision 039): one row per order, and what the re-check job walks. */
export function createPostChecksRepository(db: Db) {
  return {
    /** The order's proof and parties, when it has a proof link. */
    async order(orderId: string) {
      const [row] = await db
        .select({
          id: orders.id,
          influencerId: orders.influencerId,
          clientId: orders.clientId,
          campaignId: orders.campaignId,
          proofUrl: orders.proofUrl,
          submissionCount: orders.submissionCount,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row ?? null;
    },

    async find(orderId: string): Promise<PostCheckRow | null> {
      const [row] = await db.select().from(postChecks).where(eq(postChecks.orderId, orderId));
      return row ?? null;
    },

    /** A submission's check replaces the last one (a new link starts over: its re-checks and removal too). */
    async replace(orderId: string, row: PostCheckWrite) {
      const fresh = { verifiedAt: null, removedAt: null, rechecks: 0, ...row };
      await db
        .insert(postChecks)
        .values({ orderId, ...fresh })
        .onConflictDoUpdate({ target: postChecks.orderId, set: fresh });
    },

    async remove(orderId: string) {
      await db.delete(postChecks).where(eq(postChecks.orderId, orderId));
    },

    async update(exec: Exec, orderId: string, set: Partial<PostCheckWrite>) {
      await exec.update(postChecks).set(set).where(eq(postChecks.orderId, orderId));
    },

    /**
     * Marks a once-verified post removed, only if no one did yet: true for the one caller who tells the brand.
     */
    async markRemoved(tx: Tx, orderId: string, now: Date, rechecks: number): Promise<boolean> {
      const rows = await tx
        .update(postChecks)
        .set({ status: 'not_found', removedAt: now, checkedAt: now, rechecks })
        .where(and(eq(postChecks.orderId, orderId), isNull(postChecks.removedAt)))
        .returning({ orderId: postChecks.orderId });
      return rows.length === 1;
    },

    /**
     * Checks the job owes: a platform outage to retry (checked before `retryBefore`), or a verified post of an
     * approved order whose 7-day (rechecks 0) or 30-day (rechecks 1) check after approval has come.
     */
    async due(now: Date, retryBefore: Date, limit: number) {
      const day = 24 * 60 * 60_000;
      const week = new Date(now.getTime() - 7 * day);
      const month = new Date(now.getTime() - 30 * day);
      return db
        .select({
          check: postChecks,
          influencerId: orders.influencerId,
          clientId: orders.clientId,
          campaignId: orders.campaignId,
          approvedAt: orders.approvedAt,
        })
        .from(postChecks)
        .innerJoin(orders, eq(orders.id, postChecks.orderId))
        .where(
          or(
            and(eq(postChecks.reason, 'platform_unavailable'), lte(postChecks.checkedAt, retryBefore)),
            and(
              isNotNull(postChecks.verifiedAt),
              isNull(postChecks.removedAt),
              isNotNull(orders.approvedAt),
              or(
                and(eq(postChecks.rechecks, 0), lte(orders.approvedAt, week)),
                and(eq(postChecks.rechecks, 1), lte(orders.approvedAt, month)),
              ),
            ),
          ),
        )
        .orderBy(sql`${postChecks.checkedAt} asc`)
        .limit(limit);
    },
  };
}
export type PostChecksRepository = ReturnType<typeof createPostChecksRepository>;
