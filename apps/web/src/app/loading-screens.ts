import { useEffect, useSyncExternalStore } from 'react';

// Which of the app's whole-page loading screens (FullScreenLoading) is up, so the branded splash can stay until the
// screen under it has something to show instead of fading out over a second 'Loading...' (issue 27).
let shown = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Called by a whole-page loading screen: counted while it is mounted. */
export function useCountedLoadingScreen() {
  useEffect(() => {
    shown++;
    emit();
    return () => {
      shown--;
      emit();
    };
  }, []);
}

/** Whether a whole-page loading screen is up now. */
export function useLoadingScreenShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  );
}
