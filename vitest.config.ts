import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactRuntime } from './apps/web/preact-runtime.ts';

const web = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const esm = (file: string) => fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));

// Two projects: fast pure/component tests, and server tests over HTTP against a real database.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: { '@': web } },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/src/**/*.preact.test.tsx'],
          environment: 'node',
          setupFiles: ['./apps/web/src/test/setup.ts'],
        },
      },
      // The built app's runtime: `react` and `react-dom` are Preact's compatibility layer with the app's fixes, as the
      // build makes them (apps/web/preact-runtime.ts). Run with the unit tests (scripts/test.mjs).
      {
        plugins: [preactRuntime({ always: true })],
        resolve: {
          alias: {
            '@': web,
            // Their ES modules, inlined below, so that their `react` is the runtime's (Node's condition picks CommonJS).
            'lucide-react': esm('lucide-react/dist/esm/lucide-react.mjs'),
          },
        },
        test: {
          name: 'preact',
          include: ['apps/web/src/**/*.preact.test.tsx'],
          environment: 'node',
          server: { deps: { inline: [/radix-ui/, /@radix-ui/, /wouter/, /lucide-react/, /@tanstack[/]react-query/] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded WASM; two forks use both cores without thrashing.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
