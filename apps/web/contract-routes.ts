// A Vite build step (issue 28 §2): in the browser's build a shared route file (`packages/shared/src/**/*.routes.ts`)
// becomes the table the browser needs from it — each endpoint's method, path and answer statuses — evaluated here at
// build time. The contracts' zod schemas (and zod itself, ~25 KB brotli and ~0.3–0.7 s of module evaluation on a
// phone at 4× CPU) then stay off every page's way to its first tap. The browser never parses an answer with them:
// the server encodes each answer through the same contract (fastify-type-provider-zod's serializer), so what arrives
// already is the contract's output. Types are unchanged: TypeScript reads the real files. The server's renderer
// (the SSR build), the server and the tests use the real contracts.
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const ROUTES_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/].+\.routes\.ts$/;

type Contract = { method: string; path: string; response: Record<string, unknown> };

const isContract = (v: unknown): v is Contract =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Contract).method === 'string' &&
  typeof (v as Contract).path === 'string' &&
  typeof (v as Contract).response === 'object';

/** `{ method, path, response: { <status>: 0 } }`: what `call` and `routeUrl` read. */
const strip = (c: Contract) => ({
  method: c.method,
  path: c.path,
  response: Object.fromEntries(Object.keys(c.response).map((status) => [status, 0])),
});

/** The module's route tables (an object of contracts) as plain data; anything else it exports is left out. */
export async function routeTables(file: string): Promise<string> {
  const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(mod)) {
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    if (entries.length === 0 || !entries.every(([, c]) => isContract(c))) continue;
    const table = Object.fromEntries(entries.map(([key, c]) => [key, strip(c as Contract)]));
    lines.push(`export const ${name} = ${JSON.stringify(table)};`);
  }
  if (lines.length === 0) throw new Error(`contract-routes: ${file} exports no route table`);
  return lines.join('\n');
}

export function contractRoutes(): Plugin {
  return {
    name: 'contract-routes',
    apply: 'build',
    // The browser's build only: the server renderer (src/entry-server.tsx) keeps the real contracts.
    applyToEnvironment: (environment) => environment.name === 'client',
    load: {
      filter: { id: ROUTES_FILE },
      handler(id) {
        if (!ROUTES_FILE.test(id)) return null;
        return routeTables(id.split('?')[0]!);
      },
    },
  };
}
