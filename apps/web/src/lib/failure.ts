// What a failure says to a person, in one message (issue 14: a toast carries one message, not the screen's generic
// sentence and the server's reason on top of each other). Duck-typed on ApiError's `status`, `code` and `details`,
// so modules in the initial bundle can use it without pulling in the API client and zod.

type Failure = { status?: unknown; message?: unknown; details?: unknown };

/**
 * The reason to show: the server's own message when a person can act on it (a 4xx refusal, no connection, or a 503),
 * otherwise the screen's text (`fallback`, the spec's "Please try again later." kind, or nothing): a 5xx message
 * says nothing a person can use.
 */
export function failureReason(error: unknown, fallback: string): string;
export function failureReason(error: unknown): string | undefined;
export function failureReason(error: unknown, fallback?: string): string | undefined {
  const { status, message } = (error ?? {}) as Failure;
  // A 503 says "briefly unavailable, try again in a few seconds": that is something a person can act on.
  const actionable = typeof status === 'number' && (status === 0 || status === 503 || (status >= 400 && status < 500));
  return actionable && typeof message === 'string' && message ? message : fallback;
}

/** The server named the fields it refused: the form shows each message under its field, and no toast repeats it. */
export function hasFieldErrors(error: unknown): boolean {
  const fieldErrors = ((error ?? {}) as Failure & { details?: { fieldErrors?: unknown } }).details?.fieldErrors;
  return Boolean(fieldErrors && typeof fieldErrors === 'object' && Object.keys(fieldErrors).length > 0);
}
