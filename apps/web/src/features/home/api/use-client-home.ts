import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const homeKeys = { all: ['home'] as const, client: () => [...homeKeys.all, 'client'] as const };

/** Client Home's counts and Top Influencers, in one request. */
export function useClientHome() {
  return useQuery({
    queryKey: homeKeys.client(),
    queryFn: ({ signal }) => call(influencerRoutes.home, { signal }),
  });
}
