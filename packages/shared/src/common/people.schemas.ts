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

/** Stars a person has received (spec §2 profile rating): the average to one decimal, null without reviews. */
export const ratingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/**
 * Why a brand cannot hire this influencer yet (issue 23 §2): the address they signed up with is unconfirmed, so
 * nobody knows the mail about their orders and payouts reaches them. Accept and invite answer 409
 * INFLUENCER_EMAIL_UNVERIFIED with it.
 */
export const influencerUnverifiedMessage = (fullName: string) =>
  `${fullName} has not verified their e-mail address yet, so they cannot be hired. ` +
  'Ask them to open the confirmation link we e-mailed them (they can send a new one from their profile), then try again.';
