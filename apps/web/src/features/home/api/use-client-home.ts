import { clientHome } from '@app/shared/influencers/influencer.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const homeKeys = { all: ['home'] as const, client: () => [...homeKeys.all, 'client'] as const };

/** Client Home's counts and Top Influencers, in one request. */
export function useClientHome() {
  return useQuery({
    queryKey: homeKeys.client(),
    queryFn: ({ signal }) => api('/api/home', { schema: clientHome, signal }),
  });
}
