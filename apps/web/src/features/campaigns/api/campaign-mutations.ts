import { applicationRoutes } from '@app/shared/applications/application.routes';
import { campaignRoutes } from '@app/shared/campaigns/campaign.routes';
import type { CampaignDetail, CreateCampaignInput } from '@app/shared/campaigns/campaign.schemas';
import { ERROR_CODES } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { ApiError, call } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';
import { unverifiedInfluencerReason } from '@/lib/hire-refusal';
import { useTranslation } from '@/lib/use-translation';
import { campaignKeys } from './campaign-keys';

// Cache updates and toasts live in the hooks' own callbacks: TanStack Query drops the ones given to mutate() once
// the component unmounts, and a person may leave the screen before the server answers. Callers use mutate()'s
// callbacks only for their own form or for a navigation that makes sense only while they are still there.

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

export function useCreateCampaign() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignInput) => call(campaignRoutes.create, { body }),
    onSuccess: (campaign) => {
      // The detail screen opens from the cache, without a second request.
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      toast({
        title: t('campaigns.createDialog.success'),
        description: t('campaigns.createDialog.successDescription'),
        variant: 'success',
        // The dialog then opens the new campaign's page, where this belongs.
        followsNavigation: true,
      });
    },
    onError: (error) => {
      // Messages about fields are shown under them by the dialog: one message, not the same one twice.
      if (hasFieldErrors(error)) return;
      toast({
        title: t('campaigns.createDialog.failed'),
        description: failureReason(error, t('campaigns.createDialog.failedDescription')),
        variant: 'destructive',
      });
    },
  });
}

/** An influencer applies to a campaign (once: a second try is answered 409 ALREADY_APPLIED). */
export function useApplyToCampaign(campaignId: string, onApplied?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
  return useMutation({
    mutationFn: () => call(applicationRoutes.apply, { params: { id: campaignId } }),
    onSuccess: ({ application }) => {
      queryClient.setQueryData<CampaignDetail>(
        campaignKeys.detail(campaignId),
        (prev) => prev && { ...prev, displayStatus: 'open', viewer: { ...prev.viewer, application, canApply: false } },
      );
      refresh();
      onApplied?.();
      toast({
        title: t('campaigns.apply.success'),
        description: t('campaigns.apply.successDescription'),
        variant: 'success',
      });
    },
    onError: (error) => {
      refresh();
      // Applied already (another tab, an invitation): the screen catches up instead of reporting a failure.
      if (isCode(error, ERROR_CODES.ALREADY_APPLIED)) {
        onApplied?.();
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

export type Decision = 'accept' | 'reject';

/** The campaign's owner accepts (hires: order and chat are created) or rejects one pending application. */
export function useDecideApplication(campaignId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
  return useMutation({
    mutationFn: ({ applicationId, decision }: { applicationId: string; decision: Decision }) =>
      call(applicationRoutes[decision], { params: { id: applicationId } }),
    onSuccess: (_, { decision }) => {
      refresh();
      toast(
        decision === 'accept'
          ? {
              title: t('campaigns.applications.accepted'),
              description: t('campaigns.applications.acceptedDescription'),
              variant: 'success',
            }
          : { title: t('campaigns.applications.rejected') },
      );
    },
    onError: (error) => {
      // Someone else decided first (another tab): show what is true now.
      refresh();
      toast({
        title: t('campaigns.applications.failed'),
        // Not hireable yet (an unconfirmed address): the brand reads why and what to ask of the influencer.
        description: unverifiedInfluencerReason(error, t) ?? failureReason(error),
        variant: 'destructive',
      });
    },
  });
}

export function useDeleteCampaign() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => call(campaignRoutes.remove, { params: { id: campaignId } }),
    onSuccess: (_, campaignId) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(campaignId), exact: true });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      // The detail screen then returns to the list, where this belongs.
      toast({ title: t('campaigns.delete.success'), variant: 'success', followsNavigation: true });
    },
    onError: (error, campaignId) => {
      // A payment may have arrived since the page loaded: the button goes when the detail says so.
      if (isCode(error, ERROR_CODES.CAMPAIGN_HAS_PAID_ORDER)) {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
      }
      toast({
        title: t('campaigns.delete.failed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}
