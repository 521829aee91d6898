import type { ChangePasswordInput, Me } from '@app/shared/auth/auth.schemas';
import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { avatarResponse, type UpdateProfileInput, updateProfileResponse } from '@app/shared/profiles/profile.schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { api, upload } from '@/lib/api-client';

// Cache updates and toasts are in the hooks' own onSuccess/onError: TanStack Query drops the callbacks given to
// mutate() once the component unmounts, and a person may leave the section before the server answers.

/** Patches the signed-in person in the session cache (the route owns the cache). */
export type OnUserUpdated = (patch: Partial<Me>) => void;

export function useUpdateProfile({ onUserUpdated }: { onUserUpdated: OnUserUpdated }) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) =>
      api('/api/me/profile', { method: 'PATCH', body, schema: updateProfileResponse }),
    onSuccess: ({ user, emailChangePending, emailChanged }) => {
      onUserUpdated(user);
      // Spec §8's three outcomes: a verified address waits for its link, an unverified one changed at once.
      toast(
        emailChangePending
          ? { title: t('settings.profile.emailPending'), variant: 'default' }
          : emailChanged
            ? { title: t('settings.profile.emailChanged'), variant: 'success' }
            : { title: t('settings.profile.success'), variant: 'success' },
      );
    },
    onError: (error) =>
      toast({
        title: t('common.error'),
        description: t('settings.profile.failed'),
        detail: error.message,
        variant: 'destructive',
      }),
  });
}

/** Avatar upload with its progress (0 to 1) for the progress bar. */
export function useUploadAvatar({ onUserUpdated }: { onUserUpdated: OnUserUpdated }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file);
      return upload('/api/me/avatar', form, avatarResponse, setProgress);
    },
    onSuccess: ({ avatarUrl }) => {
      onUserUpdated({ avatarUrl });
      toast({ title: t('settings.profile.avatar.success'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('common.error'),
        description: t('settings.profile.avatar.failed'),
        detail: error.message,
        variant: 'destructive',
      }),
  });
  return { ...mutation, progress };
}

export function useChangePassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api('/api/me/password', { method: 'POST', body }),
    onSuccess: () => toast({ title: t('settings.security.success'), variant: 'success' }),
    onError: (error) =>
      toast({
        title: t('common.error'),
        description: t('settings.security.failed'),
        detail: error.message,
        variant: 'destructive',
      }),
  });
}

/** After success `onDeactivated` runs even if the section has gone; the caller signs the person out. */
export function useDeactivateAccount({ onDeactivated }: { onDeactivated: () => void }) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => api('/api/me/deactivate', { method: 'POST', body: { confirmation: DEACTIVATION_PHRASE } }),
    onSuccess: () => {
      toast({
        title: t('settings.account.deactivatedTitle'),
        description: t('settings.account.deactivatedDescription'),
        variant: 'success',
      });
      onDeactivated();
    },
    onError: () =>
      toast({ title: t('common.error'), description: t('settings.account.failed'), variant: 'destructive' }),
  });
}
