// The IBAN's contract: the rules of iban.ts as the form's and the server's schema.
import { z } from 'zod';
import { IBAN_MESSAGES, ibanProblem, normalizeIban } from './iban.ts';

/** The one rule, on the form and on the server: normalizes, then refuses with the message a person can act on. */
export const ibanSchema = z
  .string({ error: IBAN_MESSAGES.required })
  .max(100, IBAN_MESSAGES.length)
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = ibanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const saveIbanInput = z.object({ iban: ibanSchema });
export type SaveIbanInput = z.input<typeof saveIbanInput>;

export const ibanResponse = z.object({
  /** Normalized (no spaces), or null when none is saved yet. */
  iban: z.string().nullable(),
});
export type IbanResponse = z.infer<typeof ibanResponse>;
