// better-auth's verification links as our own route reads them (auth.service verifyEmail), and where a failed one
// sends the browser: /auth with the error in the hash, which the screen shows with the resend form.
import { errors as joseErrors, jwtVerify } from 'jose';

export type LinkError = 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'USER_NOT_FOUND' | 'EMAIL_TAKEN' | 'CHANGE_CANCELLED';
type VerificationLink = { email: string; updateTo?: string; requestType?: string } | { error: LinkError };

/** better-auth's verification link: an HS256 JWT of `{ email, updateTo?, requestType? }` signed with AUTH_SECRET. */
export async function readVerificationToken(token: string, secret: string): Promise<VerificationLink> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    if (!email) return { error: 'INVALID_TOKEN' };
    return {
      email,
      updateTo: typeof payload.updateTo === 'string' ? payload.updateTo.toLowerCase() : undefined,
      requestType: typeof payload.requestType === 'string' ? payload.requestType : undefined,
    };
  } catch (e) {
    return { error: e instanceof joseErrors.JWTExpired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN' };
  }
}

const LINK_ERRORS: Record<Exclude<LinkError, 'TOKEN_EXPIRED'>, string> = {
  INVALID_TOKEN: 'This verification link is not valid. Please request a new verification email below.',
  USER_NOT_FOUND: 'This verification link belongs to an account that no longer exists.',
  EMAIL_TAKEN: 'This email address is already used by another account, so it was not changed.',
  CHANGE_CANCELLED: 'This email change was cancelled, so your email address was not changed.',
};

export function failedLink(error: LinkError): { location: string } {
  const hash = new URLSearchParams(
    error === 'TOKEN_EXPIRED'
      ? { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' }
      : { error: 'access_denied', error_code: error.toLowerCase(), error_description: LINK_ERRORS[error] },
  );
  return { location: `/auth#${hash}` };
}
