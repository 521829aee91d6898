// The build's hashed files (`<WEB_DIST>/assets/*`: the app's code, its stylesheet and fonts), read once at start and
// sent from memory (issue 28 §2). A page's code is 11–18 of these files, asked for at once right after its first
// paint; through @fastify/static each cost ~1 ms of the server's CPU (a stat, an open and a stream per request, for
// the file and its .br), so a page's files took 12–29 ms on an idle machine and longer on a busy one, all of it time
// the page waits before it responds. From memory a file is one write. Names carry their content's hash, so they never
// change while the server runs (a new build is a new start) and browsers keep them for a year without asking again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';

/** A file's Content-Type as @fastify/static gave it (its `send`'s table), text in UTF-8. */
function contentType(name: string): string {
  const type = send.mime.getType(name) ?? 'application/octet-stream';
  return /^text\/|^application\/(javascript|json)/.test(type) ? `${type}; charset=utf-8` : type;
}

/** A file as built, with the compressed copies the build wrote beside it (apps/web/precompress.ts). */
type Asset = {
  type: string;
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  /** What it can be sent as, the smallest first (the order the negotiation prefers on equal weights). */
  encodings: ('br' | 'gzip' | 'identity')[];
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The files of `<dist>/assets` by name; empty when there is no build. */
export function readBuiltAssets(dist: string): Map<string, Asset> {
  const dir = join(dist, 'assets');
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = new Set(readdirSync(dir));
  for (const name of names) {
    // A .br or .gz beside its file is read with that file.
    if (/\.(br|gz)$/.test(name) && names.has(name.slice(0, -3))) continue;
    const type = contentType(name);
    const identity = readFileSync(join(dir, name));
    const copy = (suffix: string) => (names.has(name + suffix) ? readFileSync(join(dir, name + suffix)) : undefined);
    const bodies = { identity, br: copy('.br'), gzip: copy('.gz') };
    assets.set(name, {
      type,
      etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 16)}"`,
      bodies,
      encodings: [...(bodies.br ? (['br'] as const) : []), ...(bodies.gzip ? (['gzip'] as const) : []), 'identity'],
    });
  }
  return assets;
}

/**
 * `GET /assets/:name` from memory: the smallest copy the browser accepts (brotli, gzip or as built), immutable, with
 * an ETag for a conditional request. Unknown names fall through to the not-found answer.
 */
export function serveBuiltAssets(app: FastifyInstance, assets: Map<string, Asset>) {
  app.get<{ Params: { name: string } }>(
    '/assets/:name',
    // Sent as the build compressed it: the compression plugin leaves it alone.
    { schema: { hide: true }, compress: false },
    (req, reply) => {
      const asset = assets.get(req.params.name);
      if (!asset) return reply.callNotFound();
      reply.header('cache-control', IMMUTABLE).header('etag', asset.etag).header('vary', 'accept-encoding');
      if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      const encoding = negotiate(req.headers['accept-encoding'] ?? '', asset.encodings) ?? 'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type(asset.type).send(asset.bodies[encoding] ?? asset.bodies.identity);
    },
  );
}
