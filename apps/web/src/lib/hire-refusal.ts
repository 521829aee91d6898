// The server's refusal to hire an influencer whose e-mail address is unconfirmed (issue 23 §2: accept and invite
// answer 409 INFLUENCER_EMAIL_UNVERIFIED), in the brand's language: the code and the influencer's name come from the
// server, the sentence from the catalogue.
import { ERROR_CODES } from '@app/shared/errors';
import { ApiError } from './api-client';
import { fullName } from './format';
import type { TFunction } from './translator';

/** The brand's sentence for this refusal, or undefined when the error is another one. */
export function unverifiedInfluencerReason(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.INFLUENCER_EMAIL_UNVERIFIED) return undefined;
  const who = (error.details as { influencer?: { name?: string; lastname?: string } } | undefined)?.influencer;
  if (!who?.name) return error.message;
  return t('errors.influencerUnverified', { name: fullName(who.name, who.lastname ?? '') });
}
