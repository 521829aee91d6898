import { accountRoutes } from '@app/shared/auth/auth.routes';
import type { SignupRole } from '@app/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { useNavigate } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { useTranslation } from '@/lib/use-translation';

/**
 * Ends wizard 3: the server sets is_onboarded and answers with the updated person, who becomes the session before
 * the wizard is left for `landingHref` (so the landing page sees them onboarded). The effects are the hook's own,
 * so they happen even if the wizard is gone by the time the server answers.
 */
export function useCompleteOnboarding({ role, landingHref }: { role: SignupRole; landingHref: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(accountRoutes.completeOnboarding),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(meKeys.me, user);
      toast({
        title: t('onboarding.success.title'),
        description: t(`onboarding.success.${role}`),
        variant: 'success',
        followsNavigation: true,
      });
      void navigate(landingHref, { replace: true });
    },
    onError: () => toast({ title: t('common.error'), description: t('onboarding.failed'), variant: 'destructive' }),
  });
}
