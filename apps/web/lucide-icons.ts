// A Vite build step (issue 28 §2): lucide-react's icons are made by the app's own factory (src/lib/lucide-icon.ts),
// the same markup built with less work per render. Every icon module imports `../createLucideIcon.mjs`; that one
// import is answered with the app's file, in the browser's build and the server renderer's alike, so the server's
// markup and the browser's first render agree. The dev server's pre-bundled lucide-react keeps the package's own.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const factory = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));

export function lucideIcons(): Plugin {
  return {
    name: 'lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]lucide-react[\\/]/.test(importer) && /(^|\/)createLucideIcon\.mjs$/.test(source)) {
        return factory;
      }
      return null;
    },
  };
}
