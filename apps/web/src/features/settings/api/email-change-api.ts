import { accountRoutes } from '@app/shared/auth/auth.routes';
import type { EmailChangeDto } from '@app/shared/auth/email-change.schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useTranslation } from '@/lib/use-translation';

/** Not under 'me': a sign-out drops it with the other personal answers. */
export const emailChangeKey = ['account', 'email-change'] as const;

/** The e-mail change waiting for its link (issue 27), if any. */
export function useEmailChange() {
  return useQuery({ queryKey: emailChangeKey, queryFn: ({ signal }) => call(accountRoutes.emailChange, { signal }) });
}

/** After the profile asked for a new address: the pending change is read again. */
export const refreshEmailChange = (qc: QueryClient) => qc.invalidateQueries({ queryKey: emailChangeKey });

export function useResendEmailChange() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountRoutes.resendEmailChange),
    onSuccess: (data: EmailChangeDto) => {
      qc.setQueryData(emailChangeKey, data);
      toast({ title: t('settings.profile.pendingEmail.resent', { email: data.pendingEmail }), variant: 'success' });
    },
    onError: (error) => {
      void refreshEmailChange(qc);
      toast({
        title: t('settings.profile.pendingEmail.resendFailed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}

export function useCancelEmailChange() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountRoutes.cancelEmailChange),
    onSuccess: (data: EmailChangeDto) => {
      qc.setQueryData(emailChangeKey, data);
      toast({ title: t('settings.profile.pendingEmail.canceled'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('settings.profile.pendingEmail.cancelFailed'),
        description: failureReason(error),
        variant: 'destructive',
      }),
  });
}
