// What a refused Start & Pay or Add card says (spec §8, Payment). A refusal that names its `failure` (the bank refused
// the order, the saved card is no longer valid) carries the spec's own sentence for it, from the server's
// paymentFailureMessage; that is shown alone. Anything else is 'Failed to initialize payment: {reason}'.
import { failureReason } from '@/lib/failure';

type Failure = { message?: unknown; details?: unknown };
type T = (key: 'payments.initFailed' | 'payments.tryAgain', options?: { reason: string }) => string;

const failureOf = (error: unknown) => ((error ?? {}) as Failure & { details?: { failure?: unknown } }).details?.failure;

export function startFailureMessage(error: unknown, t: T): string {
  const { message } = (error ?? {}) as Failure;
  if (typeof failureOf(error) === 'string' && typeof message === 'string' && message) return message;
  return t('payments.initFailed', { reason: failureReason(error, t('payments.tryAgain')) });
}

/** The bank no longer takes the saved card: the server has deactivated it, so the card lists must reload. */
export const savedCardRefused = (error: unknown) => failureOf(error) === 'saved_card_invalid';
