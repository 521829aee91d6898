import { bootstrapRoutes } from '@app/shared/common/bootstrap.routes';
import type { Bootstrap } from '@app/shared/common/bootstrap.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from '@/features/categories/api/use-categories';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { call } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import { meKeys } from '@/lib/session-cache';
import { takeBootstrapResponse } from './early-requests';

/**
 * What GET /api/bootstrap answered goes into the cache under the key each part's own query uses: the categories and
 * the unread counts (and, where `withUser`, the person), so no screen asks for them again. The server renders its
 * pages from the same answer (entry-server.tsx).
 */
export function seedBootstrap(queryClient: QueryClient, boot: Bootstrap, { withUser = false } = {}) {
  queryClient.setQueryData(categoryKeys.all, { items: boot.categories });
  if (boot.unreadCount !== null) queryClient.setQueryData(chatKeys.unread(), { count: boot.unreadCount });
  if (boot.noticeCount !== null) queryClient.setQueryData(notificationKeys.count(), { count: boot.noticeCount });
  if (withUser) queryClient.setQueryData(meKeys.me, boot.user);
}

/**
 * The session query's first answer (issue 11 §3): GET /api/bootstrap answers who is signed in, their unread count
 * and the categories at once, so a cold load asks only for the screen's data after it. The entry started the request
 * already (early-requests.ts); this module (the API client and zod) arrives apart from the shell and reads that
 * answer.
 */
export async function fetchBootstrap(queryClient: QueryClient) {
  const boot = await call(bootstrapRoutes.bootstrap, { response: takeBootstrapResponse() });
  seedBootstrap(queryClient, boot);
  // The person's own choice may differ from what this browser told the server (another device): theirs wins.
  await applyLanguage(boot.language);
  return boot.user;
}
