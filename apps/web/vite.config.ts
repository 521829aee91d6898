import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { emojiData } from './emoji-data.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), emojiData(), precompress(`${root}dist`)],
  resolve: { alias: { '@': `${root}src` } },
  build: { outDir: `${root}dist`, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 450 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
});
