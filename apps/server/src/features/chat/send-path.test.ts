// The chat's send path (issue 28 §1): a message is stored and published in two database statements, the access
// check folded into the insert and the rate limit counted in memory, reconciled through PostgreSQL in batches.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq, like } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { chats, messages, rateLimitCounters } from '../../db/schema.ts';
import { createBatchedLimiter } from '../../lib/batched-rate-limit.ts';
import { REALTIME_CHANNEL } from '../../realtime/hub.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';
import { createMessagesRepository } from './messages.repository.ts';

let t: TestApp;
/** Every statement the app sends while `logging`. */
const log: string[] = [];
/** Every realtime event published, as every instance hears it. */
type Event = { to: string[]; actorId: string; frame: { type: string; message: { id: string; seq: number } } };
const events: Event[] = [];
let logging = false;
let client: Person;
let influencer: Person;
let stranger: Person;
let chatId: string;
let loggedDb: Db;

beforeAll(async () => {
  const database = await openTestDatabase();
  const raw = (database.db as unknown as { $client: unknown }).$client;
  const config = {
    schema,
    logger: { logQuery: (sql: string) => void (logging && log.push(sql)) },
  };
  const db = (database.engine === 'pglite'
    ? drizzlePglite(raw as PGlite, config)
    : drizzlePg(raw as pg.Pool, config)) as unknown as Db;
  loggedDb = db;
  await database.listen?.(REALTIME_CHANNEL, (payload) => void events.push(JSON.parse(payload)));
  t = await createTestApp({}, { database: { ...database, db } });
  client = await person(t, 'client');
  influencer = await person(t, 'influencer');
  stranger = await person(t, 'client');
  const [chat] = await t.db
    .insert(chats)
    .values({ clientId: client.profileId, influencerId: influencer.profileId })
    .returning({ id: chats.id });
  chatId = chat!.id;
});
afterAll(() => t.close());

const send = (cookie: string, content: string, id = randomUUID()) =>
  t.req({ method: 'POST', url: `/api/chats/${chatId}/messages`, cookie, body: { clientId: id, content } });

describe('sending a message (issue 28 §1)', () => {
  it('takes one statement: the insert that checks the sender is a party of the open chat and publishes the event', async () => {
    // The session is read once, then served from memory (SESSION_CACHE_MS).
    await t.req({ url: '/api/me', cookie: client.cookie });
    events.length = 0;
    log.length = 0;
    logging = true;
    const res = await send(client.cookie, 'Hello there');
    logging = false;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content: 'Hello there', mine: true, from: 'client', seen: false });
    const sent = log.filter((s) => !/^\s*insert into rate_limit_counters/i.test(s));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\s*with input as/i);
    expect(sent[0]).toContain('insert into "messages"');
    expect(sent[0]).toContain('pg_notify');
    // No per-message upsert of the counters: at most the batch the timer may have written meanwhile.
    expect(log.length - sent.length).toBeLessThanOrEqual(1);
    // The event the database built is the message the sender was answered (the same fields as messageDtoOf).
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({
      to: [client.userId, influencer.userId],
      actorId: client.userId,
      frame: { type: 'message.created', chatId, message: res.json() },
    });
    expect(Object.keys(events[0]!.frame.message).sort()).toEqual(Object.keys(res.json()).sort());
  });

  it('answers many messages sent at once each as if alone, and publishes every stored one once', async () => {
    const before = await t.db.$count(messages, eq(messages.chatId, chatId));
    const replayed = randomUUID();
    events.length = 0;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => send(client.cookie, `from the brand ${i}`)),
      ...Array.from({ length: 5 }, (_, i) => send(influencer.cookie, `from the creator ${i}`)),
      send(stranger.cookie, 'not my chat'),
      send(client.cookie, 'twice in one go', replayed),
      send(client.cookie, 'twice in one go', replayed),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(10).fill(201), 404, 201, 201]);
    answers.slice(0, 10).forEach((a, i) => {
      expect(a.json().content).toBe(i < 5 ? `from the brand ${i}` : `from the creator ${i - 5}`);
      expect(a.json()).toMatchObject({ mine: true, from: i < 5 ? 'client' : 'influencer' });
    });
    expect(answers[11]!.json().id).toBe(answers[12]!.json().id);
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(before + 11);

    // Every stored message published exactly once, each chat's in the order stored.
    const stored = answers.filter((a) => a.statusCode === 201).map((a) => a.json() as { id: string; seq: number });
    const ids = [...new Set(stored.map((m) => m.id))];
    await vi.waitFor(() => expect(events).toHaveLength(ids.length));
    const published = events.map((e) => e.frame.message);
    expect(published.map((m) => m.id).sort()).toEqual(ids.sort());
    expect(published.map((m) => m.seq)).toEqual(published.map((m) => m.seq).sort((x, y) => x - y));
  });

  it('publishes a message too large for a notification as "the chat changed"', async () => {
    events.length = 0;
    const res = await send(client.cookie, '😀'.repeat(1990));
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ to: [client.userId, influencer.userId], frame: { type: 'chat.stale', chatId } });
  });

  it('writes the messages that arrive while a statement is in flight in the next one, each checked on its own', async () => {
    const repo = createMessagesRepository(loggedDb);
    const row = (p: Person, content: string, clientId = randomUUID()) => ({
      chatId,
      senderId: p.userId,
      role: p === influencer ? ('influencer' as const) : ('client' as const),
      profileId: p.profileId,
      clientId,
      content,
      echo: 'test',
    });
    const again = randomUUID();
    log.length = 0;
    logging = true;
    const out = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => repo.insertAsParty(row(i % 2 ? influencer : client, `batch ${i}`))),
      repo.insertAsParty(row(stranger, 'not a party')),
      repo.insertAsParty(row(client, 'same id', again)),
      repo.insertAsParty(row(client, 'same id', again)),
    ]);
    logging = false;
    // The first alone, then the rest together, in the order they were sent.
    expect(log.filter((s) => /^\s*with input as/i.test(s))).toHaveLength(2);
    expect(out.slice(0, 8).map((m) => m?.message.content)).toEqual(Array.from({ length: 8 }, (_, i) => `batch ${i}`));
    expect(out[8]).toBeNull();
    expect(out[9]?.message.content).toBe('same id');
    expect(out[10]).toBeNull(); // the full path then answers it as a replay of the first
    const seqs = out.slice(0, 8).map((m) => m!.message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('writes nothing for someone who is not a party, and answers as before (not found)', async () => {
    const before = await t.db.$count(messages, eq(messages.chatId, chatId));
    const res = await send(stranger.cookie, 'Let me in');
    expect(res.statusCode).toBe(404);
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(before);
  });

  it('answers a replay with the first message, written once', async () => {
    const id = randomUUID();
    const first = await send(influencer.cookie, 'Once', id);
    const again = await send(influencer.cookie, 'Once', id);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.db.$count(messages, eq(messages.clientId, id))).toBe(1);
  });

  it('refuses a closed chat with its message, storing nothing', async () => {
    await t.db.update(chats).set({ status: 'closed' }).where(eq(chats.id, chatId));
    try {
      const res = await send(influencer.cookie, 'Anyone?');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CHAT_CLOSED');
    } finally {
      await t.db.update(chats).set({ status: 'active' }).where(eq(chats.id, chatId));
    }
  });

  it('counts the limit in memory: past it a 429 saying how long to wait, and the counts reach the table in one statement', async () => {
    const limiter = createBatchedLimiter({ db: t.db, flushMs: 60_000, log: { warn: () => {} } });
    const hook = limiter.perUser('test-send', { max: 3, windowMs: 60_000 });
    const req = (userId: string) => ({ actor: { userId }, ip: '127.0.0.1' }) as unknown as FastifyRequest;
    const reply = {} as FastifyReply;
    for (let i = 0; i < 3; i++) await hook(req('alice'), reply);
    await hook(req('bob'), reply);
    await expect(hook(req('alice'), reply)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
    });
    // Nothing written per hit: the counts are in memory until the flush, which writes every key in one statement.
    const counted = () => t.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'test-send:%'));
    expect(await counted()).toEqual([]);
    log.length = 0;
    logging = true;
    await limiter.flush();
    logging = false;
    expect(log).toHaveLength(1);
    const rows = Object.fromEntries((await counted()).map((r) => [r.key, r.hits]));
    expect(rows).toEqual({ 'test-send:user:alice': 3, 'test-send:user:bob': 1 });
    // Forty keys: the same statement, word for word (the keys travel as one parameter), so it is planned once per
    // connection, never parsed anew as the batch grows.
    for (let i = 0; i < 40; i++) await hook(req(`user-${i}`), reply);
    logging = true;
    await limiter.flush();
    logging = false;
    expect(log).toHaveLength(2);
    expect(log[1]).toBe(log[0]);
    expect((await counted()).length).toBe(42);
  });

  it('holds the limit across instances: another instance’s counts, read back at the flush, count against it', async () => {
    const here = createBatchedLimiter({ db: t.db, flushMs: 60_000, log: { warn: () => {} } });
    const there = createBatchedLimiter({ db: t.db, flushMs: 60_000, log: { warn: () => {} } });
    const limit = { max: 4, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(there.take('shared:carol', limit).ok).toBe(true);
    await there.flush();
    expect(here.take('shared:carol', limit).ok).toBe(true);
    // The flush answers every instance's total (3 there + 1 here): the window is full here too.
    await here.flush();
    expect(here.take('shared:carol', limit).ok).toBe(false);
    await here.stop();
    await there.stop();
  });
});
