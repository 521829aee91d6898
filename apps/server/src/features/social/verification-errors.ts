// The answers the social feature gives when a step cannot go on, in the words a person acts on (spec §4), and a
// platform's refusal or outage turned into one of them.
import { SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@app/shared/social/social.schemas';
import { SocialApiError } from '../../integrations/social/social-errors.ts';
import { AppError } from '../../lib/app-error.ts';

export const platformName = (p: SocialPlatform) => SOCIAL_PLATFORM_NAMES[p];

export const handleRequired = (p: SocialPlatform) =>
  new AppError('HANDLE_REQUIRED', `Please enter your ${platformName(p)} channel URL first`, 400);

export const taken = (p: SocialPlatform) =>
  new AppError(
    'SOCIAL_ACCOUNT_TAKEN',
    `This ${platformName(p)} account is already verified by another influencer. If it is yours, contact support.`,
    409,
  );

export const notOffered = (p: SocialPlatform) =>
  new AppError('SOCIAL_UNAVAILABLE', `${platformName(p)} verification is not available on this server.`, 503);

export const notConnected = (p: SocialPlatform) =>
  new AppError(
    'SOCIAL_NOT_CONNECTED',
    `Please connect your ${platformName(p)} account first: press Fetch and allow access.`,
    409,
  );

/** A platform's refusal or outage as our answer; retryable ones leave everything as it was (503, try again). */
export function fromPlatform(err: unknown): AppError {
  if (!(err instanceof SocialApiError)) throw err;
  if (err.retryable) return new AppError(`SOCIAL_${err.kind.toUpperCase()}`, err.message, 503);
  if (err.kind === 'not_found') return new AppError('SOCIAL_ACCOUNT_NOT_FOUND', err.message, 404);
  if (err.kind === 'config') return new AppError('SOCIAL_UNAVAILABLE', err.message, 503);
  return new AppError(`SOCIAL_${err.kind.toUpperCase()}`, err.message, 409);
}
