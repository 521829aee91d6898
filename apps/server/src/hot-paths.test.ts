// Issue 11 §3 and §1: assets leave compressed (the build's .br/.gz, right headers), API answers above 1 KB are
// compressed on the fly, and an overloaded server sheds load with a clear 503 instead of making everyone wait.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

describe('compression', () => {
  let t: TestApp;
  const js = `export const words = ${JSON.stringify('campaign influencer '.repeat(400))};\n`;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="app-config" content="{}"></head></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
    // What apps/web/precompress.ts writes at build time.
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));
    // Below the 1 KB the build compresses: no .br or .gz beside it.
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export const a = 1;\n');
    writeFileSync(join(dist, 'assets', 'font-abc123.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1]));
    t = await createTestApp({ WEB_DIST: dist });
    // The files were read when the server started (lib/built-assets.ts): the build's folder may go.
    rmSync(join(dist, 'assets'), { recursive: true });
  });
  afterAll(() => t.close());

  const asset = (encoding?: string) =>
    t.app.inject({ url: '/assets/app-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the prebuilt brotli file to a browser that takes it, immutable, varying on Accept-Encoding', async () => {
    const res = await asset('br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('gzip for a client without brotli, the plain file for one without either', async () => {
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('weighs what the browser accepts: brotli refused (q=0) is gzip; a file the build did not compress goes as it is', async () => {
    const gz = await asset('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const tiny = await t.app.inject({ url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;\n');
    const font = await t.app.inject({ url: '/assets/font-abc123.woff2', headers: { 'accept-encoding': 'br' } });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect([...font.rawPayload]).toEqual([0x77, 0x4f, 0x46, 0x32, 0, 1]);
  });

  it('answers a conditional request for the same file with 304 and no body, and a changed tag with the file', async () => {
    const first = await asset('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await t.app.inject({ url: '/assets/tiny-abc123.js' })).headers.etag).not.toBe(etag);
    const same = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    const other = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(js);
  });

  it('answers a file the build does not have, or a path out of the folder, with 404, never the app page', async () => {
    for (const url of ['/assets/nope-123.js', '/assets/app-abc123.js.br', '/assets/%2e%2e%2findex.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('compresses API answers above 1 KB (the same JSON once decoded), and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toEqual(plain.json());
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: t.config.publicUrl },
      payload: gzipSync(JSON.stringify({ email: 'a@b.test', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '5' });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After while the event loop lags (health still answers), and serves again after', async () => {
    const until = Date.now() + 700;
    while (Date.now() < until) {
      // the event loop is stuck, as under a flood of work
    }
    await new Promise((r) => setTimeout(r, 0)); // the overdue sample runs
    const busy = await t.req({ url: '/api/categories' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json().error).toEqual({
      code: 'OVERLOADED',
      message: 'The service is very busy right now. Please try again in a few seconds.',
    });
    expect((await t.req({ url: '/api/health' })).statusCode).toBe(200); // liveness is never shed
    await expect.poll(async () => (await t.req({ url: '/api/categories' })).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
