import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { lockDirectory } from './client.ts';
import { campaignApplications, campaigns, clients, influencers, orders, ratings } from './schema.ts';

describe('data directory lock', () => {
  it('refuses a second owner while the first is alive, and takes over a dead one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const release = lockDirectory(dir);
    // A lock naming a live process (our parent) is refused; one naming a dead pid is taken over.
    writeFileSync(join(dir, '.lock'), String(process.ppid));
    expect(() => lockDirectory(dir)).toThrow(/in use by another process/);
    writeFileSync(join(dir, '.lock'), '999999');
    const again = lockDirectory(dir);
    again();
    release();
  });
});

describe('constraints the spec implies', () => {
  let t: TestApp;
  let ids: { client: string; influencer: string; clientUser: string; influencerUser: string; campaign: string };
  beforeAll(async () => {
    t = await createTestApp();
    const c = await registerUser(t, 'client');
    const i = await registerUser(t, 'influencer');
    const [cr] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, c.userId));
    const [ir] = await t.db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, i.userId));
    const [camp] = await t.db
      .insert(campaigns)
      .values({ clientId: cr!.id, title: 'T', description: 'D', socials: ['tiktok'] })
      .returning();
    ids = { client: cr!.id, influencer: ir!.id, clientUser: c.userId, influencerUser: i.userId, campaign: camp!.id };
  });
  afterAll(() => t.close());

  it('every foreign key is the leading column of an index', async () => {
    // node-postgres and PGlite both answer with { rows }.
    const result = (await t.db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`)) as unknown as {
      rows: unknown[];
    };
    expect(result.rows).toEqual([]);
  });

  it('one application per campaign per influencer', async () => {
    await t.db.insert(campaignApplications).values({ campaignId: ids.campaign, influencerId: ids.influencer });
    await expect(
      t.db.insert(campaignApplications).values({ campaignId: ids.campaign, influencerId: ids.influencer }),
    ).rejects.toThrow();
  });

  it('ratings from 1 to 5, once per order per rater', async () => {
    const [app] = await t.db
      .select()
      .from(campaignApplications)
      .where(eq(campaignApplications.campaignId, ids.campaign));
    const [order] = await t.db
      .insert(orders)
      .values({
        campaignId: ids.campaign,
        applicationId: app!.id,
        influencerId: ids.influencer,
        clientId: ids.client,
        amountMinor: 150000,
      })
      .returning();
    const rate = (rating: number) =>
      t.db
        .insert(ratings)
        .values({ orderId: order!.id, raterId: ids.clientUser, ratedUserId: ids.influencerUser, rating });
    await expect(rate(6)).rejects.toThrow();
    await expect(rate(0)).rejects.toThrow();
    await rate(5);
    await expect(rate(4)).rejects.toThrow();
  });

  it('a campaign title is at most 50 characters and a status is one of the lifecycle', async () => {
    await expect(
      t.db
        .insert(campaigns)
        .values({ clientId: ids.client, title: 'x'.repeat(51), description: 'D', socials: ['tiktok'] }),
    ).rejects.toThrow();
    await expect(
      t.db
        .insert(campaigns)
        .values({ clientId: ids.client, title: 'ok', description: 'D', socials: ['tiktok'], status: 'weird' }),
    ).rejects.toThrow();
  });
});
