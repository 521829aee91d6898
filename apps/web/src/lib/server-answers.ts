// In the server's renderer (entry-server.tsx) a page's GET requests are answered by the server itself, as the person
// the page is rendered for: the API client asks here before it would fetch.

/**
 * On the server (entry-server.tsx): how the page being rendered asks GET requests, as the person it is rendered for
 * (one per request). Unset in the browser.
 */
export type ServerGet = (path: string) => Promise<{ status: number; body: string }>;
let serverGet: (() => ServerGet | undefined) | undefined;

/** On the server: where `serverAnswer` sends the GET requests of the page being rendered. */
export function setServerGet(source: () => ServerGet | undefined) {
  serverGet = source;
}

/** True in the server's renderer: a screen's GET is answered by the server itself, anything else is not made. */
export const renderingOnServer = () => serverGet !== undefined;

/** In the server's renderer, the server's own answer to GET `url`; in the browser, undefined (fetch it). */
export function serverAnswer(url: string): Promise<Response> | undefined {
  const get = serverGet?.();
  if (!get) return undefined;
  return get(url).then(
    ({ status, body }) =>
      new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } }),
  );
}
