// The notification centre's endpoints (issue 24 §2, §3): a person's own list, its unread count, marking read, the
// per-kind choices, and the mail's one-click unsubscribe (no sign-in: the signed token says who and what).
import { z } from 'zod';
import { idParam } from '../common/pagination.ts';
import { defineRoute } from '../common/route.ts';
import {
  notificationCount,
  notificationListQuery,
  notificationPage,
  notificationPreferences,
  unsubscribeQuery,
} from './notification.schemas.ts';

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    query: notificationListQuery,
    response: { 200: notificationPage },
    tags: ['notifications'],
    summary: 'The caller’s notifications, newest first (keyset pages), with the unread count',
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/notifications/unread-count',
    response: { 200: notificationCount },
    tags: ['notifications'],
    summary: 'How many of the caller’s notifications are unread (the bell)',
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    params: idParam,
    response: { 200: notificationCount },
    tags: ['notifications'],
    summary: 'Marks one of the caller’s notifications read; answers the unread count',
  }),
  markAllRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    response: { 200: notificationCount },
    tags: ['notifications'],
    summary: 'Marks every notification of the caller read',
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/api/notification-preferences',
    response: { 200: notificationPreferences },
    tags: ['notifications'],
    summary: 'Per kind, whether the caller hears of it in the app and by mail',
  }),
  savePreferences: defineRoute({
    method: 'PUT',
    path: '/api/notification-preferences',
    body: notificationPreferences,
    response: { 200: notificationPreferences },
    tags: ['notifications'],
    summary: 'Saves the caller’s choices for every kind',
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    query: unsubscribeQuery,
    response: { 200: z.object({ kind: z.string() }) },
    tags: ['notifications'],
    summary: 'One-click unsubscribe from a kind of mail (RFC 8058), from the signed link in the mail',
  }),
} as const;
