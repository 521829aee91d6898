import './index.css';
import { startBootstrapRequest } from './app/early-requests';
import { preloadRoute } from './app/route-modules';
import { readServerState } from './app/server-state';

// The entry is small on purpose (issue 11 §3).
const root = document.getElementById('root')!;
const state = readServerState();
// Until React runs the page (app/app.tsx marks <html data-live>), a form must not be sent by the browser itself: it
// would put what was typed (a password) into the address. Its button works once the page is live.
document.addEventListener(
  'submit',
  (event) => {
    if (!document.documentElement.hasAttribute('data-live')) event.preventDefault();
  },
  true,
);
if (state) {
  // The server rendered this screen with its data: the browser paints it first, then the app's code loads (the shell
  // and the screen's modules together) and takes that markup over. Nothing is asked for again.
  afterFirstPaint(() => {
    preloadRoute(window.location.pathname);
    void import('./app/boot').then(({ hydrate }) => hydrate(root, state));
  });
} else {
  // A page the browser renders itself (the entry `/` with its splash): before React and the shell (app/boot.tsx,
  // preloaded by index.html) have arrived, the entry sends the bootstrap request and starts fetching the screen's
  // modules, so they travel together instead of one after another. index.html paints the loading screen meanwhile.
  startBootstrapRequest();
  preloadRoute(window.location.pathname);
  void import('./app/boot').then(({ boot }) => boot(root));
}

/** After the browser has painted the page as it came (a hidden tab paints nothing: then shortly). */
function afterFirstPaint(run: () => void) {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}
