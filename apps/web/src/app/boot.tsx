import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import { App } from './app';

/** React and the app's shell: loaded by the entry beside the screen's own modules. */
export function boot(container: HTMLElement) {
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices and lets the browser in between (a phone's main
  // thread is not blocked for the whole first render); index.html's loading screen stays up until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
