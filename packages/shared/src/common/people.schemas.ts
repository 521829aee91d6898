import { z } from 'zod';

/** What a card shows of a person: never an e-mail or a phone number. */
export const personSummary = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** platform → handle or URL, only non-empty strings (spec §2 social presence). */
export const socialsMap = z.record(z.string(), z.string());
