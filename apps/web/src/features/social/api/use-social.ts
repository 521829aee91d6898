import { socialRoutes } from '@app/shared/social/social.routes';
import type {
  FetchAccountResponse,
  PlatformSettingsInput,
  SocialOverview,
  SocialPlatform,
} from '@app/shared/social/social.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';

export const socialKeys = {
  all: ['social'] as const,
  overview: () => [...socialKeys.all, 'overview'] as const,
};

export function useSocialOverview() {
  return useQuery({
    queryKey: socialKeys.overview(),
    queryFn: ({ signal }) => call(socialRoutes.overview, { signal }),
  });
}

/** Writes one platform's account into the cached overview (the answer is the server's own view of it). */
function useStoreAccount() {
  const queryClient = useQueryClient();
  return (account: SocialOverview['accounts'][number]) =>
    queryClient.setQueryData<SocialOverview>(socialKeys.overview(), (prev) =>
      prev
        ? {
            ...prev,
            accounts: [...prev.accounts.filter((a) => a.platform !== account.platform), account],
          }
        : prev,
    );
}

/**
 * Fetch: the server resolves the handle and issues a code. TikTok and Instagram answer with the platform's consent
 * screen, where the browser goes next (it comes back to Settings or the wizard).
 */
export function useFetchAccount(platform: SocialPlatform, returnTo: 'settings' | 'wizard') {
  const { t } = useTranslation();
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (handle: string) => call(socialRoutes.fetch, { params: { platform }, body: { handle, returnTo } }),
    onSuccess: (res: FetchAccountResponse) => {
      store(res.account);
      if (res.authorizeUrl) window.location.assign(res.authorizeUrl);
    },
    onError: (error) =>
      toast({
        title: t('social.startFailed'),
        description: failureReason(error, t('errors.generic')),
        variant: 'destructive',
      }),
  });
}

export function useVerifyAccount(platform: SocialPlatform) {
  const { t } = useTranslation();
  const store = useStoreAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(socialRoutes.verify, { params: { platform } }),
    onSuccess: (res) => {
      store(res.account);
      toast({ title: t('common.success'), description: res.message, variant: 'success' });
    },
    onError: (error) => {
      // The state may have moved (expired → failed, counts read): show what the server now has.
      void queryClient.invalidateQueries({ queryKey: socialKeys.overview() });
      const code = (error as { code?: string }).code;
      toast({
        title: code === 'CODE_NOT_FOUND' ? t('social.verificationFailed') : t('social.verifyFailed'),
        // A refusal the person can act on says why; anything else is the spec's generic verification error.
        description: failureReason(error, t('social.verifyError')),
        variant: 'destructive',
      });
    },
  });
}

export function useSavePlatformSettings(platform: SocialPlatform) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettingsInput) => call(socialRoutes.saveSettings, { params: { platform }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<SocialOverview>(socialKeys.overview(), (prev) =>
        prev ? { ...prev, settings: prev.settings.map((s) => (s.platform === platform ? saved : s)) } : prev,
      );
      toast({ title: t('social.saved', { platform: t(`platforms.${platform}`) }), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('social.saveFailed'),
        description: failureReason(error, t('errors.generic')),
        variant: 'destructive',
      }),
  });
}
