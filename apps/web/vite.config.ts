import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './compile-hints.ts';
import { contractRoutes } from './contract-routes.ts';
import { emojiData } from './emoji-data.ts';
import { firstTapGuard } from './first-tap-guard.ts';
import { lucideIcons } from './lucide-icons.ts';
import { preactRuntime } from './preact-runtime.ts';
import { precompress } from './precompress.ts';
import { preloadShell } from './preload-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    preactRuntime(),
    react(),
    tailwindcss(),
    contractRoutes(),
    firstTapGuard(),
    lucideIcons(),
    compileHints(),
    emojiData(),
    preloadShell('/src/app/boot.tsx'),
    precompress(),
    serverBundle(),
  ],
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
  // A JSON file above 10 KB (the catalogues: English's is in the shell) becomes `JSON.parse('…')` instead of an object
  // literal: V8 parses JSON faster than the same object as code (53 KB: 1.17 → 0.75 ms to compile and build at 1× in
  // Node). Named exports would keep the literal, so none are made (the app imports only the default).
  json: { namedExports: false, stringify: 'auto' },
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
            // ...but tailwind-merge apart: the entry loads it first and builds its class map (its first call) while the
            // shell is still on its way, a wait in which the main thread has nothing else to do (issue 28 §2).
            { name: 'merge', test: /[\\/]tailwind-merge[\\/]/, priority: 11 },
            // What the screens share, as a few files instead of dozens of one-kilobyte chunks: on a phone's network
            // each file costs a request (six at a time over HTTP/1.1) and a preload tag the browser must process.
            // Issue 28 §2 tried without these groups: 30–93 files before a page was live and more bytes sent on four
            // pages of six (npm run bench:first-tap; docs/performance.md, "The first tap"). A better layout is still to
            // find; the kit is smaller now that forms, dialogs and date-fns stay off the pages that do not show them.
            // The forms' validation (zod, the shared schemas and the resolver) in one file, loaded with the first form
            // that validates or the chat's socket: no page needs it before its first tap (issue 28 §2). The contracts
            // reach the browser as method and path (contract-routes.ts), a form's resolver loads its schema when the
            // form is first used (lib/lazy-resolver.ts).
            {
              name: 'validation',
              test: /[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](.+\.schemas?|common[\\/]pagination|social[\\/]proof-link)\.ts$/,
              minShareCount: 2,
              priority: 6,
              // Only what the test names: the zod-free modules the schemas import (the order machine, dates, the
              // chat's limits) stay where the pages that need them before their first tap find them.
              includeDependenciesRecursively: false,
            },
            // The forms' state (react-hook-form) apart: the pages with a form load it, the others do not...
            { name: 'forms', test: /react-hook-form/, minShareCount: 2, priority: 7 },
            // ...and the zod resolver between the two, so that neither file needs the other (the chat's socket loads
            // the frames' schema without the forms, a form is drawn without zod).
            {
              name: 'resolver',
              test: /@hookform[\\/]/,
              minShareCount: 2,
              priority: 8,
              includeDependenciesRecursively: false,
            },
            // Every icon in one file (9 KB gzip)...
            { name: 'icons', test: /lucide-react/, priority: 5 },
            // ...the UI kit, the API client with the contracts' methods and paths, the query hooks. Not the kit's
            // Radix-backed components (they go with Radix below) nor iban.ts (ibantools goes with the payout screens):
            // a group takes its modules' dependencies with it, and those had put Radix Select, Dialog, floating-ui and
            // ibantools (30 KB br) in the kit every page loads (/home 189 → 159 KB br before it is live)...
            {
              name: 'kit',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!(select|dialog|checkbox|tabs|toast)\.tsx)|lib[\\/]|features[\\/]auth[\\/]components[\\/]verification-notice|features[\\/]categories[\\/]category-name)|features[\\/][^\\/]+[\\/]api[\\/]|packages[\\/]shared[\\/]src[\\/](?!payouts[\\/]iban\.ts)|@tanstack/,
              minShareCount: 2,
              priority: 4,
            },
            // ...and the Radix primitives the screens' dialogs and menus use. Whatever one screen alone uses stays in
            // its own chunk; the chart and the emoji picker stay apart (loaded when shown).
            {
              name: 'radix',
              test: /components[\\/]ui[\\/](select|dialog|checkbox|tabs|toast)\.tsx|@radix-ui|react-remove-scroll|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|@floating-ui|tslib/,
              minShareCount: 2,
              priority: 3,
            },
            // ...and the signed-in frame (the session guard, the layout) with the small parts the signed-in screens
            // share (badges, stars, category and platform icons), one file instead of three to nine of under a
            // kilobyte each: a page waits for its last file, and over HTTP/1.1 six requests go at a time (issue 28 §2:
            // /influencers 16 → 8 files, the code there 60–94 → 41–57 ms after it is asked for at 4× CPU, the
            // bytes a little less, 5.7 KB br for all of it). Below the groups above, so it takes none of their modules.
            // The notice of an unverified address and the categories' names are in the kit instead: the sign-in
            // page draws them too, and should not load the frame for them.
            {
              name: 'frame',
              test: /apps[\\/]web[\\/]src[\\/](app[\\/](guards|layouts[\\/]app-layout)|components[\\/](stage-badge|star-rating|category-icon|platform-icon|unrecognised-filters-notice|section)|features[\\/](chat[\\/]components[\\/]unread-count|influencers[\\/]components[\\/]category-list|orders[\\/]components[\\/]work-actions[\\/]proof-check-mark|auth[\\/]components[\\/]resend-verification-button))\./,
              priority: 2,
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
