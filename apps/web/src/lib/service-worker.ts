// The service worker's registration (decision 040), in its own chunk: main.tsx loads it once the page has loaded and
// the browser is idle, so nothing a page needs before it answers a tap waits for it (issue 28's first-tap budget).
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
    // No service worker (private mode, an old browser): the app works as before, without offline page or push.
  });
}
