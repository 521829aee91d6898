import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The client's open campaigns as seen for one influencer (invited? applied?). Under the feature's 'invitations' root,
 * so invalidating every invitation query refreshes these too.
 */
export const invitableKeys = {
  all: ['invitations', 'invitable'] as const,
  forInfluencer: (influencerId: string) => [...invitableKeys.all, influencerId] as const,
};

export function useInvitableCampaigns(influencerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitableKeys.forInfluencer(influencerId),
    queryFn: ({ signal }) => call(influencerRoutes.invitableCampaigns, { params: { id: influencerId }, signal }),
    enabled,
    select: (data) => data.items,
  });
}
