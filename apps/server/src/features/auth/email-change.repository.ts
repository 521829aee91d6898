import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, users } from '../../db/schema.ts';

/** The e-mail change waiting for its link, one per person (a new request replaces it). */
export function createEmailChangeRepository(db: Db) {
  return {
    async setPending(userId: string, newEmail: string) {
      await db
        .insert(emailChanges)
        .values({ userId, newEmail })
        .onConflictDoUpdate({ target: emailChanges.userId, set: { newEmail, requestedAt: new Date() } });
    },

    async pending(userId: string) {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail, requestedAt: emailChanges.requestedAt })
        .from(emailChanges)
        .where(eq(emailChanges.userId, userId));
      return row ?? null;
    },

    /** Deletes the pending change (only the one to `newEmail` when given); whether there was one. */
    async cancel(userId: string, newEmail?: string): Promise<boolean> {
      const rows = await db
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, userId), newEmail ? eq(emailChanges.newEmail, newEmail) : undefined))
        .returning({ userId: emailChanges.userId });
      return rows.length > 0;
    },

    async addressOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
  };
}
export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
