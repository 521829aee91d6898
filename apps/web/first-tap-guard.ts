// A Vite build step (issue 28 §2): the browser's build fails when zod is on a page's way to its first tap — in a file
// the entry, the shell or a screen's module loads before the page is live (their static imports, transitively).
// The contracts reach the browser as method and path (contract-routes.ts), forms load their schema when first used
// (src/lib/lazy-resolver.ts), and the limits and texts a screen draws live in zod-free `*.constants.ts` files: this
// keeps it so, naming the chain of files that brought zod back.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** What a page loads before it is live: the entry, the shell, the layouts and every screen's own module. */
const FIRST_PATH = /[\\/]src[\\/](main\.tsx|app[\\/](boot\.tsx|guards\.tsx|routes[\\/][^\\/]+\.tsx|layouts[\\/]))/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Screens that still validate on their way to the first tap, each with its reason. The admin console's screens draw
 * forms with zod schemas built in the component (the reason and decision dialogs); a handful of people use them.
 */
export const ZOD_ALLOWED_SCREENS = new Set<string>(['admin.tsx', 'admin-disputes.tsx']);

/**
 * The chunks a page loads before it is live of their own: the entry, and those holding the shell, a layout or a
 * screen, but not the allowed screens (ZOD_ALLOWED_SCREENS) alone. With every chunk by file name.
 */
function firstPathRoots(bundle: OutputBundle): { roots: OutputChunk[]; byFile: Map<string, OutputChunk> } {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const roots = chunks.filter((c) => {
    if (c.isEntry) return true;
    const screens = c.moduleIds.filter((id) => FIRST_PATH.test(id));
    return screens.length > 0 && !screens.every((id) => ZOD_ALLOWED_SCREENS.has(id.split(/[\\/]/).pop()!));
  });
  return { roots, byFile: new Map(chunks.map((c) => [c.fileName, c])) };
}

/**
 * Every chunk some page loads before it is live: the first-path roots and what they import statically, transitively.
 * The admin console's screens (ZOD_ALLOWED_SCREENS) are not counted as roots: what only they reach is not on a
 * page's first path.
 */
export function firstPathChunks(bundle: OutputBundle): Set<string> {
  const { roots, byFile } = firstPathRoots(bundle);
  const found = new Set<string>();
  const queue = roots.map((c) => c.fileName);
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (found.has(file)) continue;
    found.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return found;
}

/** For each first-path chunk that reaches zod through static imports, the chain of files from it to zod's. */
export function zodOnFirstPath(bundle: OutputBundle): string[] {
  const { roots, byFile } = firstPathRoots(bundle);
  const problems: string[] = [];
  for (const root of roots) {
    // Breadth first, so the chain named is a shortest one.
    const via = new Map<string, string | null>([[root.fileName, null]]);
    const queue = [root.fileName];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const chunk = byFile.get(file);
      if (!chunk) continue;
      if (chunk.moduleIds.some((id) => ZOD.test(id))) {
        const chain: string[] = [];
        for (let f: string | null | undefined = file; f; f = via.get(f)) chain.unshift(f);
        problems.push(`${chain.join(' → ')} (zod), loaded before ${root.fileName}'s page is live`);
        break;
      }
      for (const next of chunk.imports) {
        if (via.has(next)) continue;
        via.set(next, file);
        queue.push(next);
      }
    }
  }
  return problems;
}

export function firstTapGuard(): Plugin {
  return {
    name: 'first-tap-guard',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const problems = zodOnFirstPath(bundle);
      if (problems.length > 0) {
        this.error(
          `zod is back on the way to a page's first tap (issue 28 §2; docs/performance.md, "The first tap"):\n  ${problems.join('\n  ')}\n` +
            'Import limits and texts from a *.constants.ts file, a form schema through lib/lazy-resolver.ts.',
        );
      }
    },
  };
}
