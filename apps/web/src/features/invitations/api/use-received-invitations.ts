import { applicationRoutes } from '@app/shared/applications/application.routes';
import { ERROR_CODES } from '@app/shared/errors';
import { invitationRoutes } from '@app/shared/invitations/invitation.routes';
import type { ReceivedInvitation } from '@app/shared/invitations/invitation.schemas';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { ApiError, call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';

type Page = { items: ReceivedInvitation[]; nextCursor: string | null };

/** The influencer's pending invitations. Under 'invitations', so anything that invalidates invitations reaches it. */
export const receivedInvitationKeys = {
  all: ['invitations', 'received'] as const,
};

const PAGE_SIZE = 10;

export function useReceivedInvitations() {
  return useInfiniteQuery({
    queryKey: receivedInvitationKeys.all,
    queryFn: ({ pageParam, signal }) =>
      call(invitationRoutes.received, { query: { limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Takes one invitation out of the cached pages at once (the refetch that follows confirms it). */
function useDropInvitation() {
  const queryClient = useQueryClient();
  return (invitationId: string) => {
    queryClient.setQueryData<InfiniteData<Page>>(receivedInvitationKeys.all, (prev) =>
      prev
        ? { ...prev, pages: prev.pages.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== invitationId) })) }
        : prev,
    );
    void queryClient.invalidateQueries({ queryKey: receivedInvitationKeys.all });
  };
}

/**
 * Apply straight from an invitation: one step, the same application as on the campaign's page (the server marks the
 * invitation applied). `onApplied` lets the page refresh what shows the campaign (its card says Applied).
 */
export function useApplyFromInvitation({ onApplied }: { onApplied?: (campaignId: string) => void } = {}) {
  const { t } = useTranslation();
  const drop = useDropInvitation();
  return useMutation({
    mutationFn: (invitation: ReceivedInvitation) =>
      call(applicationRoutes.apply, { params: { id: invitation.campaign.id } }),
    onSuccess: (_, invitation) => {
      drop(invitation.id);
      onApplied?.(invitation.campaign.id);
      toast({
        title: t('campaigns.apply.success'),
        description: t('campaigns.apply.successDescription'),
        variant: 'success',
      });
    },
    onError: (error, invitation) => {
      // Applied already, or the campaign closed meanwhile: either way the invitation is no longer an open question.
      if (
        error instanceof ApiError &&
        (error.code === ERROR_CODES.ALREADY_APPLIED || error.code === ERROR_CODES.CAMPAIGN_NOT_OPEN)
      ) {
        drop(invitation.id);
        onApplied?.(invitation.campaign.id);
      }
      if (error instanceof ApiError && error.code === ERROR_CODES.ALREADY_APPLIED) {
        toast({ title: t('campaigns.apply.already') });
        return;
      }
      toast({
        title: t('campaigns.apply.failed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}

export function useDeclineInvitation() {
  const { t } = useTranslation();
  const drop = useDropInvitation();
  return useMutation({
    mutationFn: (invitation: ReceivedInvitation) => call(invitationRoutes.decline, { params: { id: invitation.id } }),
    onSuccess: (_, invitation) => {
      drop(invitation.id);
      toast({ title: t('campaigns.invitations.declined') });
    },
    onError: (error, invitation) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.INVITATION_NOT_PENDING) drop(invitation.id);
      toast({
        title: t('campaigns.invitations.declineFailed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}
