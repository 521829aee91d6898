// A Vite build step: index.html also preloads the app's shell (src/app/boot.tsx and the chunks it imports). The entry
// (src/main.tsx) is tiny and imports the shell dynamically, after it has started the bootstrap request and the
// screen's own modules; without these tags the shell's download would only start once the entry had run.
//
// It also writes <dist>/route-preloads.json: the files each screen's module (src/app/route-modules.ts) and each
// language's catalogue need, with the shell's. The server puts them in a drawn page's head as modulepreload links
// (apps/server/src/lib/server-render.ts), so the code travels while the page paints instead of after (issue 28 §2).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** <dist>/route-preloads.json, read by the server. */
export type RoutePreloads = {
  /** The shell's files (boot.tsx and its static imports), without the entry's own. */
  shell: string[];
  /** Per name in route-modules.ts: the screen module's file and its static imports. */
  modules: Record<string, string[]>;
  /** Per language loaded apart (not English): its catalogue's files. */
  languages: Record<string, string[]>;
};

/** `name: () => import('specifier')` in route-modules.ts, and the languages' catalogues in lib/i18n.ts. */
const IMPORT = /(\w+): \(\) => import\('([^']+)'\)/g;

export function preloadShell(shellModule: string): Plugin {
  let srcDir = '';
  const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  /** `file` and every file it imports statically, without the entry's (already in the page). */
  const closure = (bundle: OutputBundle, file: string): string[] => {
    const entry = chunksOf(bundle).find((c) => c.isEntry);
    const taken = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
    const files: string[] = [];
    const visit = (f: string) => {
      if (taken.has(f) || files.includes(f)) return;
      files.push(f);
      for (const dep of (bundle[f] as OutputChunk | undefined)?.imports ?? []) visit(dep);
    };
    visit(file);
    return files;
  };
  /** The chunk a source file starts (its facade), by the file's path without extension. */
  const chunkFor = (bundle: OutputBundle, source: string) => {
    const found = chunksOf(bundle).find((c) => c.facadeModuleId?.replace(/\.[^./]+$/, '') === source);
    if (!found) throw new Error(`preload-shell: no chunk starts at ${source}`);
    return found.fileName;
  };
  const shellChunk = (bundle: OutputBundle) => {
    const shell = chunksOf(bundle).find((c) => c.moduleIds.some((id) => id.endsWith(shellModule)));
    if (!shell) throw new Error(`preload-shell: no chunk for ${shellModule}`);
    return shell;
  };
  /** The `name: () => import('…')` pairs of a source file, resolved to paths without extension. */
  const importsIn = (file: string): [string, string][] => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].map(([, name, spec]) => [
      name!,
      spec!.startsWith('@/')
        ? resolve(srcDir, spec!.slice(2))
        : spec!.startsWith('@app/shared/')
          ? resolve(srcDir, '../../../packages/shared/src', spec!.slice('@app/shared/'.length))
          : resolve(dirname(file), spec!),
    ]);
  };
  return {
    name: 'preload-shell',
    apply: 'build',
    // The browser's build only (not the server renderer's, apps/web/src/entry-server.tsx).
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      srcDir = resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const shell = shellChunk(bundle);
      const modules = Object.fromEntries(
        importsIn(resolve(srcDir, 'app/route-modules.ts')).map(([name, source]) => [
          name,
          closure(bundle, chunkFor(bundle, source.replace(/\.[^./]+$/, ''))),
        ]),
      );
      if (Object.keys(modules).length < 10) throw new Error('preload-shell: route-modules.ts lists too few screens');
      // lib/i18n.ts loads a language apart as its catalogue and its server messages (two tables, same names).
      const languages: Record<string, string[]> = {};
      for (const [name, source] of importsIn(resolve(srcDir, 'lib/i18n.ts'))) {
        const file = chunkFor(bundle, source.replace(/\.[^./]+$/, ''));
        languages[name] = [...new Set([...(languages[name] ?? []), ...closure(bundle, file)])];
      }
      const preloads: RoutePreloads = { shell: closure(bundle, shell.fileName), modules, languages };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return;
        return closure(bundle, shellChunk(bundle).fileName).map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
