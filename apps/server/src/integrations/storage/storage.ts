import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageLocation } from '../../config.ts';

/**
 * Where avatars and chat attachments live (decision 041): one port, two adapters. Local disk is the default (one
 * machine); an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) lets several instances share the files.
 * Keys are `{user_id}/{timestamp}[-id].{ext}`: made by us, never reused, so a key's bytes never change.
 */
export type StoredObject = { stream: Readable; size: number; contentType: string; etag: string };

export type BlobStore = {
  /**
   * Streams `body` to `key`. Past `maxBytes` the write fails with `TooLargeError` and nothing stays stored; a body
   * that errors leaves nothing either.
   */
  put: (key: string, body: Readable | Buffer, contentType: string, opts?: { maxBytes?: number }) => Promise<void>;
  /** The object as a stream, or null when there is none. */
  get: (key: string) => Promise<StoredObject | null>;
  /** Deletes the object; one already gone is not an error. */
  remove: (key: string) => Promise<void>;
};

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Larger than ${maxBytes} bytes`);
  }
}

/** Keys we make: `{id}/{name}.{ext}` with no dots leading a segment, nothing a path or a bucket could read twice. */
const KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
export const isKey = (key: string) => KEY.test(key) && !key.includes('..');
function checked(key: string) {
  if (!isKey(key)) throw new Error(`Refusing a storage key: ${key}`);
  return key;
}

/** Passes bytes through, failing the stream past `max` (so neither adapter ever holds more than a chunk). */
function limitTo(max: number | undefined) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (max !== undefined && seen > max) return done(new TooLargeError(max));
      done(null, chunk);
    },
  });
}
const toStream = (body: Readable | Buffer) => (Buffer.isBuffer(body) ? Readable.from([body]) : body);

/** Maps a key to its file under `root` (created if missing), refusing any key that would leave it. */
function pathsUnder(root: string) {
  mkdirSync(root, { recursive: true });
  const base = normalize(root).replace(/[/\\]$/, '') + sep;
  return (key: string) => {
    const target = normalize(join(root, checked(key)));
    if (!target.startsWith(base)) throw new Error(`Refusing a path outside storage: ${key}`);
    return target;
  };
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * Files under `root`. A write goes to a temporary name first and is renamed when whole, so a reader never sees half a
 * file and a refused upload leaves nothing. The content type comes back from the extension (the disk keeps none).
 */
export function createDiskStore(root: string): BlobStore {
  const pathOf = pathsUnder(root);
  return {
    put: async (key, body, _contentType, opts) => {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(toStream(body), limitTo(opts?.maxBytes), createWriteStream(partial));
        await rename(partial, target);
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
    },
    get: async (key) => {
      if (!isKey(key)) return null;
      // Opened now, not when first read: a file removed a moment later is still read whole, a missing one is null.
      const handle = await open(pathOf(key), 'r').catch(() => null);
      if (!handle) return null;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      return {
        stream: handle.createReadStream(),
        size: info.size,
        contentType: MIME_BY_EXT[ext] ?? 'application/octet-stream',
        etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
      };
    },
    remove: async (key) => {
      if (!isKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket under a key prefix. Uploads stream through lib-storage's `Upload` (multipart past 5 MB,
 * parts aborted on failure); credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
 * a profile, an instance role) and are never logged.
 */
export function createS3Store(
  location: Extract<StorageLocation, { kind: 's3' }>,
  prefix: string,
  clientConfig: Partial<S3ClientConfig> = {},
): BlobStore {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.pathStyle,
    ...clientConfig,
  });
  const Bucket = location.bucket;
  const keyOf = (key: string) => `${location.prefix}${prefix}${checked(key)}`;
  const remove = async (key: string) => {
    if (!isKey(key)) return;
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
  };
  return {
    put: async (key, body, contentType, opts) => {
      const source = toStream(body);
      const limited = source.pipe(limitTo(opts?.maxBytes));
      // A source that fails (cut short) must fail the upload, not just leave the piped stream hanging.
      source.once('error', (e) => limited.destroy(e));
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: limited, ContentType: contentType },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (e) {
        // A single-part upload that failed stored nothing; deleting anyway costs one request and leaves no doubt.
        await remove(key).catch(() => {});
        throw limited.errored instanceof TooLargeError ? limited.errored : e;
      }
    },
    get: async (key) => {
      if (!isKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!out.Body) return null;
        return {
          stream: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
          etag: out.ETag ?? `"${key}"`,
        };
      } catch (e) {
        if (e instanceof NoSuchKey || e instanceof NotFound) return null;
        if ((e as { name?: string }).name === 'NoSuchKey') return null;
        throw e;
      }
    },
    remove,
  };
}

/** The two stores the product uses: public avatars and private chat attachments. */
export type Stores = { avatars: BlobStore; attachments: BlobStore };

/** Local disk keeps today's places (STORAGE_DIR, DATA_DIR/chat-attachments); a bucket holds both under two prefixes. */
export function createStores(
  location: StorageLocation,
  dirs: { storageDir: string; dataDir: string },
  clientConfig: Partial<S3ClientConfig> = {},
): Stores {
  if (location.kind === 's3') {
    return {
      avatars: createS3Store(location, 'avatars/', clientConfig),
      attachments: createS3Store(location, 'chat-attachments/', clientConfig),
    };
  }
  return {
    avatars: createDiskStore(dirs.storageDir),
    attachments: createDiskStore(join(dirs.dataDir, 'chat-attachments')),
  };
}

/** Avatars are public at /uploads/{key}: the URL stored on the profile. */
export const AVATAR_PREFIX = '/uploads/';
