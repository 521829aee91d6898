import { useSyncExternalStore } from 'react';

// Whether the browser has taken over the server's page. A page the browser renders itself is "taken over" at once.
// For a page the server drew, the app begins the take-over (app/boot.tsx) and ends it once the page is live
// (app/app.tsx); the parts that read `useHydrated` then draw what only the browser knows in a task of their own, after
// the page answers taps. Done in the effects that make the page live, the dates' switch to the reader's zone drew
// every card and row again there: 20–30 ms of a phone's main thread at 4× CPU on /campaigns and /chat (issue 28 §2).

let hydrated = true;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The browser is about to take over a server-drawn page (app/boot.tsx). */
export function beginTakeOver() {
  hydrated = false;
}

/** The page is live (app/app.tsx): what waits for the take-over is drawn from the next task on. */
export function endTakeOver() {
  if (hydrated) return;
  setTimeout(() => {
    hydrated = true;
    for (const listener of listeners) listener();
  }, 0);
}

/**
 * False while React renders on the server and while the browser takes that HTML over, true afterwards (and at once in
 * a page React renders itself). What only the browser can know (the address's #hash, the screen's width, a clock in
 * the reader's zone) waits for it, so the take-over finds the server's markup unchanged.
 *
 * `needed` false: what the browser knows would draw the same as the server's (a reader on Tbilisi's clock), so the
 * part stays as it is and is not drawn again.
 */
export function useHydrated(needed = true): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated && needed,
    () => false,
  );
}
