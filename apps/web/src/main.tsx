import './index.css';
import { startBootstrapRequest } from './app/early-requests';
import { preloadRoute } from './app/route-modules';
import { readServerState } from './app/server-state';
import { whenIdle } from './lib/when-idle';

// The entry is small on purpose (issue 11 §3).
const root = document.getElementById('root')!;
const state = readServerState();
// Before React runs the page (app/app.tsx marks <html data-live>) a tap on a form's button is not lost (issue 28 §2):
// the sign-in and registration forms (`data-native-post`) go to the server, which answers them itself
// (apps/server/src/lib/auth-form-posts.ts); any other form is held and sent once the page is live, by the app.
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    if (document.documentElement.hasAttribute('data-live') || form.hasAttribute('data-native-post')) return;
    event.preventDefault();
    held = { form, submitter: (event as SubmitEvent).submitter };
  },
  true,
);
whenLive(() => {
  const h = held;
  held = null;
  if (h?.form.isConnected) h.form.requestSubmit(h.submitter?.isConnected ? h.submitter : null);
});
if (state) {
  // The server rendered this screen with its data: the browser paints it first, then the app's code loads (the shell
  // and the screen's modules together) and takes that markup over. Nothing is asked for again.
  afterFirstPaint(() => {
    // Where a drawn page's time to live goes (issue 28 §2): read by `npm run bench:first-tap`, with app:shell,
    // app:screen and app:hydrated (app/boot.tsx, app/app.tsx). A mark costs microseconds.
    performance.mark('app:code-asked');
    const shell = import('./app/boot');
    preloadRoute(window.location.pathname);
    void shell.then(({ hydrate }) => hydrate(root, state));
    // The take-over keeps the server's classes (lib/cn.ts): the class map is built once the page is live, when the
    // browser is idle, ready for the page's next render.
    whenLive(() => whenIdle(warmClassMerge, 1000));
  });
} else {
  // A page the browser renders itself (the entry `/` with its splash): before React and the shell (app/boot.tsx,
  // preloaded by index.html) have arrived, the entry sends the bootstrap request and starts fetching the screen's
  // modules, so they travel together instead of one after another. index.html paints the loading screen meanwhile.
  startBootstrapRequest();
  warmClassMerge();
  preloadRoute(window.location.pathname);
  void import('./app/boot').then(({ boot }) => boot(root));
}

// The service worker (offline page, push; decision 040): registered once the page is live and loaded, when the browser
// is idle, from its own chunk. Not before live: while a page's code was still arriving, the idle gaps between its
// files were enough for the registration to run on the main thread the first tap waits for (issue 28 §2).
const registerLater = () =>
  whenIdle(() => void import('./lib/service-worker').then((m) => m.registerServiceWorker()), 5000);
whenLive(() => {
  if (document.readyState === 'complete') registerLater();
  else addEventListener('load', registerLater, { once: true });
});

/**
 * tailwind-merge builds its class map on its first call: 5–7 ms in Node, ~20 ms of a phone's main thread at 4× CPU.
 * A page the browser renders itself calls `cn()` in its first render: its own small file (vite.config.ts) arrives
 * before the shell does, and called once then, the map is built while the shell is still downloading.
 */
function warmClassMerge() {
  void import('tailwind-merge').then(({ twMerge }) => twMerge('p-1 p-2'));
}

/** Once React runs the page (app/app.tsx marks <html data-live>). */
function whenLive(run: () => void) {
  if (document.documentElement.hasAttribute('data-live')) return run();
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-live')) return;
    observer.disconnect();
    run();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-live'] });
}

/**
 * Once the browser has painted the page as it came (a hidden tab paints nothing: then shortly). The entry is a module
 * script, run after the page is parsed, and the first paint has sometimes happened by then (the paint entry says so):
 * then at once, not a frame later.
 */
function afterFirstPaint(run: () => void) {
  if (performance.getEntriesByName?.('first-contentful-paint').length > 0) return run();
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}
