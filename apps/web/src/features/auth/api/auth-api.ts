import { authRoutes } from '@app/shared/auth/auth.routes';
import type { RegisterInput, SignInInput } from '@app/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { call } from '@/lib/api-client';
import { failureReason } from '@/lib/failure';
import { useNavigate } from '@/lib/router';
import { meKeys, removePersonalQueries, useEndSession } from '@/lib/session-cache';
import { useTranslation } from '@/lib/use-translation';

// Side effects that must happen even if the form that asked has gone (a tab switched, a dialog closed) live in
// the hooks' own onSuccess/onError: TanStack Query drops the callbacks given to mutate() once its component unmounts.

export function useSignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: SignInInput) => call(authRoutes.signIn, { body }),
    onSuccess: ({ user }) => {
      // Nothing cached for whoever used this tab before may show for this person.
      removePersonalQueries(queryClient);
      // Seed the session before navigating so the protected routes see the user at once.
      queryClient.setQueryData(meKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: meKeys.me });
      void navigate(paths.root.href(), { replace: true });
    },
    onError: (error) => toast({ title: t('common.error'), description: error.message, variant: 'destructive' }),
  });
}

/**
 * Sign-up. Whoever is signed in on this browser is signed out by the server before it creates the account, so
 * the new account never inherits a session. After it, a full page load of / (spec §2) unless `onRegistered` is given.
 */
export function useRegister({ onRegistered }: { onRegistered?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInput) => call(authRoutes.register, { body }),
    onSuccess: () => (onRegistered ? onRegistered() : window.location.assign(paths.root.href())),
    onError: () => {
      // The previous session may have ended even though the account was not created: ask again who is signed in.
      if (queryClient.getQueryData(meKeys.me)) void queryClient.invalidateQueries({ queryKey: meKeys.me });
    },
  });
}

export function useResendVerification() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (email: string) => call(authRoutes.resendVerification, { body: { email } }),
    onSuccess: () =>
      toast({ title: t('auth.resend.sentTitle'), description: t('auth.resend.sentDescription'), variant: 'success' }),
  });
}

/** Sign-out always ends at /auth, also when the request fails (the failure is logged). */
export function useSignOut() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  return useMutation({
    mutationFn: () => call(authRoutes.signOut),
    // Both outcomes end at /auth, which they report.
    onSuccess: () => toast({ title: t('auth.logout.success'), variant: 'success', followsNavigation: true }),
    onError: (error) => {
      console.warn('Sign-out failed; ending the local session anyway', error);
      toast({
        title: t('common.error'),
        description: failureReason(error, t('auth.logout.failed')),
        variant: 'destructive',
        followsNavigation: true,
      });
    },
    onSettled: () => endSession(),
  });
}
