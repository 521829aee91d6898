import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseStorageUrl } from '../../config.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../../test/s3.ts';
import { type BlobStore, createDiskStore, createS3Store, TooLargeError } from './storage.ts';

type Backend = { store: BlobStore; leftovers: () => Promise<string[]>; close: () => Promise<void> };

/** A stream of `n` bytes in 64 KB chunks, never held whole (the point of streaming). */
function bytes(n: number, fill = 0x61) {
  let left = n;
  return new Readable({
    read() {
      const size = Math.min(left, 64 * 1024);
      left -= size;
      this.push(size > 0 ? Buffer.alloc(size, fill) : null);
    },
  });
}

function failingAfter(n: number) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(n, 0x62));
      } else this.destroy(new Error('connection reset'));
    },
  });
}

const backends: Record<string, () => Promise<Backend>> = {
  'local disk': async () => {
    const root = mkdtempSync(join(tmpdir(), 'influence-store-'));
    return {
      store: createDiskStore(root),
      leftovers: async () =>
        readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name),
      close: async () => rmSync(root, { recursive: true, force: true }),
    };
  },
  's3-compatible (s3rver)': async () => {
    const s3 = await startS3();
    const location = parseStorageUrl(s3.url);
    if (location.kind !== 's3') throw new Error('not s3');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    return {
      store: createS3Store(location, 'suite/', { credentials: S3RVER_CREDENTIALS }),
      leftovers: async () => {
        const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        return (out.Contents ?? []).map((o) => o.Key!);
      },
      close: async () => {
        client.destroy();
        await s3.close();
      },
    };
  },
};

describe.each(Object.keys(backends))('storage on %s', (name) => {
  let b: Backend;
  beforeAll(async () => {
    b = await backends[name]!();
  });
  afterAll(async () => b?.close());

  it('puts a buffer and gets it back with its size, type and an ETag', async () => {
    await b.store.put('u1/1.png', Buffer.from('png bytes'), 'image/png');
    const got = await b.store.get('u1/1.png');
    expect(got).toMatchObject({ size: 9, contentType: 'image/png' });
    expect(got!.etag).toMatch(/^".+"$/);
    expect(await text(got!.stream)).toBe('png bytes');
  });

  it('streams a large body in and out (multipart past 5 MB on S3) without holding it whole', async () => {
    const size = 7 * 1024 * 1024 + 3;
    await b.store.put('u1/2-big.pdf', bytes(size), 'application/pdf', { maxBytes: 10 * 1024 * 1024 });
    const got = await b.store.get('u1/2-big.pdf');
    expect(got!.size).toBe(size);
    let seen = 0;
    for await (const chunk of got!.stream) seen += (chunk as Buffer).length;
    expect(seen).toBe(size);
  });

  it('deletes, and a second delete or a missing key is not an error', async () => {
    await b.store.put('u2/3.gif', Buffer.from('gif'), 'image/gif');
    await b.store.remove('u2/3.gif');
    expect(await b.store.get('u2/3.gif')).toBeNull();
    await expect(b.store.remove('u2/3.gif')).resolves.toBeUndefined();
    expect(await b.store.get('nobody/never.png')).toBeNull();
  });

  it('refuses a body past the limit and keeps nothing of it (also past the multipart threshold)', async () => {
    const before = await b.leftovers();
    await expect(b.store.put('u3/4.png', bytes(1024 + 1), 'image/png', { maxBytes: 1024 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
    await expect(
      b.store.put('u3/5.pdf', bytes(11 * 1024 * 1024), 'application/pdf', { maxBytes: 10 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(TooLargeError);
    expect(await b.store.get('u3/4.png')).toBeNull();
    expect(await b.store.get('u3/5.pdf')).toBeNull();
    expect(await b.leftovers()).toEqual(before);
    // Exactly at the limit is fine.
    await b.store.put('u3/6.png', bytes(1024), 'image/png', { maxBytes: 1024 });
    const atLimit = await b.store.get('u3/6.png');
    expect(atLimit!.size).toBe(1024);
    atLimit!.stream.destroy();
  });

  it('keeps nothing of an upload cut short', async () => {
    const before = await b.leftovers();
    await expect(b.store.put('u4/7.png', failingAfter(1000), 'image/png')).rejects.toThrow();
    expect(await b.store.get('u4/7.png')).toBeNull();
    expect(await b.leftovers()).toEqual(before);
  });

  it('keeps the content type it was given', async () => {
    await b.store.put('u5/8.webp', Buffer.from('webp'), 'image/webp');
    const got = await b.store.get('u5/8.webp');
    expect(got!.contentType).toBe('image/webp');
    got!.stream.destroy();
  });

  it('refuses keys that could reach elsewhere, and finds nothing under them', async () => {
    for (const key of ['../x.png', 'a/../../x.png', '/abs.png', 'a/b/c.png', 'a/.hidden', '']) {
      await expect(b.store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Refusing/);
      expect(await b.store.get(key)).toBeNull();
    }
  });
});

describe('STORAGE_URL', () => {
  it('reads AWS, R2 and MinIO forms', () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: 'disk' });
    expect(parseStorageUrl('s3://media-bucket?region=eu-central-1')).toEqual({
      kind: 's3',
      bucket: 'media-bucket',
      region: 'eu-central-1',
      endpoint: null,
      pathStyle: false,
      prefix: '',
    });
    expect(
      parseStorageUrl('s3://media?region=auto&endpoint=https://acc.r2.cloudflarestorage.com&pathStyle=false'),
    ).toMatchObject({
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      pathStyle: false,
    });
    expect(parseStorageUrl('s3://media?endpoint=http://127.0.0.1:9000/&prefix=prod')).toMatchObject({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      pathStyle: true,
      prefix: 'prod/',
    });
  });

  it('refuses what it cannot use with the shape it expects', () => {
    expect(() => parseStorageUrl('https://bucket.s3.amazonaws.com')).toThrow(
      /must start with s3:\/\/.*s3:\/\/bucket\?region=/,
    );
    expect(() => parseStorageUrl('s3://media')).toThrow(/needs a region/);
    expect(() => parseStorageUrl('s3://key:secret@media?region=x')).toThrow(/AWS_ACCESS_KEY_ID/);
    expect(() => parseStorageUrl('s3://media?region=x&endpont=http://a')).toThrow(/unknown option "endpont"/);
    expect(() => parseStorageUrl('s3://media?endpoint=ftp://a')).toThrow(/http\(s\) URL/);
    expect(() => parseStorageUrl('s3://Bad_Bucket?region=x')).toThrow(/not a valid bucket name/);
    expect(() => parseStorageUrl('s3://media?region=x&prefix=a/../b')).toThrow(/prefix/);
  });
});

describe('configuration for several instances', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'influence-cfg-')) };
  it('checks STORAGE_URL when the configuration loads', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ ...base, STORAGE_URL: 's3://media?region=eu-central-1' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'media',
    });
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://media' })).toThrow(/STORAGE_URL needs a region/);
  });

  it('takes another instance’s bank emulator with BOG_EMULATOR_URL', () => {
    expect(loadConfig(base).bog).toEqual({ mode: 'emulator', port: 3001 });
    expect(loadConfig({ ...base, BOG_EMULATOR_URL: 'http://127.0.0.1:3001/' }).bog).toEqual({
      mode: 'emulator',
      port: 3001,
      url: 'http://127.0.0.1:3001',
    });
    expect(() => loadConfig({ ...base, BOG_EMULATOR_URL: 'not a url' })).toThrow(/BOG_EMULATOR_URL/);
  });
});
