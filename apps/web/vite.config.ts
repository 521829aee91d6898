import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { emojiData } from './emoji-data.ts';
import { precompress } from './precompress.ts';
import { preloadShell } from './preload-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), emojiData(), preloadShell('/src/app/boot.tsx'), precompress(), serverBundle()],
  // `vite build` builds the browser's app, then the server's renderer (src/entry-server.tsx) into <outDir>/ssr/.
  builder: {},
  environments: {
    ssr: {
      // Self-contained: the server may load it from a folder outside this repository (the benches' builds).
      resolve: { noExternal: true },
      // React's production build whatever NODE_ENV the server runs with (`npm start` runs it as development).
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        minify: false,
        // One file: the server loads it once and renders every page from memory (no chunk loads per route).
        rolldownOptions: { input: `${root}src/entry-server.tsx`, output: { codeSplitting: false } },
      },
    },
  },
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
            // Nothing else is grouped (issue 28 §2): a page loads the shared code it uses, in the chunks Rolldown makes
            // for what several pages share, not one "kit" of everything every screen uses (forms, dates, IBANs, the
            // API's contracts with zod, the dialogs' and menus' Radix primitives) before its first tap.
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

/** The server renderer's output goes into the browser build's own folder (`--outDir` included), under ssr/. */
function serverBundle(): Plugin {
  let outDir = `${root}dist`;
  return {
    name: 'server-bundle',
    config(config) {
      if (config.build?.outDir) outDir = resolve(config.root ?? root, config.build.outDir);
    },
    configEnvironment(name) {
      if (name === 'ssr') return { build: { outDir: `${outDir}/ssr`, emptyOutDir: true, copyPublicDir: false } };
    },
  };
}
