// A Vite build step: index.html also preloads the app's shell (src/app/boot.tsx and the chunks it imports). The entry
// (src/main.tsx) is tiny and imports the shell dynamically, after it has started the bootstrap request and the
// screen's own modules; without these tags the shell's download would only start once the entry had run.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export function preloadShell(shellModule: string): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    // The browser's build only (not the server renderer's, apps/web/src/entry-server.tsx).
    applyToEnvironment: (environment) => environment.name === 'client',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const shell = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(shellModule)));
        if (!shell) throw new Error(`preload-shell: no chunk for ${shellModule}`);
        // Files the entry already loads (Vite preloads its static imports itself) are left out.
        const entry = chunks.find((c) => c.isEntry);
        const taken = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files: string[] = [];
        const visit = (file: string) => {
          if (taken.has(file) || files.includes(file)) return;
          files.push(file);
          for (const dep of (bundle[file] as OutputChunk | undefined)?.imports ?? []) visit(dep);
        };
        visit(shell.fileName);
        return files.map(
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
