import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type BlobStore, TooLargeError } from '../integrations/storage/storage.ts';
import { AppError } from './app-error.ts';

/**
 * The one file of a multipart request, not read yet (decision 041): `head` is its first bytes (enough to judge the
 * type and read an image's size), `body` the whole file as a stream (head included). `fields`: the form's text parts
 * sent before the file (a caption), by name.
 */
export type Upload = {
  head: Buffer;
  body: Readable;
  filename: string;
  mimetype: string;
  fields: Record<string, string>;
  maxBytes: number;
  tooLarge: string;
};

/** What is read ahead of storing: file-type needs 4 KB; a JPEG's size follows its EXIF block (at most 64 KB). */
export const UPLOAD_HEAD_BYTES = 128 * 1024;

const unreadable = () =>
  new AppError(
    'MALFORMED_UPLOAD',
    'The upload could not be read (the request was cut short or badly formed). Please try again.',
    400,
  );

function parserError(e: unknown, tooLarge: string): unknown {
  if (e instanceof AppError) return e;
  const err = e as { code?: string; statusCode?: number };
  if (e instanceof TooLargeError || err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FILE_TOO_LARGE', tooLarge, 413);
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return e;
  return unreadable();
}

/** Reads up to `n` bytes of `source`; `rest` replays them then streams the remainder. */
async function peek(source: Readable, n: number): Promise<{ head: Buffer; rest: Readable }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { head, rest: Readable.from(replay(), { objectMode: false }) };
}

/**
 * Opens the one file of a multipart request, at most `maxBytes`. The multipart parser's failures are the sender's:
 * a missing boundary or a truncated body is a 400, a file over the limit a 413 with `tooLarge`'s words (when it is
 * stored: see `storeUpload`); the parser's own 4xx (wrong content type, too many parts) keep their status.
 */
export async function openSingleUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; tooLarge: string; missing: string },
): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data', 400);
  try {
    // One byte past the limit reaches the store, which refuses it: the parser alone would stop silently at the limit.
    const file = await req.file({ limits: { fileSize: opts.maxBytes + 1, files: 1 } });
    if (!file) throw new AppError('VALIDATION_ERROR', opts.missing, 400);
    const fields: Record<string, string> = {};
    for (const [name, part] of Object.entries(file.fields)) {
      const one = Array.isArray(part) ? part[0] : part;
      if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
    }
    const { head, rest } = await peek(file.file, UPLOAD_HEAD_BYTES);
    if (head.length > opts.maxBytes) {
      rest.resume();
      throw new AppError('FILE_TOO_LARGE', opts.tooLarge, 413);
    }
    return { head, body: rest, filename: file.filename, mimetype: file.mimetype, fields, ...opts };
  } catch (e) {
    throw parserError(e, opts.tooLarge);
  }
}

/** Streams the upload into `store` under `key`; returns its size. Too large or cut short: nothing stays stored. */
export async function storeUpload(upload: Upload, store: BlobStore, key: string, contentType: string) {
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  upload.body.once('error', (e) => counted.destroy(e));
  try {
    await store.put(key, upload.body.pipe(counted), contentType, { maxBytes: upload.maxBytes });
    return size;
  } catch (e) {
    upload.body.resume();
    throw parserError(e, upload.tooLarge);
  }
}

/** A refused upload's remaining bytes are read and dropped, so the request ends and the answer goes out. */
export function discardUpload(upload: Upload) {
  if (!upload.body.readableEnded) upload.body.resume();
}
