import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBootstrapRequest, takeBootstrapResponse } from './early-requests';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a cold load's early bootstrap request", () => {
  it('asks for the bootstrap alone, and hands its answer over once', async () => {
    const fetchMock = vi.fn(async () => new Response('{"user":null}'));
    vi.stubGlobal('fetch', fetchMock);
    startBootstrapRequest();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith('/api/bootstrap', { credentials: 'same-origin' });
    expect(await (await takeBootstrapResponse())?.text()).toBe('{"user":null}');
    expect(takeBootstrapResponse()).toBeUndefined(); // a refetch asks the server
  });
});
