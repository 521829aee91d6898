import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

export type Storage = {
  /** Stores the bytes under `key` ({user_id}/{timestamp}.{ext}) and returns the public URL. */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<string>;
};

/** Local disk under STORAGE_DIR, served read-only at /uploads/*. An S3-compatible adapter slots in here. */
export function createLocalStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  return {
    put: async (key, bytes) => {
      const target = normalize(join(root, key));
      if (!target.startsWith(normalize(root))) throw new Error(`Refusing to write outside storage: ${key}`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return `/uploads/${key}`;
    },
  };
}
