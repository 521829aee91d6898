// React DOM's `prerenderToNodeStream`, as the server's renderer (entry-server.tsx) uses it, on Preact's renderer: the
// built server bundle runs on Preact, as the browser does (apps/web/preact-runtime.ts). Waits for what the page
// suspends on (its lazy modules), as React's prerender does.

import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';

type Options = { signal?: AbortSignal; onError?: (error: unknown) => void; progressiveChunkSize?: number };

export async function prerenderToNodeStream(element: ReactNode, options: Options = {}) {
  options.signal?.throwIfAborted();
  let html: string;
  try {
    html = await renderToStringAsync(element as never);
  } catch (error) {
    options.onError?.(error);
    html = '';
  }
  options.signal?.throwIfAborted();
  return { prelude: [html] };
}
