// A Vite build step (issue 28 §2): every chunk a page loads before it is live starts with V8's explicit compile hint,
// `//# allFunctionsCalledOnLoad` (Chrome 136+; v8.dev/blog/explicit-compile-hints). Without it V8 compiles a
// function when it is first called, on the main thread, while the page waits to become live: at 4× CPU that was
// 150–200 ms of /home's 600 ms from first paint to live (V8.ParseFunction and V8.CompileCode in a trace). With it,
// the browser compiles the file's functions as it downloads it, off the main thread (module scripts are streamed).
// These files' functions are nearly all called on the way to the first tap (React, the router, the kit, the screen),
// so little is compiled for nothing; chunks loaded later (zod, forms, dialogs, the emoji picker) are left lazy.
// Other browsers read it as a comment.
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { firstPathChunks } from './first-tap-guard.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // The browser's build only (the server renderer is not compiled by a browser).
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      // After Vite's own rewriting of the chunks (the preload helper's list of files goes first in a file that
      // imports dynamically), so the hint is the file's first line and covers every function after it. The files'
      // names were hashed before: the hint changes no behaviour. No source maps are written (build.sourcemap).
      order: 'post',
      handler(_options, bundle) {
        for (const file of firstPathChunks(bundle)) {
          const chunk = bundle[file] as OutputChunk | undefined;
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
