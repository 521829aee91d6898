// The data a page rendered on the server was rendered with (entry-server.tsx), carried in the page itself as JSON so
// the browser hydrates that markup with the same data and asks for nothing on a cold load. Part of the tiny entry:
// imports nothing at run time.
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` element that holds it (never executed: CSP allows only files). */
export const SERVER_STATE_ID = 'server-state';

export type ServerState = {
  /** The query cache as the server left it: the session, the categories, the unread count and the screen's data. */
  queries: DehydratedState;
  /** Whether the server drew the wide layout (two columns on a detail screen): the take-over assumes the same. */
  wide: boolean;
};

/** The state embedded in this page, or null for a page the browser renders itself (the entry `/`, a fallback). */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/**
 * The state as page text: JSON with `<`, `>`, `&` and the two line separators escaped, so no value can end the
 * script element or be read as markup (a campaign title of `</script><script>…`).
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
