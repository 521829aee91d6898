import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  endSessionOnUnauthorized,
  meKeys,
  sessionEnding,
  sessionIsEnding,
  sessionIsRenewing,
  sessionRenewed,
  sessionRenewing,
} from './session-cache';

const signedIn = () => {
  const qc = new QueryClient();
  qc.setQueryData(meKeys.me, { id: 'u1' });
  qc.setQueryData(['notifications', 'count'], { count: 2 });
  return qc;
};
const gone = new ApiError(401, 'UNAUTHORIZED', 'Not signed in');

describe('a 401 ends the session in this tab', () => {
  it('at once, dropping what the person saw', () => {
    const qc = signedIn();
    expect(endSessionOnUnauthorized(qc, gone)).toBe(true);
    expect(qc.getQueryData(meKeys.me)).toBeNull();
    expect(qc.getQueryData(['notifications', 'count'])).toBeUndefined();
  });

  it('not while the person is deactivating (the server ends the session before it answers; spec §4 waits 2 s)', () => {
    const qc = signedIn();
    const ending = sessionEnding(qc);
    expect(sessionIsEnding(qc)).toBe(true);
    expect(endSessionOnUnauthorized(qc, gone)).toBe(false);
    expect(qc.getQueryData(meKeys.me)).toEqual({ id: 'u1' });
    // Refused (open orders): the next 401 ends it again.
    ending.stillHere();
    expect(sessionIsEnding(qc)).toBe(false);
    expect(endSessionOnUnauthorized(qc, gone)).toBe(true);
  });
});

describe('a password change renews the session', () => {
  it('a 401 meanwhile (the old cookie) keeps the person signed in; what failed is asked again once it is answered', async () => {
    const qc = signedIn();
    const failed = qc.getQueryCache().build(qc, { queryKey: ['chat', 'unread'] });
    failed.setState({ status: 'error', error: gone });
    const renewal = sessionRenewing(qc);
    let renewed = false;
    void sessionRenewed(qc).then(() => {
      renewed = true;
    });
    expect(endSessionOnUnauthorized(qc, gone)).toBe(false);
    expect(qc.getQueryData(meKeys.me)).toEqual({ id: 'u1' });
    renewal.done();
    renewal.done(); // once only
    await Promise.resolve();
    expect(renewed).toBe(true);
    expect(sessionIsRenewing(qc)).toBe(false);
    expect(qc.getQueryState(['chat', 'unread'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['notifications', 'count'])?.isInvalidated).toBe(false); // it had not failed
    // Renewed: a 401 now is a session that ended.
    expect(endSessionOnUnauthorized(qc, gone)).toBe(true);
  });
});

describe("the server closing the socket because the session ended ('session-ended')", () => {
  it('asks everything again, so the guards see the person gone; not while this tab is deactivating', async () => {
    const { applyToCache } = await import('@/features/chat/api/realtime');
    const qc = signedIn();
    const ending = sessionEnding(qc);
    applyToCache(qc, { type: 'session-ended' });
    expect(qc.getQueryState(meKeys.me)?.isInvalidated).toBe(false);
    ending.stillHere();
    applyToCache(qc, { type: 'session-ended' });
    expect(qc.getQueryState(meKeys.me)?.isInvalidated).toBe(true);
  });
});
