import type { ChangePasswordInput } from '@app/shared/auth/auth.schemas';
import { DEACTIVATION_PHRASE } from '@app/shared/constants';
import { avatarResponse, updateProfileResponse } from '@app/shared/profiles/profile.schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, upload } from '@/lib/api-client';

export type ProfileBody = { name: string; lastname: string; mobile?: string; email: string };

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileBody) => api('/api/me/profile', { method: 'PATCH', body, schema: updateProfileResponse }),
  });
}

/** Avatar upload with its progress (0 to 1) for the progress bar. */
export function useUploadAvatar() {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file);
      return upload('/api/me/avatar', form, avatarResponse, setProgress);
    },
  });
  return { ...mutation, progress };
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api('/api/me/password', { method: 'POST', body }),
  });
}

export function useDeactivateAccount() {
  return useMutation({
    mutationFn: () => api('/api/me/deactivate', { method: 'POST', body: { confirmation: DEACTIVATION_PHRASE } }),
  });
}
