// Card payments (spec §2 Start & Pay and Settings → Payment Methods, §5 payment rules, §8 payment errors, §9 limits).
import { z } from 'zod';
import { CAMPAIGN_BUDGET_MAX } from '../campaigns/campaign.schemas.ts';
import type { PaymentFailure } from './payment.constants.ts';
import { PAYMENT_FAILURES, PAYMENT_KINDS, PAYMENT_MESSAGES, PAYMENT_STATUSES } from './payment.constants.ts';

export type { LedgerKind, PaymentFailure, PaymentKind, PaymentStatus } from './payment.constants.ts';
export {
  LEDGER_KINDS,
  PAYMENT_FAILURES,
  PAYMENT_KINDS,
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
  UNDECIDED_PAYMENT_STATUSES,
} from './payment.constants.ts';

/** The spec's message for a failure (its `3DS_FAILURE`, `ORDER_REJECTED`, `ORDER_NOT_FOUND`, `PAYMENT_ERROR`, other). */
export function paymentFailureMessage(failure: PaymentFailure | null | undefined): string {
  switch (failure) {
    case 'three_ds_failed':
      return PAYMENT_MESSAGES.threeDs;
    case 'declined':
    case 'insufficient_funds':
      return PAYMENT_MESSAGES.rejected;
    case 'expired':
      return PAYMENT_MESSAGES.expired;
    case 'card_invalid':
      return PAYMENT_MESSAGES.processing;
    case 'saved_card_invalid':
      return PAYMENT_MESSAGES.savedCardInvalid;
    default:
      return PAYMENT_MESSAGES.failed;
  }
}

/** Start & Pay minimum (spec §9) and the campaign budget ceiling, in tetri. */
export const PAYMENT_AMOUNT_MIN_MINOR = 100;
export const PAYMENT_AMOUNT_MAX_MINOR = CAMPAIGN_BUDGET_MAX * 100;

export const amountMinorField = z
  .number({ error: PAYMENT_MESSAGES.amountMin })
  .int(PAYMENT_MESSAGES.amountStep)
  .min(PAYMENT_AMOUNT_MIN_MINOR, PAYMENT_MESSAGES.amountMin)
  .max(PAYMENT_AMOUNT_MAX_MINOR, PAYMENT_MESSAGES.amountMax);

export const PAYMENT_LANGUAGES = ['en', 'ka'] as const;

/** Start & Pay: pre-authorise the order's amount (editable) on a saved card, or on a new card through the bank's page. */
export const startPaymentInput = z.object({
  amountMinor: amountMinorField,
  /** A saved card of the caller's; absent means a new card on the bank's card page. */
  savedCardId: z.uuid('Choose one of your saved cards').optional(),
  /** The bank's card page's language: Georgian unless asked (spec §9); the app sends its own language. */
  lang: z.enum(PAYMENT_LANGUAGES).default('ka'),
});
export type StartPaymentInput = z.input<typeof startPaymentInput>;

/** Where a payment stands, as the paying screen needs it. */
export const paymentDto = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  amountMinor: z.number().int(),
  /** The bank's card page for this payment while the customer still has something to do there. */
  redirectUrl: z.string().nullable(),
  failure: z.enum(PAYMENT_FAILURES).nullable(),
  /** The spec's message for `failure`, ready to show. */
  message: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const CARD_TYPES = ['Visa', 'Mastercard', 'American Express'] as const;

export const savedCardDto = z.object({
  id: z.string(),
  cardType: z.string(),
  cardLastFour: z.string(),
  /** MM/YY as the bank reports it. */
  cardExpiryDate: z.string(),
  createdAt: z.string(),
});
export type SavedCardDto = z.infer<typeof savedCardDto>;
export const savedCardListResponse = z.object({ items: z.array(savedCardDto) });

export const addCardInput = z.object({ lang: z.enum(PAYMENT_LANGUAGES).default('ka') });
