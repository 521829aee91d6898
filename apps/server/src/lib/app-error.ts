import type { ErrorCode } from '@app/shared/errors';

/** A refusal the caller can act on; one handler turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly statusCode = 400,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`, 404);
export const forbidden = (message = 'You do not have access to this') => new AppError('FORBIDDEN', message, 403);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue', 401);
