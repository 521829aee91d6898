#!/usr/bin/env node
// The boundary checker's self-test (scripts/check-boundaries.mjs --self-test): it plants one violation of each
// rule in a scratch tree and fails unless each is caught, and checks that the permitted kinds of import pass, so a
// rule that silently stopped matching is noticed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PLANTED = {
  'db-in-routes': {
    'apps/server/src/features/a/a.routes.ts': "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
  },
  'feature-repository': {
    'apps/server/src/features/a/a.service.ts': "import { rows } from '../b/b.repository.ts';\nexport const x = rows;\n",
    'apps/server/src/features/b/b.repository.ts': 'export const rows = 1;\n',
  },
  emulators: {
    'apps/server/src/features/a/a.providers.ts': "export { e } from '../../emulators/x/x-emulator.ts';\n",
    'apps/server/src/emulators/x/x-emulator.ts': 'export const e = 1;\n',
  },
  'table-writes': {
    'apps/server/src/features/a/a.repository.ts':
      "import { orders } from '../../db/schema.ts';\nexport const w = (db) => db.update(orders).set({});\n",
  },
  cycles: {
    'packages/shared/src/p.ts': "import type { Q } from './q.ts';\nexport type P = Q | 1;\n",
    'packages/shared/src/q.ts': "import { p } from './r.ts';\nexport type Q = 2;\nexport const q = p;\n",
    'packages/shared/src/r.ts': "import type { P } from './p.ts';\nexport const p: P = 1;\n",
  },
};
/** Allowed: the same kinds of import where the rules permit them. */
const ALLOWED = {
  'apps/server/src/features/a/a.repository.ts': "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
  'apps/server/src/features/a/a.routes.test.ts':
    "import { e } from '../../emulators/x/x-emulator.ts';\nexport { e };\n",
  'apps/server/src/main.ts': "import { e } from './emulators/x/x-emulator.ts';\nexport { e };\n",
  'apps/server/src/features/b/b.service.ts': "import { rows } from './b.repository.ts';\nexport const y = rows;\n",
  'apps/server/src/features/orders/orders.repository.ts':
    "import { orders } from '../../db/schema.ts';\nexport const w = (db) => db.update(orders).set({});\n",
};

/** Each case: a name, whether it held, and what went wrong. */
export function selfTest({ check, roots }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  const write = (files) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  };
  try {
    for (const r of roots) mkdirSync(path.join(dir, r), { recursive: true });
    write(ALLOWED);
    const cases = [];
    const clean = check({ root: dir, known: {} });
    cases.push({
      name: 'the permitted imports pass every rule',
      ok: clean.every((r) => !r.violations.length),
      detail: clean.flatMap((r) => r.violations.map((v) => `${r.name}: ${v.key}`)).join('; '),
    });
    for (const [rule, files] of Object.entries(PLANTED)) {
      write(files);
      const result = check({ root: dir, known: {} }).find((r) => r.name === rule);
      cases.push({ name: `${rule} catches a planted violation`, ok: result.violations.length > 0, detail: '' });
      const knownResult = check({ root: dir, known: { [rule]: result.violations.map((v) => v.key) } });
      cases.push({
        name: `${rule}: a KNOWN entry passes, and fails once the violation is gone`,
        ok:
          knownResult.find((r) => r.name === rule).violations.length === 0 &&
          (() => {
            for (const file of Object.keys(files)) rmSync(path.join(dir, file));
            const after = check({ root: dir, known: { [rule]: result.violations.map((v) => v.key) } });
            return after.find((r) => r.name === rule).stale.length === result.violations.length;
          })(),
        detail: '',
      });
    }
    return cases;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
