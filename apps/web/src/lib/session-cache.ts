import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';

// What the query cache holds about "who is signed in", and how it is emptied when that person leaves. Every feature
// that changes the signed-in person (auth, settings, onboarding) writes here, so it lives outside the features.
// Imports nothing heavy: app/query-client.ts uses it, and the shell's bundle must stay free of the API client and zod.

export const meKeys = { me: ['me'] as const };

/** Drops every cached answer except the session: none of it may be shown to the next person. */
export function removePersonalQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKeys.me[0] });
}

const scheduled = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();
/** Tabs whose person asked to leave (deactivation sent, not yet answered): a 401 meanwhile is that request's doing. */
const leaving = new WeakSet<QueryClient>();

/**
 * Deactivation on its way: the server ends the session before its answer arrives, so a request of this tab in flight
 * then is answered 401. That must not cut the announced 2 s short (spec §4); `stillHere` undoes it on a refusal.
 */
export function sessionEnding(queryClient: QueryClient) {
  leaving.add(queryClient);
  return { stillHere: () => leaving.delete(queryClient) };
}

/**
 * Signed out in this tab: the session becomes null first (every observer hears it and the session guard sends
 * protected pages to /auth), then everything else cached is dropped.
 */
export function clearSession(queryClient: QueryClient) {
  clearTimeout(scheduled.get(queryClient));
  scheduled.delete(queryClient);
  leaving.delete(queryClient);
  void queryClient.cancelQueries();
  queryClient.setQueryData(meKeys.me, null);
  removePersonalQueries(queryClient);
}

/**
 * Ends the session after `delayMs` (deactivation signs out 2 s later, spec §4). Until then the session is known to
 * be going, so a 401 from a request in between does not cut the announced delay short.
 */
export function clearSessionLater(queryClient: QueryClient, delayMs: number, then?: () => void) {
  if (scheduled.has(queryClient)) return;
  scheduled.set(
    queryClient,
    setTimeout(() => {
      clearSession(queryClient);
      then?.();
    }, delayMs),
  );
}

/** Tabs whose session is being renewed: how many renewals are under way, and who waits for the last one. */
const renewing = new WeakMap<QueryClient, { count: number; waiting: (() => void)[] }>();

/**
 * A password change on its way: the server ends every session of the person and answers with a new one for this tab,
 * so a request of this tab sent meanwhile with the old cookie is answered 401. That 401 does not sign the person out;
 * once the change is answered, what failed meanwhile is asked again (with the new cookie, or, should the change have
 * failed because the session really ended, to a 401 that then ends it).
 */
export function sessionRenewing(queryClient: QueryClient) {
  const state = renewing.get(queryClient) ?? { count: 0, waiting: [] };
  state.count++;
  renewing.set(queryClient, state);
  let done = false;
  return {
    done: () => {
      if (done) return;
      done = true;
      state.count--;
      if (state.count > 0) return;
      renewing.delete(queryClient);
      for (const wake of state.waiting.splice(0)) wake();
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    },
  };
}

/** Whether this tab's session is being renewed (a password change under way). */
export const sessionIsRenewing = (queryClient: QueryClient) => renewing.has(queryClient);

/** Resolves once no renewal of this tab's session is under way (at once when none is). */
export function sessionRenewed(queryClient: QueryClient): Promise<void> {
  const state = renewing.get(queryClient);
  return state ? new Promise((resolve) => state.waiting.push(resolve)) : Promise.resolve();
}

/** Whether this tab's session is already on its way out (deactivation sent, or its sign-out scheduled). */
export function sessionIsEnding(queryClient: QueryClient): boolean {
  return scheduled.has(queryClient) || leaving.has(queryClient);
}

/**
 * A 401 means the session is gone (expired, signed out in another tab, account deactivated), except the sign-in
 * form's own "wrong email or password". Duck-typed on ApiError's `status` and `code` so this module stays light.
 */
export function isSessionGone(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return status === 401 && code !== 'INVALID_CREDENTIALS';
}

/**
 * For the query and mutation caches: a request answered "signed out" while this tab still shows someone ends the
 * session here too, as a sign-out would. Returns true when it did.
 */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): boolean {
  if (!isSessionGone(error) || sessionIsEnding(queryClient) || sessionIsRenewing(queryClient)) return false;
  if (!queryClient.getQueryData(meKeys.me)) return false; // nobody to sign out
  clearSession(queryClient);
  return true;
}

/**
 * Ends the session in this tab: to /auth, with no cached data from the previous person left behind; with
 * `afterMs`, that much later (requests answered 401 in between do not end it sooner).
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    ({ afterMs = 0 }: { afterMs?: number } = {}) => {
      const toAuth = () => void navigate(paths.auth.href(), { replace: true });
      if (afterMs > 0) {
        clearSessionLater(queryClient, afterMs, toAuth);
        return;
      }
      clearSession(queryClient);
      toAuth();
    },
    [navigate, queryClient],
  );
}
