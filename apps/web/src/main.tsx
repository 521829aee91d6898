import './index.css';
import { screenRequestFor, startBootstrapRequest } from './app/early-requests';
import { preloadRoute } from './app/route-modules';

// The entry is small on purpose (issue 11 §3): before React and the shell (app/boot.tsx, preloaded by index.html)
// have arrived, it sends the bootstrap request (which brings the screen's own data along) and starts fetching the
// modules of the screen being opened, so they travel together instead of one after another. index.html paints the
// loading screen meanwhile.
startBootstrapRequest(screenRequestFor(window.location.pathname, window.location.search));
preloadRoute(window.location.pathname);
void import('./app/boot').then(({ boot }) => boot(document.getElementById('root')!));
