// The emoji picker's data (Emojibase, pinned in package.json) served from our own origin: frimousse would fetch it
// from a CDN, which the CSP refuses and an offline machine cannot reach. The build writes the English files to
// dist/emoji/en/ (precompressed like every asset); the dev server answers the same paths from node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const FILES = ['en/data.json', 'en/messages.json'];
/** Where the picker looks (`emojibaseUrl`): `${EMOJI_BASE}/en/data.json`. */
export const EMOJI_BASE = '/emoji';

export function emojiData(): Plugin {
  const dir = dirname(createRequire(import.meta.url).resolve('emojibase-data/package.json'));
  const read = (file: string) => readFileSync(join(dir, file));
  return {
    name: 'emoji-data',
    // The browser's build only (not the server renderer's, apps/web/src/entry-server.tsx).
    applyToEnvironment: (environment) => environment.name === 'client',
    configureServer(server) {
      server.middlewares.use(EMOJI_BASE, (req, res, next) => {
        const file = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
        if (!FILES.includes(file)) return next();
        res.setHeader('content-type', 'application/json');
        res.end(read(file));
      });
    },
    generateBundle() {
      for (const file of FILES) {
        this.emitFile({ type: 'asset', fileName: `${EMOJI_BASE.slice(1)}/${file}`, source: read(file) });
      }
    },
  };
}
