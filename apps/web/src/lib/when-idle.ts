/**
 * Runs `run` when the browser is next idle (at the latest after `timeoutMs`), or after a second where it cannot say;
 * returns what cancels it. For code a screen will likely need but not on its way to the first tap.
 */
export function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}
