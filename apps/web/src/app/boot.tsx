import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import { App } from './app';

/** React and the app's shell: loaded by the entry beside the screen's own modules. */
export function boot(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
