import { invitationRoutes } from '@app/shared/invitations/invitation.routes';
import type { CreateInvitationInput, invitableCampaigns } from '@app/shared/invitations/invitation.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';
import { unverifiedInfluencerReason } from '@/lib/hire-refusal';
import { useTranslation } from '@/lib/use-translation';
import { invitableKeys } from './use-invitable-campaigns';

/**
 * Sends one invitation. The toasts and the update of the dialog's campaign list are here, so they happen even if the
 * dialog is gone by the time the server answers. A refusal (already invited, campaign closed) refreshes the list
 * too: it was out of date.
 */
export function useSendInvitation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationInput) => call(invitationRoutes.create, { body }),
    onSuccess: (invitation) => {
      // The list is only fetched while the dialog is open; mark the campaign now so a reopened dialog never offers
      // it again, even before its refetch answers.
      queryClient.setQueryData<z.infer<typeof invitableCampaigns>>(
        invitableKeys.forInfluencer(invitation.influencerId),
        (old) =>
          old && {
            items: old.items.map((c) => (c.id === invitation.campaignId ? { ...c, invited: true } : c)),
          },
      );
      toast({
        title: t('influencers.invite.sentTitle'),
        description: t('influencers.invite.sentDescription'),
        variant: 'success',
      });
    },
    onError: (error) => {
      // Messages about fields are shown under them by the dialog.
      if (hasFieldErrors(error)) return;
      toast({
        title: t('common.error'),
        description: unverifiedInfluencerReason(error, t) ?? failureReason(error, t('influencers.invite.failed')),
        variant: 'destructive',
      });
    },
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: invitableKeys.forInfluencer(body.influencerId) }),
  });
}
