// The request the entry (main.tsx) starts before React and the app's code have arrived, so its answer travels while
// the scripts do (issue 11 §3). Part of the tiny entry: imports nothing.

let bootstrap: Promise<Response> | undefined;

/**
 * GET /api/bootstrap (who is signed in, their unread count, the categories): a page the browser renders itself asks
 * it first. It does not bring the screen's data along (it did until issue 22): the server renders screens with their
 * data (decision 027), so only the entry `/` and a page the server could not render come here, and for those the
 * saving was within the measurement's noise (docs/performance.md, "Cold load").
 */
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
