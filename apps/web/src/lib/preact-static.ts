// React DOM's `prerenderToNodeStream`, as the server's renderer (entry-server.tsx) uses it, on Preact's renderer: the
// built server bundle runs on Preact, as the browser does (apps/web/preact-runtime.ts). Waits for what the page
// suspends on (its lazy modules), as React's prerender does, and gives up when `signal` aborts (a module or an answer
// that never comes must not hold the request: the browser then renders the page).

import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';

type Options = { signal?: AbortSignal; onError?: (error: unknown) => void; progressiveChunkSize?: number };

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export async function prerenderToNodeStream(element: ReactNode, options: Options = {}) {
  const { signal } = options;
  signal?.throwIfAborted();
  let html: string;
  try {
    const rendering = renderToStringAsync(element as never);
    html = await (signal ? Promise.race([rendering, aborted(signal)]) : rendering);
  } catch (error) {
    // As React's: the abort rejects the prerender; anything else is reported and the page is given up whole.
    if (signal?.aborted) throw signal.reason;
    options.onError?.(error);
    html = '';
  }
  return { prelude: [html] };
}
