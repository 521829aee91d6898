import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const web = fileURLToPath(new URL('./apps/web/src', import.meta.url));

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
          environment: 'node',
          setupFiles: ['./apps/web/src/test/setup.ts'],
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
