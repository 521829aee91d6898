// The notification centre (issue 24 §2): what happened to a person, kept for them to come back to, and the kinds
// they choose to hear about by mail and in the app (Settings → Notifications).
import { z } from 'zod';
import { cursorParam, limitParam, pageOf } from '../common/pagination.ts';
import { NOTIFICATION_KINDS } from './notification.constants.ts';

export type { NotificationChannel, NotificationKind } from './notification.constants.ts';
export { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './notification.constants.ts';

export const notificationKind = z.enum(NOTIFICATION_KINDS);

export const notificationDto = z.object({
  id: z.string(),
  kind: notificationKind,
  /** One line a person reads ("New application for “Summer drinks”"). */
  subject: z.string(),
  /** The screen it concerns, an app path (`/campaigns/…`). */
  link: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListQuery = z.object({ cursor: cursorParam, limit: limitParam });
export const notificationPage = pageOf(notificationDto).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationCount = z.object({ count: z.number().int().nonnegative() });

/**
 * The daily digest (issue 24 §2): the day's notifications a person has not read, in one mail each morning, for people
 * who were away. A kind of mail only (no notification is of this kind); on unless turned off.
 */
export const DIGEST = 'digest' as const;
/** What a mail's one-click unsubscribe turns off: one kind's mails, or the digest. */
export const mailKind = z.union([notificationKind, z.literal(DIGEST)]);
export type MailKind = z.infer<typeof mailKind>;

export const notificationPreference = z.object({
  kind: notificationKind,
  inApp: z.boolean(),
  mail: z.boolean(),
  /** Left out by an older app: on (the default of every channel). */
  push: z.boolean().default(true),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;
/** Every kind once; the server refuses a list that repeats or leaves one out. */
export const notificationPreferences = z.object({
  items: z
    .array(notificationPreference)
    .length(NOTIFICATION_KINDS.length, 'Give a choice for every kind of notification')
    .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, 'Each kind only once'),
  /** The daily digest mail; left out when saving: unchanged. */
  digest: z.boolean().optional(),
  /** A push for new chat messages (a chat's messages are no kind of notification); left out: unchanged. */
  messagesPush: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The signed one-click unsubscribe link's token (RFC 8058), in the query. */
export const unsubscribeQuery = z.object({ token: z.string().min(10).max(300) });
