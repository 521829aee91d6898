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
    async setAvatar(userId: string, role: string, avatarUrl: string) {
      const t = table(role);
      await db.update(users).set({ image: avatarUrl, updatedAt: new Date() }).where(eq(users.id, userId));
      if (t) await db.update(t).set({ avatarUrl, updatedAt: new Date() }).where(eq(t.userId, userId));
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
