import { CATEGORY_NAMES } from '@app/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../features/auth/password-hasher.ts';
import { emulatedAccountId } from '../integrations/social/emulator-contract.ts';
import type { Db } from './client.ts';
import { DEMO_INFLUENCERS, DEMO_PENDING, type DemoClientKey } from './demo-data.ts';
import { DAY, type DemoPeople, demoMarketRows, MINUTE, PROFILE_URL, pastOf } from './demo-market-rows.ts';
import {
  accounts,
  campaignApplications,
  campaignInvitations,
  campaigns,
  categories,
  chats,
  clients,
  influencerCategories,
  influencerPlatformCategories,
  influencerPlatforms,
  influencers,
  orders,
  ratings,
  socialVerifications,
  users,
} from './schema.ts';

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
  brand: 'brand@demo.test',
  influencer: 'influencer@demo.test',
  admin: 'admin@demo.test',
} as const;

const DEMO_CLIENTS: Record<
  DemoClientKey,
  { email: string; name: string; lastname: string; mobile: string; companyId: string; joinedDaysAgo: number }
> = {
  levan: {
    email: DEMO_ACCOUNTS.client,
    name: 'Levan',
    lastname: 'Jikia',
    mobile: '+995 555 12 34 56',
    companyId: '405123456',
    joinedDaysAgo: 150,
  },
  nata: {
    email: DEMO_ACCOUNTS.brand,
    name: 'Nata',
    lastname: 'Kobakhidze',
    mobile: '+995 599 77 88 99',
    companyId: '405987654',
    joinedDaysAgo: 120,
  },
};

/**
 * Demo accounts and a living marketplace, on first start only (nothing is written when the demo client exists):
 * two brands with campaigns on every network, applications in every state, invitations, orders awaiting payment
 * with their chats, and rated past work behind the directory's stars. All demo accounts share the public password
 * demo1234, so one hash serves them. Every table is written with one multi-row INSERT inside one transaction.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.client));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const cats = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const rows = demoRows({ now: new Date(), passwordHash, categoryId: (name) => cats.find((c) => c.name === name)!.id });

  await db.transaction(async (tx) => {
    // Parents before children (foreign keys); each statement inserts all rows of its table.
    await tx.insert(users).values(rows.users);
    await tx.insert(accounts).values(rows.accounts);
    await tx.insert(clients).values(rows.clients);
    await tx.insert(influencers).values(rows.influencers);
    await tx.insert(influencerCategories).values(rows.influencerCategories);
    await tx.insert(influencerPlatforms).values(rows.influencerPlatforms);
    await tx.insert(influencerPlatformCategories).values(rows.influencerPlatformCategories);
    await tx.insert(socialVerifications).values(rows.socialVerifications);
    await tx.insert(campaigns).values(rows.campaigns);
    await tx.insert(campaignApplications).values(rows.applications);
    await tx.insert(campaignInvitations).values(rows.invitations);
    await tx.insert(orders).values(rows.orders);
    await tx.insert(chats).values(rows.chats);
    await tx.insert(ratings).values(rows.ratings);
  });
  return true;
}

/** A price range that grows with reach, inside the 0–5,000 GEL the platform settings allow. */
function priceRangeMinor(followers: number): { priceMinMinor: number; priceMaxMinor: number } {
  const minGel = Math.min(2500, Math.max(50, Math.round(followers / 500 / 50) * 50));
  return { priceMinMinor: minGel * 100, priceMaxMinor: Math.min(5000, Math.round((minGel * 2.5) / 10) * 10) * 100 };
}

/** Every row of the demo marketplace, with ids and a timeline that ends before `now`. Pure: no database access. */
function demoRows({
  now,
  passwordHash,
  categoryId,
}: {
  now: Date;
  passwordHash: string;
  categoryId: (name: string) => string;
}) {
  const at = pastOf(now);
  const out = {
    users: [] as (typeof users.$inferInsert)[],
    accounts: [] as (typeof accounts.$inferInsert)[],
    clients: [] as (typeof clients.$inferInsert)[],
    influencers: [] as (typeof influencers.$inferInsert)[],
    influencerCategories: [] as (typeof influencerCategories.$inferInsert)[],
    influencerPlatforms: [] as (typeof influencerPlatforms.$inferInsert)[],
    influencerPlatformCategories: [] as (typeof influencerPlatformCategories.$inferInsert)[],
    socialVerifications: [] as (typeof socialVerifications.$inferInsert)[],
  };

  const addUser = (u: {
    email: string;
    name: string;
    lastname: string;
    role: 'client' | 'influencer' | 'admin';
    createdAt: Date;
  }) => {
    const id = crypto.randomUUID();
    out.users.push({
      id,
      name: `${u.name} ${u.lastname}`,
      email: u.email,
      emailVerified: true,
      role: u.role,
      createdAt: u.createdAt,
      updatedAt: u.createdAt,
    });
    out.accounts.push({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt: u.createdAt,
      updatedAt: u.createdAt,
    });
    return id;
  };

  addUser({
    email: DEMO_ACCOUNTS.admin,
    name: 'Support',
    lastname: 'Team',
    role: 'admin',
    createdAt: at(now.getTime() - 200 * DAY),
  });

  const client = {} as DemoPeople['client'];
  for (const [key, c] of Object.entries(DEMO_CLIENTS) as [DemoClientKey, (typeof DEMO_CLIENTS)[DemoClientKey]][]) {
    const createdAt = at(now.getTime() - c.joinedDaysAgo * DAY);
    const userId = addUser({ ...c, role: 'client', createdAt });
    const id = crypto.randomUUID();
    client[key] = { id, userId };
    out.clients.push({
      id,
      userId,
      name: c.name,
      lastname: c.lastname,
      mobile: c.mobile,
      companyId: c.companyId,
      isOnboarded: true,
      createdAt,
      updatedAt: createdAt,
    });
  }

  // The first influencer in the list (the demo account) joined last, so she leads Top Influencers (newest first);
  // all of them joined before the oldest campaign below.
  const influencer = {} as DemoPeople['influencer'];
  for (const [i, d] of DEMO_INFLUENCERS.entries()) {
    const createdAt = at(now.getTime() - (100 + 7 * i) * DAY);
    const userId = addUser({ ...d, role: 'influencer', createdAt });
    const id = crypto.randomUUID();
    influencer[d.key] = { id, userId, socials: d.socials };
    out.influencers.push({
      id,
      userId,
      name: d.name,
      lastname: d.lastname,
      socials: d.socials,
      isOnboarded: true,
      createdAt,
      updatedAt: createdAt,
    });
    const categoryIds = d.categories.map(categoryId);
    out.influencerCategories.push(...categoryIds.map((cid) => ({ influencerId: id, categoryId: cid })));
    // YouTube, TikTok and Instagram accounts are verified (against the social emulator's matching accounts, so the
    // daily refresh finds them), except DEMO_PENDING, which has a code waiting; other networks stay handles only.
    let verifiedFollowers = 0;
    for (const platform of ['youtube', 'tiktok', 'instagram'] as const) {
      const handle = d.socials[platform];
      const followers = d.followers[platform];
      if (!handle || followers === undefined) continue;
      const pending = DEMO_PENDING.key === d.key && DEMO_PENDING.platform === platform;
      if (!pending) verifiedFollowers += followers;
      out.socialVerifications.push({
        influencerId: id,
        platform,
        handle: platform === 'youtube' ? handle : `@${handle}`,
        url: PROFILE_URL[platform]!(handle),
        accountId: emulatedAccountId(platform, handle.replace(/^@/, '')),
        title: `${d.name} ${d.lastname}`,
        followerCount: followers,
        videoCount: Math.max(12, Math.round(Math.sqrt(followers))),
        status: pending ? 'pending' : 'verified',
        code: pending ? 'INF-DEMO2PND' : null,
        expiresAt: pending ? new Date(now.getTime() + 20 * 60 * MINUTE) : null,
        verifiedAt: pending ? null : at(createdAt.getTime() + DAY),
        countsRefreshedAt: pending ? null : at(now.getTime() - 2 * 60 * MINUTE),
        createdAt,
        updatedAt: createdAt,
      });
    }
    out.influencers[out.influencers.length - 1]!.verifiedFollowers = verifiedFollowers;
    for (const [platform, followersCount] of Object.entries(d.followers)) {
      const platformId = crypto.randomUUID();
      out.influencerPlatforms.push({
        id: platformId,
        influencerId: id,
        platform,
        ...priceRangeMinor(followersCount),
        createdAt,
        updatedAt: createdAt,
      });
      out.influencerPlatformCategories.push(
        ...categoryIds.map((cid) => ({ influencerPlatformId: platformId, categoryId: cid })),
      );
    }
  }

  return { ...out, ...demoMarketRows(now, { client, influencer }) };
}
