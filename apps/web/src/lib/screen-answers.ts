// The screen data a cold load's bootstrap brought along (app/early-requests.ts, app/prefetch-session.ts), waiting for
// the screen's own query to take it as its answer (api-client). Imports nothing: the shell's session cache uses it.

/** How long an early answer waits to be taken: a screen that asks later gets fresh data from its own request. */
const EARLY_ANSWER_MS = 10_000;

const screen = new Map<string, { response: Response; at: number }>();

/** The bootstrap brought the answer to GET `url`: the screen's own query takes it (`takeScreenResponse`). */
export function provideScreenResponse(url: string, response: Response) {
  screen.set(url, { response, at: Date.now() });
}

/** The early answer to GET `url`, once and while fresh; otherwise the caller makes its own request. */
export function takeScreenResponse(url: string): Promise<Response> | undefined {
  const early = screen.get(url);
  if (!early) return undefined;
  screen.delete(url);
  return Date.now() - early.at < EARLY_ANSWER_MS ? Promise.resolve(early.response) : undefined;
}

/** Drops answers nobody took: they belong to the person signed in now (lib/session-cache.ts). */
export function forgetScreenResponses() {
  screen.clear();
}
