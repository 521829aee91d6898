// Web Push (issue 24 §4, decision 040): a browser's subscription as `PushSubscription.toJSON()` gives it, the key the
// browser needs to subscribe, and the small payload the service worker shows.
import { z } from 'zod';

const base64url = (min: number, max: number, what: string) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be URL-safe base64`);

export const pushEndpoint = z
  .string()
  .max(1000, 'The push endpoint is too long')
  .url('The push endpoint must be an address')
  .refine((u) => /^https?:\/\//.test(u), 'The push endpoint must be an http(s) address');

export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes: 87 characters). */
    p256dh: base64url(80, 100, 'The p256dh key'),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url(16, 30, 'The auth secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint });

export const pushKey = z.object({ publicKey: z.string() });
export const pushSubscribed = z.object({ subscribed: z.boolean() });

/** What a push carries: all the service worker needs to show it and open the screen. */
export const pushPayload = z.object({
  title: z.string().max(120),
  body: z.string().max(240),
  /** An app path (`/chat?c=…`, `/campaigns/…`). */
  link: z.string().startsWith('/'),
  /** Notifications with the same tag replace each other (one per chat or order). */
  tag: z.string().max(120),
});
export type PushPayload = z.infer<typeof pushPayload>;
