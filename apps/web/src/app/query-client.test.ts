import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { ApiError } from '@/lib/api-client';
import { clearSessionLater, meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import {
  createQueryClient,
  hydrateServerQueries,
  retryDelay,
  SERVER_DATA_FRESH_MS,
  shouldRetry,
  UNAVAILABLE_RETRIES,
} from './query-client';

const nino = aPerson();
const signedOut = () => new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue');

/** A client with a signed-in person and some of their data cached. */
function signedInClient() {
  const client = createQueryClient();
  client.setQueryData(meKeys.me, nino);
  client.setQueryData(chatKeys.unread(), { count: 3 });
  client.setQueryData(['campaigns', 'list'], [{ id: 'c1' }]);
  return client;
}

const failingQuery = (client: ReturnType<typeof createQueryClient>, error: unknown) =>
  client
    .fetchQuery({ queryKey: ['orders'], queryFn: () => Promise.reject(error), retry: false })
    .catch(() => undefined);

const failingMutation = (client: ReturnType<typeof createQueryClient>, error: unknown) =>
  client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.reject(error) })
    .execute(undefined)
    .catch(() => undefined);

afterEach(() => vi.useRealTimers());

describe('a 401 from any request ends the session in this tab', () => {
  it('from a query: the session becomes null and every other cached answer is dropped', async () => {
    const client = signedInClient();
    await failingQuery(client, signedOut());
    expect(client.getQueryData(meKeys.me)).toBeNull();
    expect(
      client
        .getQueryCache()
        .findAll()
        .map((q) => q.queryKey),
    ).toEqual([meKeys.me]);
  });

  it('from a mutation, the same', async () => {
    const client = signedInClient();
    await failingMutation(client, new ApiError(401, 'ACCOUNT_DEACTIVATED', 'This account has been deactivated.'));
    expect(client.getQueryData(meKeys.me)).toBeNull();
    expect(client.getQueryData(['campaigns', 'list'])).toBeUndefined();
  });

  it("but not the sign-in form's wrong password, nor other failures", async () => {
    const client = signedInClient();
    await failingMutation(client, new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    await failingQuery(client, new ApiError(403, 'FORBIDDEN', 'Nope'));
    await failingQuery(client, new ApiError(500, 'INTERNAL_ERROR', 'Boom'));
    expect(client.getQueryData(meKeys.me)).toEqual(nino);
    expect(client.getQueryData(['campaigns', 'list'])).toEqual([{ id: 'c1' }]);
  });

  it('while a sign-out is already scheduled (after deactivation), a 401 does not cut the delay short', async () => {
    vi.useFakeTimers();
    const client = signedInClient();
    const then = vi.fn();
    clearSessionLater(client, 2000, then);
    await failingQuery(client, signedOut());
    expect(client.getQueryData(meKeys.me)).toEqual(nino);
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.getQueryData(meKeys.me)).toBeNull();
    expect(client.getQueryData(chatKeys.unread())).toBeUndefined();
    expect(then).toHaveBeenCalledOnce();
  });
});

describe('the data a page was rendered with on the server', () => {
  /** What the server hands over: a query answered there, as of a minute ago by the server's clock. */
  function serverState() {
    const server = new QueryClient();
    server.setQueryData(['campaigns', 'list', {}], { items: [{ id: 'c1' }] }, { updatedAt: Date.now() - 60_000 });
    return dehydrate(server);
  }

  it('is not asked for again by the screens that mount with it, for a moment', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    hydrateServerQueries(client, serverState());
    const queryFn = vi.fn(async () => ({ items: [{ id: 'c2' }] }));
    const observer = new QueryObserver(client, { queryKey: ['campaigns', 'list', {}], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).not.toHaveBeenCalled();
    expect(observer.getCurrentResult().data).toEqual({ items: [{ id: 'c1' }] });
    unsubscribe();

    // Mounted again after the moment: stale as any answer, asked again.
    await vi.advanceTimersByTimeAsync(SERVER_DATA_FRESH_MS + 1);
    const later = new QueryObserver(client, { queryKey: ['campaigns', 'list', {}], queryFn });
    later.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('counts as fresh only until it is replaced: a newer answer is stale at once, as every answer here', async () => {
    const client = createQueryClient();
    hydrateServerQueries(client, serverState());
    const query = client.getQueryCache().find({ queryKey: ['campaigns', 'list', {}] })!;
    expect(query.isStaleByTime(0)).toBe(true); // the query's own rule is the client's default staleTime
    const staleTime = client.getDefaultOptions().queries?.staleTime as (q: typeof query) => number;
    expect(staleTime(query)).toBe(SERVER_DATA_FRESH_MS);
    client.setQueryData(['campaigns', 'list', {}], { items: [] });
    expect(staleTime(query)).toBe(0);
  });
});

describe('a brief outage (503) is waited out, not shown as an error', () => {
  const unavailable = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable', undefined, 5_000);

  it('retries a 503 several times at the pace the server asked for, a 4xx never, a 500 once', () => {
    expect(shouldRetry(UNAVAILABLE_RETRIES - 1, unavailable())).toBe(true);
    expect(shouldRetry(UNAVAILABLE_RETRIES, unavailable())).toBe(false);
    expect(retryDelay(1, unavailable())).toBe(5_000);
    expect(retryDelay(1, new ApiError(503, 'X', 'x', undefined, 3_600_000))).toBe(10_000);
    expect(shouldRetry(0, new ApiError(409, 'X', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'X', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, 'X', 'x'))).toBe(false);
  });

  it('keeps the query loading while the outage lasts, then shows the answer', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let calls = 0;
    const queryFn = vi.fn(async () => {
      calls++;
      if (calls <= 3) throw unavailable();
      return { ok: true };
    });
    const observer = new QueryObserver(client, { queryKey: ['orders', 'outage'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(observer.getCurrentResult().status).toBe('pending'); // still retrying: no error state
    expect(observer.getCurrentResult().isError).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(observer.getCurrentResult().data).toEqual({ ok: true });
    expect(queryFn).toHaveBeenCalledTimes(4);
    unsubscribe();
  });
});
