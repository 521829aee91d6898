import { authRoutes } from '@app/shared/auth/auth.routes';
import type { Me } from '@app/shared/auth/auth.schemas';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { meKeys } from '@/lib/session-cache';

/**
 * The signed-in person, or null when nobody is signed in. Asks GET /api/auth/session, which answers 200 with
 * null when signed out (so public pages log no 401); a 401 from anywhere still means "signed out".
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    const { user } = await call(authRoutes.session);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meKeys.me, queryFn: fetchMe, staleTime: 30_000 });
}
