// The notification centre's kinds and channels, without zod: Settings → Notifications draws a row per kind on its
// way to the first tap (issue 28 §2); notification.schemas.ts builds the contracts on them.

/**
 * What a notification is about; each is one row of Settings → Notifications. `order`: a step of an order (paid,
 * started, submitted, changes asked, approved, cancelled, the hold lapsed); `payment`: the brand's receipts.
 */
export const NOTIFICATION_KINDS = [
  'invitation',
  'application',
  'hired',
  'order',
  'payment',
  'rating',
  'payout',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The ways a person hears of a kind (push: on the devices where they allowed it, decision 040). */
export const NOTIFICATION_CHANNELS = ['inApp', 'mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
