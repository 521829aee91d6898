import { type Me, meResponse, type RegisterInput, type SignInInput } from '@app/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { meKeys } from './use-me';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInInput) => api('/api/auth/sign-in', { method: 'POST', body, schema: meResponse }),
    onSuccess: ({ user }) => {
      // Seed the session before navigating so the protected routes see the user at once.
      queryClient.setQueryData(meKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: meKeys.me });
    },
  });
}

/** The register body as the API takes it: the shared schema's input, with the terms accepted. */
export type RegisterBody = Omit<RegisterInput, 'acceptTerms'> & { acceptTerms: true };

export function useRegister({ signedIn }: { signedIn: boolean }) {
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      // Whoever is signed in on this browser leaves first, so the new account does not inherit the session.
      if (signedIn) await api('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined);
      return api('/api/auth/register', { method: 'POST', body, schema: meResponse });
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api('/api/auth/resend-verification', { method: 'POST', body: { email } }),
  });
}

/** Ends the session in this tab: to /auth, with no cached data from the previous person left behind. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // Signed out first (every session observer hears it), then everything else cached is dropped.
    void queryClient.cancelQueries();
    queryClient.setQueryData<Me | null>(meKeys.me, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKeys.me[0] });
    navigate(paths.auth.href(), { replace: true });
  }, [navigate, queryClient]);
}

/** Sign-out always ends at /auth, also when the request fails (the failure is logged). */
export function useSignOut() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST' }),
    onSuccess: () => toast({ title: t('auth.logout.success'), variant: 'success' }),
    onError: (error) => {
      console.warn('Sign-out failed; ending the local session anyway', error);
      toast({ title: t('auth.logout.failed'), description: error.message, variant: 'destructive' });
    },
    onSettled: endSession,
  });
}
