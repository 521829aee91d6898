import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { emojiData } from './emoji-data.ts';
import { precompress } from './precompress.ts';
import { preloadShell } from './preload-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), emojiData(), preloadShell('/src/app/boot.tsx'), precompress()],
  resolve: { alias: { '@': `${root}src` } },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The tiny entry (main.tsx and what it imports) stays one small file...
            { name: 'entry', tags: ['$initial'], priority: 20 },
            // ...and the shell (React, the router, i18n, the query cache, the loading screens) one file beside it,
            // instead of a dozen small ones each costing a request on a phone's network.
            { name: 'boot', test: /src[\\/]app[\\/]boot\.tsx$/, priority: 10 },
            // What the screens share, as a few files instead of dozens of one-kilobyte chunks: on a phone's network
            // each file costs a request (six at a time over HTTP/1.1) and a preload tag the browser must process.
            // Every icon in one file (9 KB gzip)...
            { name: 'icons', test: /lucide-react/, priority: 5 },
            // ...the UI kit, the API client with zod and the shared contracts, the query hooks...
            {
              name: 'kit',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]|features[\\/][^\\/]+[\\/]api[\\/]|packages[\\/]shared|[\\/]zod[\\/]|@tanstack/,
              minShareCount: 2,
              priority: 4,
            },
            // ...and the Radix primitives the screens' dialogs and menus use. Whatever one screen alone uses stays in
            // its own chunk; the chart and the emoji picker stay apart (loaded when shown).
            {
              name: 'radix',
              test: /@radix-ui|react-remove-scroll|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|@floating-ui|tslib/,
              minShareCount: 2,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
});
