// What a refused Start & Pay or Add card says (spec §8, Payment). The server words the bank's refusals in the spec's
// own sentences ('Payment was rejected…', 'This saved card is no longer valid…'); those are shown alone. Anything
// else is 'Failed to initialize payment: {reason}'.
import { failureReason } from '@/lib/failure';

type Failure = { code?: unknown; message?: unknown; details?: unknown };

/** Refusals whose message is already the spec's sentence for the case. */
const WORDED = new Set(['PAYMENT_REFUSED', 'SAVED_CARD_INVALID']);

export function startFailureMessage(error: unknown, initFailed: (reason: string) => string, fallback: string): string {
  const { code, message } = (error ?? {}) as Failure;
  if (typeof code === 'string' && WORDED.has(code) && typeof message === 'string' && message) return message;
  return initFailed(failureReason(error, fallback));
}

/** The bank no longer takes the saved card: the server has deactivated it, so the card lists must reload. */
export function savedCardRefused(error: unknown): boolean {
  const { code, details } = (error ?? {}) as Failure;
  return (
    code === 'SAVED_CARD_INVALID' || (details as { failure?: unknown } | undefined)?.failure === 'saved_card_invalid'
  );
}
