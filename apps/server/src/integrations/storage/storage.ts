import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

const PUBLIC_PREFIX = '/uploads/';

export type Storage = {
  /** Stores the bytes under `key` ({user_id}/{timestamp}.{ext}) and returns the public URL. */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<string>;
  /** Deletes what `put` stored under this URL; a URL it did not make, or a file already gone, is ignored. */
  remove: (url: string) => Promise<void>;
};

/** Maps a key to its file under `root` (created if missing), refusing any key that would leave it. */
function pathsUnder(root: string) {
  mkdirSync(root, { recursive: true });
  const base = normalize(root).replace(/[/\\]$/, '') + sep;
  return (key: string) => {
    const target = normalize(join(root, key));
    if (!target.startsWith(base)) throw new Error(`Refusing a path outside storage: ${key}`);
    return target;
  };
}

/** Local disk under STORAGE_DIR, served read-only at /uploads/*. An S3-compatible adapter slots in here. */
export function createLocalStorage(root: string): Storage {
  const pathOf = pathsUnder(root);
  return {
    put: async (key, bytes) => {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return `${PUBLIC_PREFIX}${key}`;
    },
    remove: async (url) => {
      if (!url.startsWith(PUBLIC_PREFIX)) return;
      await rm(pathOf(url.slice(PUBLIC_PREFIX.length)), { force: true });
    },
  };
}

/**
 * Files only the app hands out (chat attachments): kept outside the public `/uploads/` root, read back by key after
 * the route has checked who asks. Keys are `{user_id}/{timestamp}.{ext}` like the public ones.
 */
export type PrivateFiles = {
  put: (key: string, bytes: Buffer) => Promise<string>;
  open: (key: string) => ReadStream;
};

export function createPrivateFiles(root: string): PrivateFiles {
  const pathOf = pathsUnder(root);
  return {
    put: async (key, bytes) => {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return key;
    },
    open: (key) => createReadStream(pathOf(key)),
  };
}
