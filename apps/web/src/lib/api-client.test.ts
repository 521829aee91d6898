import { defineRoute } from '@app/shared/common/route';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, call, UPLOAD_TIMEOUT_MS, upload } from './api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Fails the test with the value a promise settled with, or 'pending' when it had not settled. */
async function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown } | 'pending'> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return Promise.race([outcome, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 20))]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api()', () => {
  it('returns the JSON the server sent (it encoded the answer through the route contract)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ avatarUrl: '/uploads/a.png' })),
    );
    await expect(api('/api/x')).resolves.toEqual({ avatarUrl: '/uploads/a.png' });
  });

  it("turns a 2xx page that is not JSON (a proxy's page) into an ApiError with a sentence for people", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>gateway</html>', { status: 200 })),
    );
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer we could not read. Please try again.',
    });
    expect(console.warn).toHaveBeenCalled(); // what came is for developers
  });

  it("passes the server's coded error through, and names a bare failure by its status", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' } }, 401))
        .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 })),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    await expect(api('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('says the server could not be reached when fetch itself fails, but lets an abort through', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await expect(api('/api/x')).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(abort));
    await expect(api('/api/x')).rejects.toBe(abort);
  });
});

/** A stand-in for XMLHttpRequest: the test decides how the request ends. */
class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open = vi.fn();
  send = vi.fn();
  constructor() {
    FakeXhr.last = this;
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function startUpload(onProgress?: (fraction: number) => void) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const promise = upload<{ avatarUrl: string }>('/api/me/avatar', new FormData(), onProgress);
  return { promise, xhr: FakeXhr.last };
}

describe('upload()', () => {
  it('posts with the cookie, a 2-minute timeout and progress, and resolves with the parsed body', async () => {
    const progress = vi.fn();
    const { promise, xhr } = startUpload(progress);
    expect(xhr.open).toHaveBeenCalledWith('POST', '/api/me/avatar');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(120_000);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    expect(progress).toHaveBeenCalledWith(0.25);
    xhr.respond(200, JSON.stringify({ avatarUrl: '/uploads/a.png' }));
    await expect(promise).resolves.toEqual({ avatarUrl: '/uploads/a.png' });
  });

  it('rejects (instead of never settling) when a 2xx body is not JSON', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = startUpload();
    bad.xhr.respond(200, '');
    const outcome = await settled(bad.promise);
    expect(outcome).not.toBe('pending');
    expect((outcome as { error: unknown }).error).toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer we could not read. Please try again.',
    });

    const html = startUpload();
    html.xhr.respond(200, '<html>proxy</html>');
    await expect(html.promise).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it("rejects with the server's coded error, or 'Upload failed' when it sent none", async () => {
    const refused = startUpload();
    refused.xhr.respond(
      415,
      JSON.stringify({ error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'Please choose a JPG, PNG or GIF image.' } }),
    );
    await expect(refused.promise).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Please choose a JPG, PNG or GIF image.',
    });

    const bare = startUpload();
    bare.xhr.respond(502, 'Bad gateway');
    await expect(bare.promise).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: 'Upload failed' });
  });

  it('rejects on a network error, a timeout and an abort', async () => {
    const offline = startUpload();
    offline.xhr.onerror?.();
    await expect(offline.promise).rejects.toMatchObject({ code: 'NETWORK' });

    const slow = startUpload();
    slow.xhr.ontimeout?.();
    await expect(slow.promise).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'The upload took too long. Check your connection and try again.',
    });

    const aborted = startUpload();
    aborted.xhr.onabort?.();
    await expect(aborted.promise).rejects.toMatchObject({
      code: 'ABORTED',
      message: 'The upload was interrupted. Please try again.',
    });
  });

  it('rejects when sending throws', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXhr {
        override send = vi.fn(() => {
          throw new Error('InvalidStateError');
        });
      },
    );
    await expect(upload('/api/me/avatar', new FormData())).rejects.toBeInstanceOf(ApiError);
  });
});

describe('call()', () => {
  const rate = defineRoute({
    method: 'POST',
    path: '/api/orders/:id/rating',
    params: z.object({ id: z.string() }),
    body: z.object({ rating: z.number() }),
    response: { 201: z.object({ rating: z.number() }) },
    tags: ['orders'],
    summary: 'rate',
  });
  const remove = defineRoute({
    method: 'DELETE',
    path: '/api/saved-cards/:id',
    params: z.object({ id: z.string() }),
    response: { 204: z.null() },
    tags: ['payments'],
    summary: 'remove',
  });

  it('sends the contract’s method to its path with the params, and returns its 2xx answer', async () => {
    const fetch = vi.fn(async () => json({ rating: 5 }, 201));
    vi.stubGlobal('fetch', fetch);
    await expect(call(rate, { params: { id: 'o/1' }, body: { rating: 5 } })).resolves.toEqual({ rating: 5 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/orders/o%2F1/rating',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ rating: 5 }) }),
    );
  });

  it('answers null for an empty 204', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(call(remove, { params: { id: 'c1' } })).resolves.toBeNull();
  });

  it('takes an empty 2xx where the contract promised an answer as unreadable, not as null', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 201 })),
    );
    await expect(call(rate, { params: { id: 'o1' }, body: { rating: 5 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
