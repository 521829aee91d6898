import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (rotation, resizing). False where there is no window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Tailwind's `lg` breakpoint: two columns on a detail screen. */
export const useWideLayout = () => useMediaQuery('(min-width: 64rem)');
