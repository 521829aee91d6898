import { CATEGORY_NAMES } from '@app/shared/constants';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { createAuthRepository } from '../features/auth/auth.repository.ts';
import type { Db } from './client.ts';
import { categories, influencerPlatforms, influencers, users } from './schema.ts';

const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  'Fashion & Style': 'Outfits, trends, styling and fashion brands',
  'Beauty & Makeup': 'Makeup, skincare, hair and beauty products',
  'Fitness & Health': 'Workouts, nutrition, wellness and healthy living',
  'Food & Cooking': 'Recipes, restaurants, food reviews and cooking',
  'Travel & Lifestyle': 'Destinations, hotels, everyday life and experiences',
  Technology: 'Gadgets, apps, software and tech reviews',
  Gaming: 'Games, streaming, esports and gaming gear',
  'Music & Entertainment': 'Music, film, shows, events and pop culture',
  Education: 'Learning, tutorials, courses and explainers',
  'Business & Finance': 'Entrepreneurship, investing, careers and money',
  'Art & Design': 'Illustration, design, crafts and creative work',
  Photography: 'Photography, cameras, editing and visual storytelling',
  Sports: 'Sports, athletes, teams and outdoor activity',
  'Parenting & Family': 'Parenting, kids, family life and products',
  'Home & Garden': 'Interiors, DIY, home products and gardening',
};

/** Reference data every database needs: the 15 categories in the spec's order (idempotent). */
export async function seedReference(db: Db) {
  await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name, i) => ({ name, description: CATEGORY_DESCRIPTIONS[name] ?? null, sortOrder: i })))
    .onConflictDoUpdate({ target: categories.name, set: { sortOrder: sql`excluded.sort_order` } });
}

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = {
  client: 'client@demo.test',
  influencer: 'influencer@demo.test',
  admin: 'admin@demo.test',
} as const;

type DemoInfluencer = {
  email: string;
  name: string;
  lastname: string;
  socials: Record<string, string>;
  followers: Record<string, number>;
  categories: string[];
};

const DEMO_INFLUENCERS: DemoInfluencer[] = [
  {
    email: DEMO_ACCOUNTS.influencer,
    name: 'Nino',
    lastname: 'Beridze',
    socials: { instagram: 'nino.styles', tiktok: 'ninostyles' },
    followers: { instagram: 48_200, tiktok: 125_000 },
    categories: ['Fashion & Style', 'Beauty & Makeup'],
  },
  {
    email: 'giorgi.kapanadze@demo.test',
    name: 'Giorgi',
    lastname: 'Kapanadze',
    socials: { youtube: '@giorgitech', instagram: 'giorgi.tech' },
    followers: { youtube: 312_000, instagram: 21_400 },
    categories: ['Technology', 'Gaming'],
  },
  {
    email: 'mariam.lomidze@demo.test',
    name: 'Mariam',
    lastname: 'Lomidze',
    socials: { instagram: 'mariam.eats', tiktok: 'mariameats', facebook: 'MariamEatsTbilisi' },
    followers: { instagram: 86_900, tiktok: 54_300, facebook: 12_100 },
    categories: ['Food & Cooking', 'Travel & Lifestyle'],
  },
  {
    email: 'luka.tsiklauri@demo.test',
    name: 'Luka',
    lastname: 'Tsiklauri',
    socials: { youtube: '@lukafit', instagram: 'luka.fit' },
    followers: { youtube: 1_240_000, instagram: 402_000 },
    categories: ['Fitness & Health', 'Sports'],
  },
  {
    email: 'ana.gelashvili@demo.test',
    name: 'Ana',
    lastname: 'Gelashvili',
    socials: { tiktok: 'anagela', instagram: 'ana.gela' },
    followers: { tiktok: 2_350_000, instagram: 611_000 },
    categories: ['Music & Entertainment', 'Fashion & Style'],
  },
  {
    email: 'davit.chkheidze@demo.test',
    name: 'Davit',
    lastname: 'Chkheidze',
    socials: { instagram: 'davit.travels', youtube: '@davittravels' },
    followers: { instagram: 73_500, youtube: 18_900 },
    categories: ['Travel & Lifestyle', 'Photography'],
  },
  {
    email: 'salome.jorjadze@demo.test',
    name: 'Salome',
    lastname: 'Jorjadze',
    socials: { instagram: 'salome.glow', tiktok: 'salomeglow' },
    followers: { instagram: 156_000, tiktok: 98_700 },
    categories: ['Beauty & Makeup', 'Fitness & Health'],
  },
  {
    email: 'irakli.mamaladze@demo.test',
    name: 'Irakli',
    lastname: 'Mamaladze',
    socials: { youtube: '@iraklplays', tiktok: 'iraklplays' },
    followers: { youtube: 540_000, tiktok: 233_000 },
    categories: ['Gaming', 'Music & Entertainment'],
  },
  {
    email: 'tamar.abashidze@demo.test',
    name: 'Tamar',
    lastname: 'Abashidze',
    socials: { instagram: 'tamar.home', facebook: 'TamarHomeDesign' },
    followers: { instagram: 39_800, facebook: 27_600 },
    categories: ['Travel & Lifestyle', 'Food & Cooking'],
  },
  {
    email: 'nika.kvaratskhelia@demo.test',
    name: 'Nika',
    lastname: 'Kvaratskhelia',
    socials: { tiktok: 'nika.moves', instagram: 'nika.moves', youtube: '@nikamoves' },
    followers: { tiktok: 880_000, instagram: 245_000, youtube: 61_000 },
    categories: ['Sports', 'Fitness & Health'],
  },
  {
    email: 'elene.dolidze@demo.test',
    name: 'Elene',
    lastname: 'Dolidze',
    socials: { instagram: 'elene.codes', linkedin: 'elene-dolidze' },
    followers: { instagram: 12_300, linkedin: 8_400 },
    categories: ['Technology', 'Fashion & Style'],
  },
  {
    email: 'sandro.meladze@demo.test',
    name: 'Sandro',
    lastname: 'Meladze',
    socials: { youtube: '@sandrocooks', facebook: 'SandroCooks' },
    followers: { youtube: 97_000, facebook: 44_200 },
    categories: ['Food & Cooking', 'Music & Entertainment'],
  },
];

/**
 * Demo accounts and a populated directory, on first start only (nothing is written when the demo client exists).
 * All demo accounts share the public password demo1234, so one hash serves them.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.client));
  if (existing) return false;
  const repo = createAuthRepository(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const cats = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const catId = (name: string) => cats.find((c) => c.name === name)!.id;

  await db.transaction(async (tx) => {
    const base = {
      passwordHash,
      emailVerified: true,
      isOnboarded: true,
      mobile: null,
      companyId: null,
      categoryIds: [],
    };
    await repo.createAccount(
      {
        ...base,
        id: crypto.randomUUID(),
        role: 'client',
        email: DEMO_ACCOUNTS.client,
        name: 'Levan',
        lastname: 'Jikia',
        mobile: '+995 555 12 34 56',
        companyId: '405123456',
      },
      tx,
    );
    await repo.createAccount(
      {
        ...base,
        id: crypto.randomUUID(),
        role: 'admin',
        email: DEMO_ACCOUNTS.admin,
        name: 'Support',
        lastname: 'Team',
      },
      tx,
    );
    // Oldest first, so the demo influencer (first in the list) ends up newest and leads Top Influencers.
    const now = Date.now();
    for (const [i, d] of [...DEMO_INFLUENCERS].reverse().entries()) {
      const id = crypto.randomUUID();
      await repo.createAccount(
        {
          ...base,
          id,
          role: 'influencer',
          email: d.email,
          name: d.name,
          lastname: d.lastname,
          categoryIds: d.categories.map(catId),
        },
        tx,
      );
      const createdAt = new Date(now - (DEMO_INFLUENCERS.length - i) * 86_400_000 * 9);
      const [inf] = await tx
        .update(influencers)
        .set({ socials: d.socials, createdAt })
        .where(eq(influencers.userId, id))
        .returning({ id: influencers.id });
      await tx.insert(influencerPlatforms).values(
        Object.entries(d.followers).map(([platform, followersCount]) => ({
          influencerId: inf!.id,
          platform,
          followersCount,
        })),
      );
    }
  });
  return true;
}
