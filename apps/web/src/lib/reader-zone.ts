import { useSyncExternalStore } from 'react';

// Issue 28 §2: when a page drawn by the server starts writing its timestamps in the reader's own zone. The server
// writes Tbilisi's time (it knows no reader's zone), and the browser writes the same while it takes the page over
// (lib/format.ts `useDates`). The switch to the reader's zone re-renders every card and row with a date; done in the
// effects that run as the page becomes live, it was 20–30 ms of a phone's main thread at 4× CPU on /campaigns and
// /chat (the cards drawn again, and tailwind-merge's class map built for them) before the first tap could run. It
// now happens in a task of its own once the page is live, and not at all for a reader whose clock already reads as
// Tbilisi's (UTC+4 all year, as Georgia): the words would be the same.

let shown = true;
const listeners = new Set<() => void>();

/** The browser is about to take over a server-drawn page (app/boot.tsx): timestamps stay in Tbilisi's time. */
export function holdReaderZone() {
  shown = false;
}

/** The page is live (app/app.tsx): timestamps in the reader's zone from the next task on. */
export function showReaderZone() {
  if (shown) return;
  setTimeout(() => {
    shown = true;
    // Every part drawn from now on reads the reader's zone; the parts already drawn need drawing again only where the
    // words differ.
    if (!readsAsTbilisi()) for (const listener of listeners) listener();
  }, 0);
}

/** The reader's clock is UTC+4 in winter and in summer this year, as Tbilisi's has been since 2005. */
export function readsAsTbilisi(now = new Date()): boolean {
  const year = now.getFullYear();
  return new Date(year, 0, 1).getTimezoneOffset() === -240 && new Date(year, 6, 1).getTimezoneOffset() === -240;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * True once timestamps are written in the reader's zone: false on the server and while the browser takes over a page
 * it drew (until `showReaderZone`), true at once in a page the browser renders itself.
 */
export function useReaderZone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
