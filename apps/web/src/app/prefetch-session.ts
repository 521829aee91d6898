import { bootstrapResponse } from '@app/shared/common/bootstrap.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from '@/features/categories/api/use-categories';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { api } from '@/lib/api-client';
import { provideScreenResponse } from '@/lib/screen-answers';
import { takeBootstrapResponse } from './early-requests';

/**
 * The session query's first answer (issue 11 §3): GET /api/bootstrap answers who is signed in, their unread count
 * and the categories at once, and each goes into the cache under the key its own query uses, so a cold load asks
 * only for the screen's data after it. The entry started the request already (early-requests.ts); this module (the
 * API client and zod) arrives apart from the shell and reads that answer.
 */
export async function fetchBootstrap(queryClient: QueryClient) {
  const boot = await api('/api/bootstrap', { schema: bootstrapResponse, response: takeBootstrapResponse() });
  queryClient.setQueryData(categoryKeys.all, { items: boot.categories });
  if (boot.unreadCount !== null) queryClient.setQueryData(chatKeys.unread(), { count: boot.unreadCount });
  // The screen's own first request came along: its query reads it as if it had asked (lib/screen-answers.ts).
  if (boot.screen) {
    const { url, status, body } = boot.screen;
    provideScreenResponse(url, new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  }
  return boot.user;
}
