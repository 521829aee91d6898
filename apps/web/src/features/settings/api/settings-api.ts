import { accountRoutes } from '@app/shared/auth/auth.routes';
import type { ChangePasswordInput, deactivateInput, Me } from '@app/shared/auth/auth.schemas';
import { routeUrl } from '@app/shared/common/route';
import { profileRoutes } from '@app/shared/profiles/profile.routes';
import type { UpdateProfileInput } from '@app/shared/profiles/profile.schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast-store';
import { ApiError, call, upload } from '@/lib/api-client';
import { failureReason, hasFieldErrors } from '@/lib/failure';
import { meKeys, sessionEnding, sessionRenewing, useEndSession } from '@/lib/session-cache';
import { useTranslation } from '@/lib/use-translation';
import { refreshEmailChange } from './email-change-api';

// Cache updates and toasts are in the hooks' own onSuccess/onError: TanStack Query drops the callbacks given to
// mutate() once the component unmounts, and a person may leave the section before the server answers.

/** Spec §4: the account is deactivated, then the person is signed out after 2 s. */
const LOGOUT_AFTER_DEACTIVATION_MS = 2000;

/** Patches the cached person as it is by then, not the one the screen saw (another answer may have come first). */
const patchSession = (queryClient: QueryClient, patch: Partial<Me>) =>
  queryClient.setQueryData<Me | null>(meKeys.me, (prev) => prev && { ...prev, ...patch });

export function useUpdateProfile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) => call(profileRoutes.update, { body }),
    onSuccess: ({ user, emailChangePending }) => {
      patchSession(queryClient, user);
      if (emailChangePending) void refreshEmailChange(queryClient);
      // Every new address waits for its link (spec §5), so 'Profile and email updated successfully' cannot happen.
      toast(
        emailChangePending
          ? { title: t('settings.profile.emailPending'), variant: 'default' }
          : { title: t('settings.profile.success'), variant: 'success' },
      );
    },
    onError: (error) => {
      // Messages about fields are shown under them by the form: one message, not the same one twice.
      if (hasFieldErrors(error)) return;
      toast({
        title: t('settings.profile.failed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}

/** Avatar upload with its progress (0 to 1) for the progress bar. */
export function useUploadAvatar() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file);
      return upload<z.output<(typeof profileRoutes.avatar.response)[200]>>(
        routeUrl(profileRoutes.avatar),
        form,
        setProgress,
      );
    },
    onSuccess: ({ avatarUrl }) => {
      patchSession(queryClient, { avatarUrl });
      toast({ title: t('settings.profile.avatar.success'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('settings.profile.avatar.failed'),
        description: failureReason(error),
        variant: 'destructive',
      }),
  });
  return { ...mutation, progress };
}

export function useChangePassword() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    // The server ends every session and gives this tab a new one: a request answered 401 meanwhile (it carried the
    // old cookie) does not sign the person out, nor does the socket the server closes (session-cache.ts).
    onMutate: () => ({ renewal: sessionRenewing(queryClient) }),
    mutationFn: (body: ChangePasswordInput) => call(accountRoutes.changePassword, { body }),
    onSettled: (_data, _error, _body, context) => context?.renewal.done(),
    onSuccess: () => toast({ title: t('settings.security.success'), variant: 'success' }),
    onError: (error) => {
      if (hasFieldErrors(error)) return;
      toast({
        title: t('settings.security.failed'),
        description: failureReason(error),
        variant: 'destructive',
      });
    },
  });
}

/**
 * Sends the phrase the person typed (the server checks it). After success the sign-out follows 2 s later, whatever
 * screen the person is on by then.
 */
export function useDeactivateAccount() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: z.output<typeof deactivateInput>['confirmation']) =>
      call(accountRoutes.deactivate, { body: { confirmation } }),
    onMutate: () => sessionEnding(queryClient),
    onSuccess: () => {
      toast({
        title: t('settings.account.deactivatedTitle'),
        description: t('settings.account.deactivatedDescription'),
        variant: 'success',
        // It announces the sign-out that follows.
        followsNavigation: true,
      });
      endSession({ afterMs: LOGOUT_AFTER_DEACTIVATION_MS });
    },
    onError: (error, _confirmation, ending) => {
      ending?.stillHere();
      // Open orders are listed in the section itself (issue 23 §2), with links to each.
      if (error instanceof ApiError && error.code === 'ACCOUNT_HAS_OPEN_ORDERS') return;
      toast({ title: t('common.error'), description: t('settings.account.failed'), variant: 'destructive' });
    },
  });
}
