import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { influencerKeys } from './influencer-keys';

/**
 * A profile that does not exist or is inactive (404), or an address whose id is not an id at all (400): the page says
 * 'Influencer not found' instead of treating it as a failed load.
 */
export const isProfileMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function useInfluencerProfile(id: string) {
  return useQuery({
    queryKey: influencerKeys.profile(id),
    queryFn: ({ signal }) => call(influencerRoutes.profile, { params: { id }, signal }),
  });
}
