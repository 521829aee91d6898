// Requests the entry (main.tsx) starts before React and the app's code have arrived, so their answers travel while
// the scripts do (issue 11 §3). Part of the tiny entry: imports nothing.

let bootstrap: Promise<Response> | undefined;

/** GET /api/bootstrap (who is signed in, their unread count, the categories): every cold load asks it first. */
export function startBootstrapRequest() {
  bootstrap = fetch('/api/bootstrap', { credentials: 'same-origin' });
  bootstrap.catch(() => undefined); // whoever takes it handles the failure
}

/** The early answer, once; a later ask (a retry, a refetch) makes its own request. */
export function takeBootstrapResponse(): Promise<Response> | undefined {
  const pending = bootstrap;
  bootstrap = undefined;
  return pending;
}
