// Typed failures of the Bank of Georgia client. Each keeps the provider's raw answer (error bodies are sometimes JSON,
// sometimes plain text) so the caller can record exactly what the bank said.

export type BogOperation =
  | 'token'
  | 'create_order'
  | 'saved_card_order'
  | 'save_card'
  | 'delete_card'
  | 'approve'
  | 'cancel'
  | 'refund'
  | 'receipt';

type Answer = { status: number | null; bodyText: string | null; bodyJson: unknown };

export abstract class BogError extends Error {
  readonly operation: BogOperation;
  /** HTTP status of the last answer, null when none came (network error, timeout). */
  readonly status: number | null;
  readonly bodyText: string | null;
  /** The body parsed as JSON, or undefined when it was empty or not JSON. */
  readonly bodyJson: unknown;

  constructor(operation: BogOperation, message: string, answer: Answer, options?: { cause?: unknown }) {
    super(message, options);
    this.operation = operation;
    this.status = answer.status;
    this.bodyText = answer.bodyText;
    this.bodyJson = answer.bodyJson;
  }
}

/** A final 4xx: the bank refused the request itself; sending it again will not help. */
export class BogRejectedError extends BogError {
  override readonly name = 'BogRejectedError';
  declare readonly status: number;
}

/** No usable answer after every attempt (5xx, network errors, timeouts): the outcome is unknown, retry later with the same key. */
export class BogUnavailableError extends BogError {
  override readonly name = 'BogUnavailableError';
  constructor(
    operation: BogOperation,
    message: string,
    answer: Answer,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(operation, message, answer, options);
  }
}

/** The bank refused our client credentials, or refused a freshly issued token. */
export class BogAuthError extends BogError {
  override readonly name = 'BogAuthError';
}

/** A 2xx whose body is not what the protocol promises (or a callback that does not parse). */
export class BogProtocolError extends BogError {
  override readonly name = 'BogProtocolError';
}

/** Parses a body as JSON when it is JSON; undefined otherwise. */
export function jsonOrUndefined(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
