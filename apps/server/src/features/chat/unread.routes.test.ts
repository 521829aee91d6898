import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  campaignApplications,
  campaigns,
  chats,
  clients,
  influencers,
  messageReadStatus,
  messages,
  orders,
} from '../../db/schema.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts messages from others with no read-status row, per user', async () => {
  const client = await registerUser(t, 'client');
  const influencer = await registerUser(t, 'influencer');
  const count = async (cookie: string) => (await t.req({ url: '/api/chat/unread-count', cookie })).json().count;
  expect(await count(client.cookie)).toBe(0);

  // Chats arrive with the marketplace issue; the query is exercised on rows written directly.
  const [c] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, client.userId));
  const [i] = await t.db
    .select({ id: influencers.id })
    .from(influencers)
    .where(eq(influencers.userId, influencer.userId));
  const [camp] = await t.db
    .insert(campaigns)
    .values({ clientId: c!.id, title: 'Spring', description: 'd', socials: ['instagram'] })
    .returning();
  const [app] = await t.db
    .insert(campaignApplications)
    .values({ campaignId: camp!.id, influencerId: i!.id, status: 'accepted' })
    .returning();
  const [order] = await t.db
    .insert(orders)
    .values({ campaignId: camp!.id, applicationId: app!.id, influencerId: i!.id, clientId: c!.id, amountMinor: 0 })
    .returning();
  const [chat] = await t.db
    .insert(chats)
    .values({ clientId: c!.id, influencerId: i!.id, orderId: order!.id })
    .returning();
  const sent = await t.db
    .insert(messages)
    .values([
      { chatId: chat!.id, senderId: influencer.userId, content: 'hello' },
      { chatId: chat!.id, senderId: influencer.userId, content: 'are you there?' },
      { chatId: chat!.id, senderId: client.userId, content: 'yes' },
    ])
    .returning();

  expect(await count(client.cookie)).toBe(2);
  expect(await count(influencer.cookie)).toBe(1);
  await t.db.insert(messageReadStatus).values({ messageId: sent[0]!.id, userId: client.userId });
  expect(await count(client.cookie)).toBe(1);
});

it('needs a session', async () => {
  expect((await t.req({ url: '/api/chat/unread-count' })).statusCode).toBe(401);
});
