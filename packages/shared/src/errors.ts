// Without zod: the browser imports the codes and the check on every page's way to its first tap (issue 28 §2).

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

/** Whether an answer's body is the API's error shape (a proxy's page or an empty body is not). */
export function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const error = (data as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  CSRF: 'CSRF_REJECTED',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL_ERROR',
  /** The database (or another part we depend on) is briefly out of reach: try again after Retry-After. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  UNKNOWN_CATEGORY: 'UNKNOWN_CATEGORY',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  // Marketplace: a request that is valid but not allowed in the current state (409) or not this person's (403/404).
  CAMPAIGN_NOT_OPEN: 'CAMPAIGN_NOT_OPEN',
  CAMPAIGN_HAS_PAID_ORDER: 'CAMPAIGN_HAS_PAID_ORDER',
  CAMPAIGN_ALREADY_HIRED: 'CAMPAIGN_ALREADY_HIRED',
  ALREADY_APPLIED: 'ALREADY_APPLIED',
  APPLICATION_NOT_PENDING: 'APPLICATION_NOT_PENDING',
  ALREADY_INVITED: 'ALREADY_INVITED',
  INVITATION_NOT_PENDING: 'INVITATION_NOT_PENDING',
  INFLUENCER_UNAVAILABLE: 'INFLUENCER_UNAVAILABLE',
  /** Accept or invite: the influencer has not confirmed their e-mail address yet (issue 23 §2). */
  INFLUENCER_EMAIL_UNVERIFIED: 'INFLUENCER_EMAIL_UNVERIFIED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
