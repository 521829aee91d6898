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
  plugins: [react(), tailwindcss(), emojiData(), preloadShell('/src/app/boot.tsx'), precompress(`${root}dist`)],
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
