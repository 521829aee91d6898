import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { firstPathChunks, zodOnFirstPath } from './first-tap-guard';

/** A bundle of chunks: file name → the modules in it and the files it imports statically / dynamically. */
function bundle(
  chunks: Record<string, { modules: string[]; imports?: string[]; dynamic?: string[]; entry?: boolean }>,
) {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        isEntry: c.entry ?? false,
        moduleIds: c.modules,
        imports: c.imports ?? [],
        dynamicImports: c.dynamic ?? [],
      },
    ]),
  ) as unknown as OutputBundle;
}

const zod = '/repo/node_modules/zod/v4/classic/schemas.js';
const schemas = '/repo/packages/shared/src/auth/auth.schemas.ts';

describe('the first-tap guard', () => {
  it('names the chain of files that puts zod before a screen is live', () => {
    const problems = zodOnFirstPath(
      bundle({
        'index.js': { entry: true, modules: ['/repo/apps/web/src/main.tsx'], dynamic: ['boot.js', 'auth.js'] },
        'boot.js': { modules: ['/repo/apps/web/src/app/boot.tsx'], imports: ['kit.js'] },
        'auth.js': { modules: ['/repo/apps/web/src/app/routes/auth.tsx'], imports: ['kit.js', 'forms.js'] },
        'kit.js': { modules: ['/repo/apps/web/src/lib/api-client.ts'] },
        'forms.js': { modules: ['/repo/node_modules/react-hook-form/dist/index.esm.mjs'], imports: ['validation.js'] },
        'validation.js': { modules: [zod, schemas] },
      }),
    );
    expect(problems).toEqual(["auth.js → forms.js → validation.js (zod), loaded before auth.js's page is live"]);
  });

  it('lets a screen load zod when it is first used (a dynamic import), and the allowed admin screens statically', () => {
    expect(
      zodOnFirstPath(
        bundle({
          'index.js': { entry: true, modules: ['/repo/apps/web/src/main.tsx'], dynamic: ['auth.js', 'admin.js'] },
          'auth.js': { modules: ['/repo/apps/web/src/app/routes/auth.tsx'], dynamic: ['validation.js'] },
          'admin.js': { modules: ['/repo/apps/web/src/app/routes/admin.tsx'], imports: ['validation.js'] },
          'validation.js': { modules: [zod, schemas] },
        }),
      ),
    ).toEqual([]);
  });
});

describe("the chunks on a page's way to its first tap", () => {
  it('are the entry, the shell, layouts and screens with what they import statically, not what loads later', () => {
    const built = bundle({
      'index.js': {
        entry: true,
        modules: ['/repo/apps/web/src/main.tsx'],
        dynamic: ['boot.js', 'auth.js', 'admin.js'],
      },
      'boot.js': { modules: ['/repo/apps/web/src/app/boot.tsx'], imports: ['kit.js'] },
      'auth.js': { modules: ['/repo/apps/web/src/app/routes/auth.tsx'], imports: ['kit.js'], dynamic: ['forms.js'] },
      'admin.js': { modules: ['/repo/apps/web/src/app/routes/admin.tsx'], imports: ['kit.js', 'validation.js'] },
      'kit.js': { modules: ['/repo/apps/web/src/lib/api-client.ts'] },
      'forms.js': { modules: ['/repo/node_modules/react-hook-form/dist/index.esm.mjs'], imports: ['validation.js'] },
      'validation.js': { modules: [zod, schemas] },
    });
    expect([...firstPathChunks(built)].sort()).toEqual(['auth.js', 'boot.js', 'index.js', 'kit.js']);
  });
});
