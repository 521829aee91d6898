import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

const chunk = (fileName: string, modules: string[], extra: { entry?: boolean; imports?: string[] } = {}) => ({
  type: 'chunk',
  fileName,
  isEntry: extra.entry ?? false,
  moduleIds: modules,
  imports: extra.imports ?? [],
  dynamicImports: [],
  code: `const __vite__mapDeps=()=>[];export const ${fileName.replace('.js', '')}=1;`,
});

describe('the compile hints', () => {
  it("start the files a page runs before it is live with V8's hint, once, and leave the others lazy", () => {
    const bundle = {
      'index.js': chunk('index.js', ['/repo/apps/web/src/main.tsx'], { entry: true, imports: ['kit.js'] }),
      'kit.js': chunk('kit.js', ['/repo/apps/web/src/lib/api-client.ts']),
      'emoji.js': chunk('emoji.js', ['/repo/node_modules/emoji-mart/dist/module.js']),
      'style.css': { type: 'asset', fileName: 'style.css', source: 'body{}' },
    } as unknown as OutputBundle;
    const plugin = compileHints();
    const { handler } = plugin.generateBundle as { handler: (o: unknown, b: OutputBundle) => void };
    handler({}, bundle);
    handler({}, bundle); // a second pass (watch mode) adds nothing
    const code = (file: string) => (bundle[file] as { code: string }).code;
    expect(code('index.js').startsWith(`${COMPILE_HINT}const __vite__mapDeps`)).toBe(true);
    expect(code('kit.js').split(COMPILE_HINT)).toHaveLength(2);
    expect(code('emoji.js')).not.toContain('allFunctionsCalledOnLoad');
    expect((bundle['style.css'] as { source: string }).source).toBe('body{}');
  });
});
