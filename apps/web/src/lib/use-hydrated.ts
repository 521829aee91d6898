import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that HTML in the browser, true afterwards (and at
 * once in a page React renders itself). What only the browser can know (the address's #hash, the screen's width, a
 * clock in the reader's zone) waits for it, so hydration finds the server's markup unchanged.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
