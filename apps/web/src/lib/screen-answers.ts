// The answer a screen's GET gets without a request of its own (api-client): in the browser, what a cold load's
// bootstrap brought along (app/early-requests.ts, app/prefetch-session.ts); in the server's renderer, the server's
// own answer (entry-server.tsx). Imports nothing: the shell's session cache uses it.

/** How long an early answer waits to be taken: a screen that asks later gets fresh data from its own request. */
const EARLY_ANSWER_MS = 10_000;

const screen = new Map<string, { response: Response; at: number }>();

/** The bootstrap brought the answer to GET `url`: the screen's own query takes it (`takeScreenResponse`). */
export function provideScreenResponse(url: string, response: Response) {
  screen.set(url, { response, at: Date.now() });
}

/**
 * On the server (entry-server.tsx): how the page being rendered asks GET requests, as the person it is rendered for
 * (one per request). Unset in the browser.
 */
export type ServerGet = (path: string) => Promise<{ status: number; body: string }>;
let serverGet: (() => ServerGet | undefined) | undefined;

/** On the server: where `takeScreenResponse` sends the GET requests of the page being rendered. */
export function setServerGet(source: () => ServerGet | undefined) {
  serverGet = source;
}

/** True in the server's renderer: a screen's GET is answered by the server itself, anything else is not made. */
export const renderingOnServer = () => serverGet !== undefined;

/** The early answer to GET `url`, once and while fresh; otherwise the caller makes its own request. */
export function takeScreenResponse(url: string): Promise<Response> | undefined {
  const get = serverGet?.();
  if (get) {
    return get(url).then(
      ({ status, body }) =>
        new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } }),
    );
  }
  const early = screen.get(url);
  if (!early) return undefined;
  screen.delete(url);
  return Date.now() - early.at < EARLY_ANSWER_MS ? Promise.resolve(early.response) : undefined;
}

/** Drops answers nobody took: they belong to the person signed in now (lib/session-cache.ts). */
export function forgetScreenResponses() {
  screen.clear();
}
