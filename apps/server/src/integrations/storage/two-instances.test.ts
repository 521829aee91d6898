import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chats } from '../../db/schema.ts';
import { createTestApp, ORIGIN, registerUser, type TestApp } from '../../test/harness.ts';
import { GIF_1PX, multipartFile, PNG_1PX } from '../../test/multipart.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../../test/s3.ts';

/**
 * Two instances of the app (two buildApps, each with its own DATA_DIR) on one database and one S3-compatible bucket,
 * configured as production would be: STORAGE_URL, credentials from the standard AWS variables (decision 041).
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let a: TestApp;
let b: TestApp;
let client: S3Client;
type Person = Awaited<ReturnType<typeof registerUser>>;
let brand: Person;
let influencer: Person;
let stranger: Person;
let chatId: string;

const upload = (app: FastifyInstance, url: string, cookie: string, name: string, type: string, bytes: Buffer) => {
  const form = multipartFile('file', name, type, bytes);
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: ORIGIN, 'content-type': form.contentType },
    payload: form.body,
  });
};
const attach = (app: TestApp, cookie: string, name: string, type: string, bytes: Buffer) =>
  upload(app.app, `/api/chats/${chatId}/attachments?clientId=${randomUUID()}`, cookie, name, type, bytes);
const bucketKeys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();
/** Files on an instance's own disk: none, with the bucket in use. */
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;

beforeAll(async () => {
  s3 = await startS3();
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  a = await createTestApp({ STORAGE_URL: s3.url });
  b = await createTestApp(
    { STORAGE_URL: s3.url },
    { database: { ...a.database, close: async () => {} }, bank: a.bank },
  );
  expect(b.config.dataDir).not.toBe(a.config.dataDir);
  brand = await registerUser(a, 'client');
  influencer = await registerUser(a, 'influencer');
  stranger = await registerUser(a, 'influencer');
  // Hired through A (campaign, application, acceptance), which opens the order's chat.
  const campaign = await a.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie: brand.cookie,
    body: { socials: ['instagram'], title: 'Spring lookbook', description: 'A carousel', budget: 150, deadline: null },
  });
  const applied = await a.req({
    method: 'POST',
    url: `/api/campaigns/${campaign.json().id}/applications`,
    cookie: influencer.cookie,
  });
  const accepted = await a.req({
    method: 'POST',
    url: `/api/applications/${applied.json().application.id}/accept`,
    cookie: brand.cookie,
  });
  const [chat] = await a.db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, accepted.json().order.id));
  chatId = chat!.id;
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  client?.destroy();
  await s3?.close();
  vi.unstubAllEnvs();
});

describe('two instances sharing one database and one bucket', () => {
  it('serves through B an attachment uploaded through A, to the chat’s parties only', async () => {
    const sent = await attach(a, brand.cookie, 'moodboard.png', 'image/png', PNG_1PX);
    expect(sent.statusCode).toBe(201);
    const url: string = sent.json().attachment.url;

    const served = await b.req({ url, cookie: influencer.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    // Through B as through A: a stranger is told nothing exists, a signed-out caller to sign in.
    expect((await b.req({ url, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await b.req({ url })).statusCode).toBe(401);
    // The bytes are in the bucket, under the private prefix, and on neither instance's disk.
    expect(await bucketKeys()).toContainEqual(expect.stringMatching(new RegExp(`^chat-attachments/${brand.userId}/`)));
    expect(filesUnder(join(a.config.dataDir, 'chat-attachments'))).toBe(0);
    expect(filesUnder(join(b.config.dataDir, 'chat-attachments'))).toBe(0);
  });

  it('serves through B an avatar set through A, cached by ETag; replacing it through B deletes the old one', async () => {
    const set = await upload(a.app, '/api/me/avatar', influencer.cookie, 'me.png', 'image/png', PNG_1PX);
    expect(set.statusCode).toBe(200);
    const first: string = set.json().avatarUrl;
    const served = await b.app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    const etag = served.headers.etag as string;
    expect((await a.app.inject({ url: first, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await new Promise((r) => setTimeout(r, 5)); // a new timestamp, a new key
    const replaced = await upload(b.app, '/api/me/avatar', influencer.cookie, 'me.gif', 'image/gif', GIF_1PX);
    expect(replaced.statusCode).toBe(200);
    const second: string = replaced.json().avatarUrl;
    expect((await a.app.inject({ url: second })).rawPayload.equals(GIF_1PX)).toBe(true);
    const gone = await a.app.inject({ url: first });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'NOT_FOUND', message: 'This picture does not exist.' });
    const avatars = (await bucketKeys()).filter((k) => k.startsWith(`avatars/${influencer.userId}/`));
    expect(avatars).toEqual([`avatars${second.slice('/uploads'.length)}`]);
  });

  it('leaves nothing in the bucket when an upload is refused for its type or its size', async () => {
    const before = await bucketKeys();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200_000, 1)]);
    expect((await attach(b, brand.cookie, 'photo.jpg', 'image/jpeg', exe)).statusCode).toBe(415);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024, 7)]);
    const tooBig = await attach(b, brand.cookie, 'huge.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('FILE_TOO_LARGE');
    const bigAvatar = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024, 7)]);
    expect((await upload(b.app, '/api/me/avatar', brand.cookie, 'a.png', 'image/png', bigAvatar)).statusCode).toBe(413);
    expect(await bucketKeys()).toEqual(before);
  });
});
