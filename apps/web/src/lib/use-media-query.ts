import { LAYOUT_COOKIE } from '@app/shared/constants';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (rotation, resizing). Where there is no window (the
 * server) and while the browser takes over the server's page, `assumed`: what the server drew.
 */
export function useMediaQuery(query: string, assumed = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => assumed,
  );
}

/** Tailwind's `lg` breakpoint: two columns on a detail screen. */
const WIDE = '(min-width: 64rem)';

/**
 * What the server assumes of the screen it renders a page for (lib/server-render.ts on the server: the layout cookie
 * below, else the browser's `Sec-CH-UA-Mobile`), carried in the page so the browser's take-over assumes the same.
 */
export const AssumedWide = createContext(false);

/** Two columns on a detail screen (Tailwind's `lg`). */
export const useWideLayout = () => useMediaQuery(WIDE, useContext(AssumedWide));

/**
 * Keeps LAYOUT_COOKIE in step with the screen, so the next page the server renders has the layout right (set once
 * the app runs, and when the window crosses the breakpoint).
 */
export function LayoutCookie() {
  useEffect(() => {
    const list = window.matchMedia?.(WIDE);
    if (!list) return;
    const write = () => {
      // A fixed name and value (nothing to escape); the Cookie Store API is not in every browser yet.
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = `${LAYOUT_COOKIE}=${list.matches ? 'wide' : 'narrow'}; path=/; max-age=31536000; samesite=lax`;
    };
    write();
    list.addEventListener('change', write);
    return () => list.removeEventListener('change', write);
  }, []);
  return null;
}
