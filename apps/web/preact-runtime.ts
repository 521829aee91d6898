import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const staticShim = fileURLToPath(new URL('./src/lib/preact-static.ts', import.meta.url));
const compat = fileURLToPath(new URL('./src/lib/preact-compat.ts', import.meta.url));
const syncStore = fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url));

/**
 * The app's built pages run on Preact's React compatibility layer instead of React DOM (issue 28 §2): ~10 KB of
 * runtime where React DOM is ~50 KB br, before a page on a phone can answer its first tap. Both builds (the browser's
 * and the server's renderer) use it, so the server's markup is what the browser's hydration expects (useId's ids
 * among others). The unit tests (vitest.config.ts) still render with React.
 */
export function preactRuntime({ always = false }: { always?: boolean } = {}): Plugin {
  const aliases: [RegExp, string][] = [
    [/^react$/, compat],
    [/^react-dom$/, compat],
    [/^react-dom\/client$/, 'preact/compat/client'],
    [/^react-dom\/server$/, 'preact/compat/server'],
    [/^react-dom\/static$/, staticShim],
    [/^react\/jsx-runtime$/, 'preact/compat/jsx-runtime'],
    [/^react\/jsx-dev-runtime$/, 'preact/compat/jsx-dev-runtime'],
    // The shim of React 17's days (wouter imports it): the runtime has the hook itself.
    [/^use-sync-external-store\/shim(\/index\.js)?$/, syncStore],
  ];
  return {
    name: 'preact-runtime',
    // The dev server keeps React (its Fast Refresh is React's); the `preact` vitest project asks for it always.
    ...(always ? {} : { apply: 'build' as const }),
    config: () => ({ resolve: { alias: aliases.map(([find, replacement]) => ({ find, replacement })) } }),
  };
}
