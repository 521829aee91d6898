import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, influencers, users } from '../../db/schema.ts';

export function createProfilesRepository(db: Db) {
  const table = (role: string) => (role === 'client' ? clients : role === 'influencer' ? influencers : null);
  return {
    async updateNames(userId: string, role: string, p: { name: string; lastname: string; mobile: string | null }) {
      const t = table(role);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: `${p.name} ${p.lastname}`, updatedAt: new Date() })
          .where(eq(users.id, userId));
        if (t)
          await tx
            .update(t)
            .set({ ...p, updatedAt: new Date() })
            .where(eq(t.userId, userId));
      });
    },
    /** Sets the picture and returns the one it replaces (two uploads at once: each sees the other's, none is lost). */
    async setAvatar(userId: string, role: string, avatarUrl: string): Promise<string | null> {
      const t = table(role);
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(users).set({ image: avatarUrl, updatedAt: new Date() }).where(eq(users.id, userId));
        if (t) await tx.update(t).set({ avatarUrl, updatedAt: new Date() }).where(eq(t.userId, userId));
        return before?.image ?? null;
      });
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
